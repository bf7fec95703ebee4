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
