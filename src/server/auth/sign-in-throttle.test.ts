/** The sign-in throttle as an API client meets it: per account, per address, and with no way around it. */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { linksIn, type memoryMail } from '../providers/mail/mail';
import { DEMO_PASSWORD, freshIp, insertPasswordUser } from '../test/password-users';
import { signInWithPassword, useTestApp } from '../test/test-app';
import { ADDRESS_SLOW_AFTER, LOCK_MS, RESET_AFTER, RESET_FORGET_MS, SLOW_AFTER } from './throttle';

const t = useTestApp();

/** A user as the demo data makes them: verified, scrypt hash from better-auth/crypto. */
const seededUser = (email: string, password = DEMO_PASSWORD) => insertPasswordUser(t.db, email, password);

describe('sign-in throttling', () => {
  const fail = (email: string, ip = freshIp()) => signInWithPassword(t.app, email, 'not-the-password', ip);

  const sentTo = (email: string) =>
    (t.mail as ReturnType<typeof memoryMail>).messages.filter((m) => m.to === email).map((m) => m.subject);

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
    const attacker = freshIp();
    await failTimes(email, SLOW_AFTER, () => attacker);
    const slowed = await fail(email, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(slowed.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/Wait \d+ seconds/) });
    if (password) {
      // Even the right password waits from that address; from any other it does not.
      expect((await signInWithPassword(t.app, email, password, attacker)).statusCode).toBe(429);
      expect((await signInWithPassword(t.app, email, password, freshIp())).statusCode).toBe(200);
    }

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
    } else {
      // Nobody can reset an unknown email: a day without attempts forgets it.
      t.clock.advance(RESET_FORGET_MS);
      expect((await fail(email)).statusCode).toBe(401);
    }
  }

  it(
    'slows an account down after 5 failures from one address and asks for a password reset after 20 from anywhere',
    { timeout: 120_000 },
    async () => {
      await seededUser('target@example.test');
      await expectAccountPolicy('target@example.test', DEMO_PASSWORD);
    },
  );

  it('treats an unknown email exactly the same (and mails nobody)', { timeout: 120_000 }, async () => {
    await expectAccountPolicy('ghost@example.test', null);
    await t.app.mailQueue.drained();
    expect(sentTo('ghost@example.test')).toEqual([]);
  });

  it('says "1 second" when the wait is one second', async () => {
    const email = 'one-second@example.test';
    const ip = freshIp();
    await failTimes(email, SLOW_AFTER, () => ip);
    t.clock.advance(1000);
    const res = await fail(email, ip);
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

describe('sign-in throttling and known devices', () => {
  const ATTACK_SUBJECT = 'Someone is trying to sign in to your StayHub account';
  const mails = () => (t.mail as ReturnType<typeof memoryMail>).messages;

  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress: ip,
      // A browser sends its origin with a POST; Better Auth requires it once cookies come along.
      headers: cookie ? { cookie, origin: t.config.publicUrl } : {},
    });

  /** Signs in as the owner and returns the known-device cookie the browser would keep. */
  async function knownDeviceOf(email: string, password = DEMO_PASSWORD, cookie?: string) {
    const res = await signIn(email, password, freshIp(), cookie);
    expect(res.statusCode).toBe(200);
    const mark = res.cookies.find((c) => c.name === 'stayhub.known_device');
    expect(mark).toMatchObject({ httpOnly: true, path: '/api/auth/sign-in', sameSite: 'Strict' });
    expect(mark!.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    return `${mark!.name}=${mark!.value}`;
  }

  /** 20 wrong passwords from one address, as fast as its delays allow (about 11 minutes on the test clock). */
  async function attack(email: string, ip = freshIp()) {
    for (let failures = 0; failures < RESET_AFTER;) {
      const res = await signIn(email, 'not-the-password', ip);
      if (res.statusCode === 429) t.clock.advance(Number(res.headers['retry-after']) * 1000);
      else failures++;
    }
  }

  const RESET_REQUIRED_CODE = 'PASSWORD_RESET_REQUIRED';

  it(
    "lets the owner in at once from a device they signed in on, after an attacker's 20 failures; mails them once",
    { timeout: 120_000 },
    async () => {
      const owner = await seededUser('attacked-owner@example.test');
      const device = await knownDeviceOf(owner.email);
      const attacker = freshIp();
      await attack(owner.email, attacker);

      // Unknown devices are still asked for a reset ...
      const unknown = await signIn(owner.email, DEMO_PASSWORD, freshIp());
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json().code).toBe(RESET_REQUIRED_CODE);
      // ... the owner's browser is not, and does not wait (even behind the attacker's own address).
      expect((await signIn(owner.email, DEMO_PASSWORD, freshIp(), device)).statusCode).toBe(200);
      expect((await signIn(owner.email, DEMO_PASSWORD, attacker, device)).statusCode).toBe(200);

      // The owner is told once, whatever the attacker goes on doing.
      for (let i = 0; i < 5; i++) await signIn(owner.email, 'not-the-password', freshIp());
      await t.app.mailQueue.drained();
      const alerts = mails().filter((m) => m.to === owner.email && m.subject === ATTACK_SUBJECT);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toMatch(/Forgot Password/);
      expect(linksIn(alerts[0]!.text)).toContain(`${t.config.publicUrl}/login`);
    },
  );

  it(
    'ignores a forged mark, one of another account, and one from before a password reset',
    { timeout: 120_000 },
    async () => {
      const victim = await seededUser('forged-victim@example.test');
      const other = await seededUser('forged-other@example.test');
      const otherDevice = await knownDeviceOf(other.email);
      // A mark of the victim's own, made before the password changes.
      const oldDevice = await knownDeviceOf(victim.email);
      await attack(victim.email);

      const [, , issuedAt, nonce, sig] = /^[^=]+=([^.]+)\.(\d+)\.([^.]+)\.(.+)$/.exec(otherDevice)!;
      const moved = `stayhub.known_device=${victim.id}.${issuedAt}.${nonce}.${sig}`;
      const forged = `stayhub.known_device=${victim.id}.${t.clock.now().getTime()}.${'a'.repeat(12)}.${'b'.repeat(43)}`;
      for (const cookie of [otherDevice, moved, forged]) {
        const res = await signIn(victim.email, DEMO_PASSWORD, freshIp(), cookie);
        expect(res.statusCode, cookie).toBe(429);
        expect(res.json().code).toBe(RESET_REQUIRED_CODE);
      }

      // The owner resets the password: the old mark no longer counts once attacked again.
      expect((await signIn(victim.email, DEMO_PASSWORD, freshIp(), oldDevice)).statusCode).toBe(200);
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: victim.email },
      });
      expect(ask.statusCode).toBe(200);
      await t.app.mailQueue.drained();
      const resetMail = mails().findLast((m) => m.to === victim.email && /Reset/.test(m.subject))!;
      const token = new URL(linksIn(resetMail.text).at(-1)!).searchParams.get('token')!;
      const newPassword = 'a-brand-new-password';
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword },
      });
      expect(reset.statusCode).toBe(200);
      await attack(victim.email);
      const stale = await signIn(victim.email, newPassword, freshIp(), oldDevice);
      expect(stale.statusCode).toBe(429);
      expect(stale.json().code).toBe(RESET_REQUIRED_CODE);
    },
  );

  it('keeps the marks of several accounts on one browser', { timeout: 120_000 }, async () => {
    const guest = await seededUser('two-accounts-guest@example.test');
    const host = await seededUser('two-accounts-host@example.test');
    const afterGuest = await knownDeviceOf(guest.email);
    const both = await knownDeviceOf(host.email, DEMO_PASSWORD, afterGuest);
    await attack(guest.email);
    await attack(host.email);
    expect((await signIn(guest.email, DEMO_PASSWORD, freshIp(), both)).statusCode).toBe(200);
    expect((await signIn(host.email, DEMO_PASSWORD, freshIp(), both)).statusCode).toBe(200);
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
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await attempt(email, 'Application/JSON', JSON.stringify({ email, password: 'not-the-password' }), ip))
          .statusCode,
      );
    }
    expect(statuses.slice(0, SLOW_AFTER)).toEqual(Array(SLOW_AFTER).fill(401));
    expect(statuses.slice(SLOW_AFTER)).toEqual(Array(30 - SLOW_AFTER).fill(429));
  });

  it('throttles a url-encoded form body (any case of its Content-Type)', async () => {
    const email = 'form-body@example.test';
    await seededUser(email);
    const body = new URLSearchParams({ email, password: 'not-the-password' }).toString();
    const ip = freshIp();
    for (let i = 0; i < SLOW_AFTER; i++)
      expect((await attempt(email, 'Application/X-WWW-Form-Urlencoded', body, ip)).statusCode).toBe(401);
    expect((await attempt(email, 'application/x-www-form-urlencoded; charset=utf-8', body, ip)).statusCode).toBe(429);
    // JSON and form count on the same account.
    expect(
      (await attempt(email, 'application/json', JSON.stringify({ email, password: DEMO_PASSWORD }), ip)).statusCode,
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
