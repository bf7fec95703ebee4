import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../db/schema';
import { linksIn, type memoryMail } from '../providers/mail/mail';
import { insertUser } from '../test/factories';
import {
  sessionCookieFrom,
  signInAs,
  signInWithPassword,
  signUp,
  TEST_ORIGIN,
  testConfig,
  useTestApp,
} from '../test/test-app';
import { applyAdminEmails } from './admins';
import { accountLinkingOptions, createAuth } from './auth';
import { ADDRESS_SLOW_AFTER, LOCK_MS, RESET_AFTER, RESET_FORGET_MS, SLOW_AFTER } from './throttle';

const t = useTestApp();
const DEMO_PASSWORD = 'stayhub-demo-2026';
let ipCounter = 10;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A user as the demo data makes them: verified, scrypt hash from better-auth/crypto. */
async function seededUser(email: string, password = DEMO_PASSWORD) {
  const user = await insertUser(t.db, { email, emailVerified: true });
  await t.db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await hashPassword(password),
  });
  return user;
}

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

describe('sign-in throttling', () => {
  const fail = (email: string, ip = freshIp()) => signInWithPassword(t.app, email, 'not-the-password', ip);

  /** Fails until `count` failures are recorded, waiting out each slow-down on the test clock. */
  async function failTimes(email: string, count: number, ip?: () => string) {
    for (let i = 0; i < count; i++) {
      let res = await fail(email, ip?.());
      if (res.statusCode === 429) {
        t.clock.advance(Number(res.headers['retry-after']) * 1000);
        res = await fail(email, ip?.());
      }
      expect(res.statusCode).toBe(401);
    }
  }

  const RESET_REQUIRED = {
    code: 'PASSWORD_RESET_REQUIRED',
    message: 'Too many failed sign-in attempts on this account. Reset your password with "Forgot Password" to sign in.',
  };

  /** Forgot password -> the mailed token -> a new password (what the owner of a guessed-at account does). */
  async function resetPassword(email: string, newPassword: string) {
    const ask = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
    expect(ask.statusCode).toBe(200);
    await t.app.mailQueue.drained();
    const mail = (t.mail as ReturnType<typeof memoryMail>).messages.findLast((m) => m.to === email)!;
    const token = new URL(linksIn(mail.text).at(-1)!).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);
  }

  async function expectAccountPolicy(email: string, password: string | null) {
    await failTimes(email, SLOW_AFTER);
    const slowed = await fail(email);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(slowed.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/Wait \d+ seconds/) });
    // Even the right password waits.
    if (password) expect((await signInWithPassword(t.app, email, password, freshIp())).statusCode).toBe(429);

    await failTimes(email, RESET_AFTER - SLOW_AFTER);
    const locked = await fail(email);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeUndefined();
    expect(locked.json()).toEqual(RESET_REQUIRED);
    // Waiting 15 minutes does not lift it (no fixed lock-out of the owner to wait through) ...
    t.clock.advance(LOCK_MS);
    expect((await fail(email)).json()).toEqual(RESET_REQUIRED);
    if (password) {
      expect((await signInWithPassword(t.app, email, password, freshIp())).json()).toEqual(RESET_REQUIRED);
      // ... a password reset through the mailed link does, at once.
      await resetPassword(email, 'a-brand-new-password');
      expect((await signInWithPassword(t.app, email, password, freshIp())).statusCode).toBe(401);
      expect((await signInWithPassword(t.app, email, 'a-brand-new-password', freshIp())).statusCode).toBe(200);
      // Success clears the account's count.
      await failTimes(email, SLOW_AFTER - 1);
    } else {
      // Nobody can reset an unknown email: a day without attempts forgets it.
      t.clock.advance(RESET_FORGET_MS);
      expect((await fail(email)).statusCode).toBe(401);
    }
  }

  it(
    'slows an account down after 5 failures and asks for a password reset after 20, from any IP',
    { timeout: 120_000 },
    async () => {
      await seededUser('target@example.test');
      await expectAccountPolicy('target@example.test', DEMO_PASSWORD);
    },
  );

  it('treats an unknown email exactly the same', { timeout: 120_000 }, async () => {
    await expectAccountPolicy('ghost@example.test', null);
  });

  it('says "1 second" when the wait is one second', async () => {
    const email = 'one-second@example.test';
    await failTimes(email, SLOW_AFTER);
    t.clock.advance(1000);
    const res = await fail(email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().message).toBe('Too many failed sign-in attempts. Wait 1 second and try again.');
    t.clock.advance(1000);
  });

  it("lets correct sign-ins through after an address's failures on other accounts", async () => {
    const ip = freshIp();
    const guest = await seededUser('nat-guest@example.test');
    const host = await seededUser('nat-host@example.test');
    for (let i = 0; i < SLOW_AFTER; i++) expect((await fail(`nat-typo-${i}@example.test`, ip)).statusCode).toBe(401);
    expect((await signInWithPassword(t.app, guest.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signInWithPassword(t.app, host.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // A wrong password on yet another account is still just a wrong password.
    expect((await fail('nat-typo-next@example.test', ip)).statusCode).toBe(401);
  });

  it('slows down one IP trying many accounts once it is clearly attacking', { timeout: 120_000 }, async () => {
    const ip = freshIp();
    let n = 0;
    const nextEmail = () => `spray-${++n}@example.test`;
    await seededUser('spray-victim@example.test');
    // Without a password Better Auth refuses at once (400, no hashing); the throttle counts a failure all the same.
    const sprayFast = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email }, remoteAddress: ip });
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++) expect((await sprayFast(nextEmail())).statusCode).toBe(400);
    const slowed = await fail(nextEmail(), ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('TOO_MANY_ATTEMPTS');
    // From this address even a right password waits ...
    expect((await signInWithPassword(t.app, 'spray-victim@example.test', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // ... another IP is not affected.
    expect((await fail(nextEmail(), freshIp())).statusCode).toBe(401);
    expect((await signInWithPassword(t.app, 'spray-victim@example.test', DEMO_PASSWORD, freshIp())).statusCode).toBe(
      200,
    );
    t.clock.advance(LOCK_MS);
  });
});

/** A request sent over a real socket with the path exactly as given (app.inject would resolve `..`). */
async function rawRequest(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'POST', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('sign-in throttling cannot be bypassed', () => {
  const attempt = (email: string, contentType: string, body: string, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': contentType },
      payload: body,
      remoteAddress: ip,
    });

  it('throttles a JSON body whatever the case of its Content-Type', async () => {
    const email = 'mixed-case-json@example.test';
    await seededUser(email);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await attempt(email, 'Application/JSON', JSON.stringify({ email, password: 'not-the-password' }))).statusCode,
      );
    }
    expect(statuses.slice(0, SLOW_AFTER)).toEqual(Array(SLOW_AFTER).fill(401));
    expect(statuses.slice(SLOW_AFTER)).toEqual(Array(30 - SLOW_AFTER).fill(429));
  });

  it('throttles a url-encoded form body (any case of its Content-Type)', async () => {
    const email = 'form-body@example.test';
    await seededUser(email);
    const body = new URLSearchParams({ email, password: 'not-the-password' }).toString();
    for (let i = 0; i < SLOW_AFTER; i++)
      expect((await attempt(email, 'Application/X-WWW-Form-Urlencoded', body)).statusCode).toBe(401);
    expect((await attempt(email, 'application/x-www-form-urlencoded; charset=utf-8', body)).statusCode).toBe(429);
    // JSON and form count on the same account.
    expect(
      (await attempt(email, 'application/json', JSON.stringify({ email, password: DEMO_PASSWORD }))).statusCode,
    ).toBe(429);
  });

  it('refuses a sign-in whose email it cannot read instead of skipping the throttle', async () => {
    const email = 'unreadable@example.test';
    for (const [type, body] of [
      ['text/plain', JSON.stringify({ email, password: 'not-the-password' })],
      ['application/json', '{"email": 42, "password": "x"}'],
      ['application/json', 'null'],
      ['application/json', '{not json'],
    ] as const) {
      const res = await attempt(email, type, body);
      expect(res.statusCode, `${type} ${body}`).toBe(400);
    }
  });

  it('refuses /api paths with dot-segments before routing (400), so no path reaches sign-in unthrottled', async () => {
    const email = 'dot-segments@example.test';
    const headers = { 'content-type': 'application/json' };
    const body = JSON.stringify({ email, password: 'not-the-password' });
    for (const path of [
      '/api/auth/callback/../sign-in/email',
      '/api/auth/callback/%2e%2e/sign-in/email',
      '/api/auth/callback/%2E%2E/sign-in/email',
      '/api/auth/./sign-in/email',
      '/api/auth/callback\\..\\sign-in/email',
      '/api/auth/callback/../sign-out',
    ]) {
      const res = await rawRequest(path, { headers: { ...headers, origin: 'https://evil.example' }, body });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('invalid_request');
    }
    // Other /api routes too; and the plain path still works.
    expect((await rawRequest('/api/homes/../users', { method: 'GET' })).status).toBe(400);
    expect((await rawRequest('/api/auth/sign-in/email', { headers, body })).status).toBe(401);
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
