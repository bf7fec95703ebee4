import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '#shared/schemas/users';
import type { AppConfig, AppDeps } from '../app-context';
import { buildApp } from '../app';
import { signSessionToken } from '../auth/sessions';
import { ownerTag } from '../features/uploads/uploads-service';
import type { Database } from '../db/client';
import { fixedClock } from '../providers/clock/clock';
import { memoryMail, type MailProvider } from '../providers/mail/mail';
import { sandboxPayments } from '../providers/payments/sandbox-payments';
import { diskStorage } from '../providers/storage/disk-storage';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: ReturnType<typeof fixedClock>;
  storage: ReturnType<typeof diskStorage>;
  storageDir: string;
  config: AppConfig;
  /** The mail provider the app uses (an in-memory one unless the test file hands in another). */
  mail: MailProvider;
}

export const TEST_NOW = '2026-11-21T10:00:00.000Z';
/** The app's public URL in tests; send it as `origin` on cookie-authenticated Better Auth POSTs (sign-out ...). */
export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicUrl: TEST_ORIGIN,
    extraTrustedOrigins: [],
    production: false,
    authSecret: 'stayhub-test-secret-0123456789-abcdefghijklmnop',
    adminEmails: [],
    google: null,
    mailFrom: 'StayHub <no-reply@stayhub.test>',
    ...overrides,
  };
}

/** Builds the app on a fresh database for this test file; closes everything after the file. */
export function useTestApp(overrides: (t: Omit<TestApp, 'app'>) => Partial<AppDeps> = () => ({})): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const storageDir = mkdtempSync(join(tmpdir(), 'stayhub-storage-'));
    const storage = diskStorage(storageDir);
    const clock = fixedClock(TEST_NOW);
    Object.assign(holder, {
      database,
      db: database.db,
      clock,
      storage,
      storageDir,
      config: testConfig(),
      mail: memoryMail(),
    });
    const extra = overrides(holder);
    if (extra.config) holder.config = extra.config;
    if (extra.mail) holder.mail = extra.mail;
    holder.app = await buildApp({
      db: database.db,
      clock,
      storage,
      config: holder.config,
      mail: holder.mail,
      payments: sandboxPayments({ db: database.db, clock }),
      // A live message stream ends soon, so app.inject (which waits for the end) answers.
      messageStream: { maxMs: 100 },
      // Answers are checked against their schemas; CHECK_RESPONSES=false runs a suite the production way (ADR 0014).
      checkResponses: process.env.CHECK_RESPONSES !== 'false',
      ...extra,
    });
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
    if (holder.storageDir) rmSync(holder.storageDir, { recursive: true, force: true });
  });
  return holder;
}

// ---------------------------------------------------------------------------
// Acting as a user in API tests.
//
//   const guest = await signInAs(t.app, 'guest');          // role null
//   const host = await signInAs(t.app, 'host', { email: 'h@example.test' });
//   await t.app.inject({ method: 'GET', url: '/api/users', headers: host.headers });  // cookie
//   await t.app.inject({ method: 'GET', url: '/api/users', headers: host.bearer });   // Authorization: Bearer
//   const { cookie, user } = await signUp(t.app, { password: 'long enough 1' });     // through Better Auth
// ---------------------------------------------------------------------------

export type Actor = 'anonymous' | 'guest' | 'requested' | 'host' | 'otherHost' | 'admin';
export type SignedInRole = 'guest' | 'requested' | 'host' | 'admin';

export interface SignedIn {
  user: { id: string; email: string; name: string; role: Role };
  /** `name=value` of the session cookie. */
  cookie: string;
  /** Headers to spread into app.inject: `{ cookie }`. */
  headers: { cookie: string };
  /** The signed session token (what PUT /api/user/:email {email} answers). */
  token: string;
  /** Headers for API-client style calls: `{ authorization: 'Bearer <token>' }`. */
  bearer: { authorization: string };
}

async function sessionFor(app: FastifyInstance, user: SignedIn['user']): Promise<SignedIn> {
  const ctx = await app.auth.$context;
  const session = await ctx.internalAdapter.createSession(user.id);
  const token = signSessionToken(session.token, ctx.secret);
  const cookie = `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(token)}`;
  return { user, cookie, headers: { cookie }, token, bearer: { authorization: `Bearer ${token}` } };
}

/**
 * A verified user with the given role and a fresh session, created directly
 * (no password hashing, so it is fast). `requested` users also get a location
 * and a document URL of theirs (not stored: put a file at that key if a test reads it).
 */
export async function signInAs(
  app: FastifyInstance,
  role: SignedInRole,
  overrides: { email?: string; name?: string; location?: string; docImage?: string } = {},
): Promise<SignedIn> {
  const ctx = await app.auth.$context;
  const id = randomUUID().slice(0, 8);
  const created = await ctx.internalAdapter.createUser(
    {
      email: (overrides.email ?? `${role}-${id}@example.test`).toLowerCase(),
      name: overrides.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${id}`,
      emailVerified: true,
      role: role === 'guest' ? null : role,
      location: overrides.location ?? (role === 'requested' ? 'Porto, Portugal' : null),
      docImage: overrides.docImage ?? null,
    },
    { method: 'admin' },
  );
  if (role === 'requested' && !overrides.docImage) {
    // The URL form the upload endpoint makes for this user (the file itself is not stored).
    const docImage = `/api/documents/doc-${ownerTag(created.id)}-${randomBytes(16).toString('hex')}.webp`;
    await ctx.internalAdapter.updateUser(created.id, { docImage });
  }
  const user = { id: created.id, email: created.email, name: created.name, role: role === 'guest' ? null : role };
  return sessionFor(app, user);
}

/** The session cookie set by a Better Auth response, as `name=value` (null when none or cleared). */
export function sessionCookieFrom(res: LightMyRequestResponse): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const line of list) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name?.endsWith('session_token') && value) return `${name}=${value}`;
  }
  return null;
}

/** Registers through Better Auth (POST /api/auth/sign-up/email), so the password is real. */
export async function signUp(
  app: FastifyInstance,
  overrides: { email?: string; name?: string; password?: string; image?: string; callbackURL?: string } = {},
): Promise<SignedIn & { password: string; response: LightMyRequestResponse }> {
  const id = randomUUID().slice(0, 8);
  const password = overrides.password ?? `password-${id}`;
  const body = {
    name: overrides.name ?? `New user ${id}`,
    email: overrides.email ?? `new-${id}@example.test`,
    password,
    ...(overrides.image ? { image: overrides.image } : {}),
    ...(overrides.callbackURL ? { callbackURL: overrides.callbackURL } : {}),
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const json = response.json() as { token: string; user: { id: string; email: string; name: string } };
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error('sign-up set no session cookie');
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return {
    user: { id: json.user.id, email: json.user.email, name: json.user.name, role: null },
    cookie,
    headers: { cookie },
    token,
    bearer: { authorization: `Bearer ${token}` },
    password,
    response,
  };
}

/** Signs in through Better Auth with email and password. */
export function signInWithPassword(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });
}
