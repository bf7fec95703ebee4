import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sandboxPayments } from '../providers/payments/sandbox-payments';
import { insertHome } from '../test/factories';
import { signInAs, signUp, TEST_ORIGIN, useTestApp, type SignedIn } from '../test/test-app';

/** Everything the app logs, as parsed JSON lines. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

const t = useTestApp(() => ({ logger: { level: 'warn', stream: logStream } }));

const home = {
  location: 'Lisbon, Portugal',
  title: 'Sunny flat',
  from: '2026-12-01',
  to: '2027-03-01',
  price: 120,
  total_guest: 2,
  bedrooms: 1,
  bathrooms: 1,
  description: 'Bright.\nTwo lines, with\ttabs.',
};

async function expectRefused(request: InjectOptions, field: string) {
  const res = await t.app.inject(request);
  expect(res.statusCode, `${request.method} ${request.url} ${field}: ${res.body}`).toBe(400);
  expect(res.json()).toEqual({
    error: { code: 'invalid_characters', message: expect.stringContaining(field) },
  });
}

/** Hold -> sandbox payment -> the ids POST /api/bookings needs. */
async function paidHold(guest: SignedIn, hostId: string) {
  const target = await insertHome(t.db, { hostId });
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/payment-intent',
    headers: guest.headers,
    payload: { homeId: target.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 },
  });
  expect(held.statusCode, held.body).toBe(200);
  const { clientSecret, bookingId, paymentIntentId } = held.json();
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: guest.headers,
    payload: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
      billing: { name: 'Guest', email: guest.user.email },
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { clientSecret, bookingId, paymentIntentId };
}

describe('control characters in requests', () => {
  it('answers 400 invalid_characters (never 500) for a NUL on each route where it reached the database', async () => {
    const [guest, host, admin] = await Promise.all([
      signInAs(t.app, 'guest'),
      signInAs(t.app, 'host'),
      signInAs(t.app, 'admin'),
    ]);
    const own = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });

    await expectRefused({ method: 'GET', url: '/api/homes?location=a%00b' }, 'query.location');
    await expectRefused({ method: 'GET', url: '/api/bookings?email=a%00b', headers: admin.headers }, 'query.email');
    for (const field of ['title', 'location', 'description'] as const) {
      const payload = { ...home, [field]: 'Sunny\u0000flat' };
      await expectRefused({ method: 'POST', url: '/api/homes', headers: host.headers, payload }, `body.${field}`);
      await expectRefused(
        { method: 'PUT', url: `/api/home/${own.id}`, headers: host.headers, payload },
        `body.${field}`,
      );
    }

    const stay = await paidHold(guest, host.user.id);
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
    await expectRefused(
      {
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: guest.headers,
        payload: { clientSecret: `${stay.clientSecret}\u0000`, card, billing: { name: 'G', email: guest.user.email } },
      },
      'body.clientSecret',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: guest.headers,
        payload: { clientSecret: stay.clientSecret, card, billing: { name: 'G\u0000', email: guest.user.email } },
      },
      'body.billing.name',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/bookings',
        headers: guest.headers,
        payload: { bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId, message: 'Hi\u0000there' },
      },
      'body.message',
    );
    // The same booking goes through once the message is clean (multi-line text is fine).
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: guest.headers,
      payload: { bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId, message: 'Hi\r\nthere\tfriend' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('refuses them on Better Auth routes too, before its handler', async () => {
    const s = await signUp(t.app);
    const auth = { ...s.headers, origin: TEST_ORIGIN };
    await expectRefused(
      { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'abc\u0000', newPassword: 'new-pass-123' } },
      'body.token',
    );
    await expectRefused(
      { method: 'POST', url: '/api/auth/update-user', headers: auth, payload: { image: 'https://x.test/\u0000.png' } },
      'body.image',
    );
    await expectRefused(
      { method: 'POST', url: '/api/auth/revoke-session', headers: auth, payload: { token: 'a\u0000b' } },
      'body.token',
    );
    // A url-encoded form is read the way Better Auth reads it.
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%00b%40example.test&password=whatever-1',
      },
      'body.email',
    );
    await expectRefused({ method: 'GET', url: '/api/auth/verify-email?token=a%00b' }, 'query.token');
  });

  it('refuses other C0 characters, allows tab and line breaks in body text only', async () => {
    const host = await signInAs(t.app, 'host');
    await expectRefused(
      { method: 'POST', url: '/api/homes', headers: host.headers, payload: { ...home, title: 'Bell\u0007' } },
      'body.title',
    );
    await expectRefused({ method: 'GET', url: '/api/homes?location=a%0Ab' }, 'query.location');
    await expectRefused({ method: 'GET', url: '/api/home/a%01b' }, 'params.id');
    // A key holding one is refused too.
    await expectRefused(
      { method: 'POST', url: '/api/homes', headers: host.headers, payload: { ...home, 'x\u0000': 1 } },
      'body',
    );
    const ok = await t.app.inject({ method: 'POST', url: '/api/homes', headers: host.headers, payload: home });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('database errors in the log', () => {
  it('are logged with their code and message, never the SQL parameters (emails)', async () => {
    const email = 'private.person@example.test';
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
      logger: { level: 'error', stream: logStream },
    });
    // A query that fails in PostgreSQL (22021) with an email among its parameters.
    app.get('/api/test-db-error', async () => t.db.execute(sql`select ${email}::text, ${'a\u0000b'}::text`));
    logLines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/test-db-error' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(email);
    const logged = JSON.stringify(logLines);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/select/i);
    expect(logLines.find((l) => l.msg === 'request failed')?.err).toMatchObject({ code: '22021' });
  });
});
