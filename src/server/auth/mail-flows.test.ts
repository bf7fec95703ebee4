import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema';
import { smtpMail } from '../providers/mail/smtp-mail';
import { sessionCookieFrom, signInWithPassword, signUp, TEST_ORIGIN, testConfig, useTestApp } from '../test/test-app';

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
const waiters: (() => void)[] = [];
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      waiters.splice(0).forEach((w) => w());
      callback();
    });
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let mail: ReturnType<typeof smtpMail> | undefined;
afterAll(() => mail?.close());
const t = useTestApp(() => {
  mail = smtpMail(smtpUrl, 'StayHub <no-reply@stayhub.test>');
  return { mail, config: testConfig({ adminEmails: ['chief@example.test', 'boss@example.test'] }) };
});

/** Decodes quoted-printable soft breaks and escapes, enough to read links. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function mailTo(address: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = inbox.find((m) => m.to.includes(address) && subject.test(decodeQp(m.raw)));
    if (found) return decodeQp(found.raw);
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

function linkIn(message: string, prefix: string): URL {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]+`).exec(message);
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${message}`);
  return new URL(match[0]);
}

describe('mail over SMTP', () => {
  it('register -> verification mail -> follow its link -> verified and signed in', async () => {
    const s = await signUp(t.app, { email: 'newbie@example.test', callbackURL: '/' });
    const message = await mailTo('newbie@example.test', /Subject: Verify your email for StayHub/);
    expect(message).toMatch(/From: StayHub <no-reply@stayhub\.test>/);
    const link = linkIn(message, `${TEST_ORIGIN}/api/auth/verify-email?token=`);
    expect(link.searchParams.get('callbackURL')).toBe('/');

    const before = (await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!;
    expect(before.emailVerified).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeTruthy();
    const after = (await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!;
    expect(after.emailVerified).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/newbie@example.test',
      headers: { cookie: cookie! },
    });
    expect(me.json()).toMatchObject({ emailVerified: true, role: null });

    // The link works once: a forged token does nothing.
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('forgot password -> reset mail -> reset with its token -> sign in with the new password', async () => {
    const s = await signUp(t.app, { email: 'forgetful@example.test', password: 'old-password-1' });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'forgetful@example.test', redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const message = await mailTo('forgetful@example.test', /Subject: Reset your StayHub password/);
    // The link opens the client's page, which posts the token to Better Auth.
    const link = linkIn(message, `${TEST_ORIGIN}/reset-password?token=`);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-password-2' },
    });
    expect(reset.statusCode).toBe(200);
    // Reset revokes the old sessions.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/forgetful@example.test', headers: s.headers })).statusCode,
    ).toBe(401);

    expect((await signInWithPassword(t.app, 'forgetful@example.test', 'old-password-1', '10.9.0.1')).statusCode).toBe(
      401,
    );
    const signIn = await signInWithPassword(t.app, 'forgetful@example.test', 'new-password-2', '10.9.0.2');
    expect(signIn.statusCode).toBe(200);
    // The token is single-use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'third-password-3' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('asks for a reset of an unknown email with the same answer and no mail', async () => {
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody-here@example.test' },
    });
    expect(ask.statusCode).toBe(200);
    // A marker through the same ordered queue: once a known account's reset mail has arrived (and the
    // queue is drained), any mail the first request had queued would have arrived before it.
    await signUp(t.app, { email: 'marker-reset@example.test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'marker-reset@example.test' },
    });
    await mailTo('marker-reset@example.test', /Reset your StayHub password/);
    await t.app.mailQueue.drained();
    expect(inbox.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it('makes an ADMIN_EMAILS address admin only once it is verified', async () => {
    const s = await signUp(t.app, { email: 'chief@example.test' });
    expect((await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!.role).toBeNull();
    const link = linkIn(
      await mailTo('chief@example.test', /Verify your email/),
      `${TEST_ORIGIN}/api/auth/verify-email?token=`,
    );
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(302);
    expect((await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!.role).toBe('admin');
    // The role change revoked the sign-up session; the verification signed the user in again.
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: s.headers })).statusCode).toBe(401);
    const cookie = sessionCookieFrom(res)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it("an ADMIN_EMAILS address signed up by a stranger: verification makes it admin without the stranger's password; the owner resets it", async () => {
    // Someone who does not own the mailbox registers the listed address with a password of their choosing.
    const stranger = await signUp(t.app, { email: 'boss@example.test', password: 'strangers-pass-1' });
    const credential = () =>
      t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, stranger.user.id), eq(accounts.providerId, 'credential')));
    expect(await credential()).toHaveLength(1);

    // The mailbox's owner follows the verification link.
    const link = linkIn(
      await mailTo('boss@example.test', /Verify your email/),
      `${TEST_ORIGIN}/api/auth/verify-email?token=`,
    );
    const verified = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(verified.statusCode).toBe(302);
    expect((await t.db.select().from(users).where(eq(users.id, stranger.user.id)))[0]!.role).toBe('admin');
    expect(await credential()).toHaveLength(0);
    // The stranger's session is revoked and their password no longer signs in.
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: stranger.headers })).statusCode).toBe(401);
    expect((await signInWithPassword(t.app, 'boss@example.test', 'strangers-pass-1', '10.9.1.1')).statusCode).toBe(401);

    // The owner sets a password through Forgot password (the reset creates the credential).
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'boss@example.test', redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const token = linkIn(
      await mailTo('boss@example.test', /Subject: Reset your StayHub password/),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'owners-pass-2' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await credential()).toHaveLength(1);

    expect((await signInWithPassword(t.app, 'boss@example.test', 'strangers-pass-1', '10.9.1.2')).statusCode).toBe(401);
    const signIn = await signInWithPassword(t.app, 'boss@example.test', 'owners-pass-2', '10.9.1.3');
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookieFrom(signIn)!;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/boss@example.test', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
  });
});
