/**
 * The routes the API fuzz test (src/server/fuzz.test.ts) walks: the OpenAPI document's operations
 * plus Better Auth's endpoints, the actors that call them, and the real ids their examples use.
 */
import { randomBytes } from 'node:crypto';
import { calendarImports } from '../db/schema';
import { feedTokenOf } from '../features/calendar-sync/feed-export';
import { ownerTag } from '../features/uploads/uploads-service';
import { homeBlocks } from '../db/schema';
import { insertBooking, insertHome } from './factories';
import { signInAs, type SignedIn, type TestApp } from './test-app';

export type Json = Record<string, unknown>;
export type Actor = 'anonymous' | 'guest' | 'host' | 'admin';
export const ACTORS: Actor[] = ['anonymous', 'guest', 'host', 'admin'];

export interface Param {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Json;
}
export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/home/{id}`. */
  path: string;
  params: Param[];
  body: Json | null;
  multipart?: boolean;
}

/* ---------------- What the fuzzer knows about the running app ---------------- */

/** The OpenAPI document (the test sets it), the signed-in actors and real ids (`signInActors`); read while cases are generated. */
export const known = {
  spec: {} as Json,
  who: {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>,
  homeId: '',
  bookingId: '',
  blockId: '',
  /** A guest's review of an ended stay (reply target). */
  reviewId: '',
  documentKey: '',
  /** A calendar import of the host's home (its feed is on loopback: a sync is refused at once) and the home's feed token. */
  importId: '',
  feedToken: '',
  conversationId: '',
};

/** Signs in a guest, a host and an admin and makes a home, a held booking and a block of theirs (the real ids cases use). */
export async function signInActors(t: TestApp) {
  const [guest, host, admin] = await Promise.all([
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'admin'),
  ]);
  known.who = { guest: guest!, host: host!, admin: admin! };
  const home = await insertHome(t.db, { hostId: known.who.host.user.id, hostEmail: known.who.host.user.email });
  known.homeId = home.id;
  known.bookingId = (
    await insertBooking(t.db, home, {
      guestId: known.who.guest.user.id,
      guestEmail: known.who.guest.user.email,
      status: 'held',
    })
  ).id;
  // A host's block on that home (the calendar routes' blockId).
  const [block] = await t.db
    .insert(homeBlocks)
    .values({ homeId: home.id, stay: '[2027-01-10,2027-01-12)', source: 'host', note: 'Fuzz' })
    .returning();
  known.blockId = block!.id;
  const inquiry = await t.app.inject({
    method: 'POST',
    url: `/api/home/${home.id}/inquiries`,
    headers: known.who.guest.headers,
    payload: { text: 'Is there parking?' },
  });
  known.conversationId = (inquiry.json() as { conversationId: string }).conversationId;
  const ended = await insertBooking(t.db, home, {
    guestId: known.who.guest.user.id,
    guestEmail: known.who.guest.user.email,
    checkIn: '2026-11-15',
    checkOut: '2026-11-18',
    status: 'confirmed',
  });
  const review = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${ended.id}/review`,
    headers: known.who.guest.headers,
    payload: { overall: 5, cleanliness: 5, accuracy: 5, location: 5, value: 5, text: 'Lovely.' },
  });
  known.reviewId = (review.json() as { _id: string })._id;
  known.documentKey = `doc-${ownerTag(known.who.guest.user.id)}-${randomBytes(16).toString('hex')}.webp`;
  const [calendarImport] = await t.db
    .insert(calendarImports)
    .values({ homeId: home.id, name: 'Fuzz feed', url: 'http://127.0.0.1:9/feed.ics' })
    .returning();
  known.importId = calendarImport!.id;
  known.feedToken = (await feedTokenOf(t.db, home.id)).token;
}

/** Better Auth's endpoints (not in the OpenAPI document), with the fields they read. */
const str = (extra: Json = {}) => ({ type: 'string', ...extra });
export const AUTH_OPERATIONS: Operation[] = [
  [
    'POST',
    '/api/auth/sign-in/email',
    { email: str({ format: 'email' }), password: str(), rememberMe: { type: 'boolean' } },
  ],
  ['POST', '/api/auth/sign-up/email', { name: str(), email: str({ format: 'email' }), password: str(), image: str() }],
  ['POST', '/api/auth/request-password-reset', { email: str({ format: 'email' }), redirectTo: str() }],
  ['POST', '/api/auth/reset-password', { token: str(), newPassword: str() }],
  ['POST', '/api/auth/update-user', { name: str(), image: str() }],
  ['POST', '/api/auth/revoke-session', { token: str() }],
  [
    'POST',
    '/api/auth/change-password',
    { currentPassword: str(), newPassword: str(), revokeOtherSessions: { type: 'boolean' } },
  ],
  ['POST', '/api/auth/change-email', { newEmail: str({ format: 'email' }), callbackURL: str() }],
  ['POST', '/api/auth/send-verification-email', { email: str({ format: 'email' }), callbackURL: str() }],
  ['POST', '/api/auth/sign-in/social', { provider: str({ enum: ['google', 'github'] }), callbackURL: str() }],
].map(([method, path, properties]) => ({
  method: method as string,
  path: path as string,
  params: [],
  body: { type: 'object', properties: properties as Json, required: Object.keys(properties as Json).slice(0, 1) },
}));
AUTH_OPERATIONS.push(
  { method: 'GET', path: '/api/auth/get-session', params: [], body: null },
  { method: 'GET', path: '/api/auth/list-sessions', params: [], body: null },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    params: [
      { name: 'token', in: 'query', required: true, schema: str() },
      { name: 'callbackURL', in: 'query', schema: str() },
    ],
    body: null,
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/{token}',
    params: [
      { name: 'token', in: 'path', required: true, schema: str() },
      { name: 'callbackURL', in: 'query', schema: str() },
    ],
    body: null,
  },
);

/** Every operation of the OpenAPI document. */
export function documentedOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(known.spec.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: ((op.parameters as Param[] | undefined) ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: content?.['application/json']?.schema ?? null,
        multipart:
          ((op.consumes as string[] | undefined) ?? []).includes('multipart/form-data') || path === '/api/uploads',
      });
    }
  }
  return ops;
}
