import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { insertUser } from '../test/factories';
import { DEMO_PASSWORD, freshIp, insertPasswordUser } from '../test/password-users';
import {
  signInAs,
  signInWithPassword,
  sessionCookieFrom,
  signUp,
  TEST_ORIGIN,
  testConfig,
  useTestApp,
} from '../test/test-app';
import { applyAdminEmails } from './admins';
import { accountLinkingOptions, createAuth } from './auth';

const t = useTestApp();

/** A user as the demo data makes them: verified, scrypt hash from better-auth/crypto. */
const seededUser = (email: string, password = DEMO_PASSWORD) => insertPasswordUser(t.db, email, password);

const me = (headers: Record<string, string>, email: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${email}`, headers });

describe('sign-in and sessions', () => {
  it('signs in a seeded (demo-data style) user, with the email in any case', async () => {
    const user = await seededUser('demo-style@example.test');
    const res = await signInWithPassword(t.app, 'Demo-Style@Example.test', DEMO_PASSWORD, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'demo-style@example.test', role: null });
    const cookie = sessionCookieFrom(res)!;
    expect((await me({ cookie }, user.email)).statusCode).toBe(200);
  });

  it('sets an httpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
    const { response } = await signUp(t.app);
    const line = ([] as string[])
      .concat(response.headers['set-cookie'] as string[])
      .find((c) => c.includes('session_token='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/);
  });

  it('creates a new session at every sign-in', async () => {
    const user = await seededUser('rotate@example.test');
    const first = sessionCookieFrom(await signInWithPassword(t.app, user.email, DEMO_PASSWORD, freshIp()));
    const second = sessionCookieFrom(await signInWithPassword(t.app, user.email, DEMO_PASSWORD, freshIp()));
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('revokes the session at sign-out: the old cookie and its bearer token answer 401', async () => {
    const s = await signUp(t.app);
    const token = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/${s.user.email}`,
        headers: s.headers,
        payload: { email: s.user.email },
      })
    ).json().token as string;
    expect((await me({ authorization: `Bearer ${token}` }, s.user.email)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...s.headers, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=;.*Max-Age=0/)]),
    );
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id))).toHaveLength(0);
    expect((await me(s.headers, s.user.email)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${token}` }, s.user.email)).statusCode).toBe(401);
  });

  it('accepts passwords of 8 to 128 characters only', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Len', email: `len-${password.length}@example.test`, password },
      });
    expect((await attempt('1234567')).statusCode).toBe(400);
    expect((await attempt('x'.repeat(129))).statusCode).toBe(400);
    expect((await attempt('12345678')).statusCode).toBe(200);
    expect((await attempt('y'.repeat(128))).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and a wrong password, in similar time', async () => {
    await seededUser('known@example.test');
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await signInWithPassword(t.app, email, 'wrong-password-1', freshIp());
      return { ms: performance.now() - start, status: res.statusCode, body: res.json() };
    };
    const known = [],
      unknown = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed('known@example.test'));
      unknown.push(await timed(`unknown-${i}@example.test`));
    }
    for (const r of [...known, ...unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual(known[0]!.body);
    }
    expect(known[0]!.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[1]!;
    // Better Auth hashes the password of an unknown email too (scrypt), so it is not much faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});

describe('user names', () => {
  const signUpAs = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email: `name-${crypto.randomUUID().slice(0, 8)}@example.test`, password: 'long enough 1' },
    });

  it('accepts a normal name of 1 to 100 characters', async () => {
    expect((await signUpAs("Ana María Ñúñez-O'Brien")).json().user.name).toBe("Ana María Ñúñez-O'Brien");
    expect((await signUpAs('x'.repeat(100))).statusCode).toBe(200);
  });

  it('refuses names that are too long, span lines or hold a link, with a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['x'.repeat(101), /at most 100 characters/],
      ['Click https://evil.example/reset', /must not contain a web address/],
      ['Ana\r\nPlease reset at evil.example', /single line/],
      ['Ana\u2028Bob', /single line/],
      ['   ', /Enter your name/],
    ];
    for (const [name, message] of cases) {
      const res = await signUpAs(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('refuses such a name on update too', async () => {
    const s = await signUp(t.app);
    const update = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...s.headers, origin: TEST_ORIGIN },
        payload: { name },
      });
    expect((await update('see http://evil.example')).statusCode).toBe(400);
    expect((await update('New Name')).statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!.name).toBe('New Name');
  });
});

describe('Google account linking', () => {
  const google = (issuerUrl: string) => ({ google: { clientId: 'c', clientSecret: 's', issuerUrl } });

  it('trusts google (links without email_verified) only when the issuer really is Google', () => {
    expect(accountLinkingOptions(google('https://accounts.google.com')).trustedProviders).toEqual(['google']);
    expect(accountLinkingOptions(google('https://accounts.google.com/')).trustedProviders).toEqual(['google']);
    for (const issuer of [
      'http://accounts.google.com',
      'https://accounts.google.com.evil.example',
      'http://127.0.0.1:9',
      'https://login.example',
    ]) {
      expect(accountLinkingOptions(google(issuer)).trustedProviders, issuer).toEqual([]);
    }
    expect(accountLinkingOptions({ google: null }).trustedProviders).toEqual([]);
  });

  it('is what Better Auth is configured with', async () => {
    const build = (issuerUrl: string) =>
      createAuth({ db: t.db, config: testConfig(google(issuerUrl)), mail: t.mail, log: t.app.log });
    expect((await build('https://accounts.google.com').$context).trustedProviders).toContain('google');
    expect((await build('http://127.0.0.1:9').$context).trustedProviders).not.toContain('google');
  });
});

describe('origin check', () => {
  it('refuses state-changing requests from another origin, on the API and on Better Auth', async () => {
    const guest = await signInAs(t.app, 'guest');
    const attempts = [
      {
        method: 'PUT' as const,
        url: `/api/user/${guest.user.email}`,
        payload: { email: guest.user.email },
        headers: { ...guest.headers, origin: 'https://evil.example' },
      },
      {
        method: 'PUT' as const,
        url: `/api/user/${guest.user.email}`,
        payload: { email: guest.user.email },
        headers: { ...guest.headers, origin: 'null' },
      },
      {
        method: 'PUT' as const,
        url: `/api/user/${guest.user.email}`,
        payload: { email: guest.user.email },
        headers: { ...guest.headers, 'sec-fetch-site': 'cross-site' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-in/email',
        payload: { email: 'x@example.test', password: 'whatever1' },
        headers: { origin: 'https://evil.example' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-out',
        payload: {},
        headers: { ...guest.headers, origin: 'http://localhost:3000.evil.example' },
      },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, JSON.stringify(attempt.headers)).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'forbidden', message: 'Requests from other sites are not allowed' },
      });
    }
    // The session survived.
    expect((await me(guest.headers, guest.user.email)).statusCode).toBe(200);
  });

  it('lets same-origin requests and requests without Origin through', async () => {
    const guest = await signInAs(t.app, 'guest');
    const payload = { email: guest.user.email };
    const url = `/api/user/${guest.user.email}`;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          payload,
          headers: { ...guest.headers, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url, payload, headers: guest.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url, payload, headers: guest.bearer })).statusCode).toBe(200);
    // Reads are not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/homes', headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /api/auth-config', () => {
  it('says Google is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });
});

describe('admins', () => {
  it('come from ADMIN_EMAILS at start-up, for verified users only, and lose their old sessions', async () => {
    const verified = await signInAs(t.app, 'guest', { email: 'boss@example.test' });
    const unverified = await insertUser(t.db, { email: 'boss2@example.test', emailVerified: false });
    const promoted = await applyAdminEmails(t.db, ['boss@example.test', 'boss2@example.test', 'absent@example.test']);
    expect(promoted).toEqual(['boss@example.test']);
    const roles = await t.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, verified.user.id));
    expect(roles[0]!.role).toBe('admin');
    expect((await t.db.select().from(users).where(eq(users.id, unverified.id)))[0]!.role).toBeNull();
    expect((await me(verified.headers, verified.user.email)).statusCode).toBe(401);
    // Running it again changes nothing.
    expect(await applyAdminEmails(t.db, ['boss@example.test'])).toEqual([]);
  });
});

describe('in production', () => {
  const prod = useTestApp(() => ({
    config: testConfig({
      publicUrl: 'https://stayhub.example',
      production: true,
      google: { clientId: 'client', clientSecret: 'secret', issuerUrl: 'http://127.0.0.1:9' },
    }),
  }));

  it('marks the session cookie Secure and reports Google as configured', async () => {
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Prod', email: 'prod@example.test', password: 'password-123' },
    });
    expect(res.statusCode).toBe(200);
    const line = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.includes('session_token='))!;
    expect(line).toMatch(/^__Secure-stayhub\.session_token=/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/HttpOnly/);
    expect((await prod.app.inject({ method: 'GET', url: '/api/auth-config' })).json()).toEqual({ google: true });
  });
});
