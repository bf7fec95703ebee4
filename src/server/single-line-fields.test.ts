/**
 * Every field shown to other people or copied into mails is plain text: single-line fields
 * (titles, locations, names) refuse line breaks, line and paragraph separators and bidi controls;
 * multi-line fields (reasons, notes) keep their line breaks and refuse the rest (docs/security.md
 * § Single-line fields). Homes' title and location: homes-write.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerTag } from './features/uploads/uploads-service';
import { signInAs, useTestApp, type SignedIn } from './test/test-app';

const t = useTestApp();
const CRLF = 'Nice\r\nBcc: victim@example.test';
const LF = 'Nice\nflat';
const RLO = 'Cozy \u202Egnp.exe\u202C';
const ISOLATE = 'Cozy \u2067flat\u2069';
const LINE_SEPARATOR = 'Nice\u2028flat';
const PARAGRAPH_SEPARATOR = 'Nice\u2029flat';
const NOT_ONE_LINE = [CRLF, LF, RLO, ISOLATE, LINE_SEPARATOR, PARAGRAPH_SEPARATOR];
const NOT_PLAIN = [RLO, ISOLATE, LINE_SEPARATOR, PARAGRAPH_SEPARATOR];

let admin: SignedIn;
let host: SignedIn;

beforeAll(async () => {
  admin = await signInAs(t.app, 'admin');
  host = await signInAs(t.app, 'host');
});

const inject = (method: 'POST' | 'PUT' | 'PATCH', url: string, who: SignedIn, payload: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

function expect400(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
}

describe('single-line fields', () => {
  it.each(NOT_ONE_LINE)('a profile name %j -> 400', async (name) => {
    const guest = await signInAs(t.app, 'guest');
    expect400(await inject('PUT', '/api/profile', guest, { name, image: null }), 'profile');
  });

  it.each(NOT_ONE_LINE)('a name at sign-up %j -> 400', async (name) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email: `n-${randomUUID().slice(0, 8)}@example.test`, password: 'long enough 1' },
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it.each(NOT_ONE_LINE)("a host request's location %j -> 400", async (location) => {
    const guest = await signInAs(t.app, 'guest');
    // A document of theirs really uploaded, so only the location can be wrong.
    const key = `doc-${ownerTag(guest.user.id)}-${randomBytes(16).toString('hex')}.webp`;
    await t.storage.put(key, Buffer.from('RIFF\0\0\0\0WEBP'), { contentType: 'image/webp', visibility: 'private' });
    const res = await inject('PUT', `/api/user/${encodeURIComponent(guest.user.email)}`, guest, {
      email: guest.user.email,
      role: 'requested',
      location,
      docImage: `/api/documents/${key}`,
    });
    expect400(res, 'host request');
    expect(res.json().error.message).toBe('Your location must be a single line of plain text');
  });

  it.each(NOT_ONE_LINE)("an imported calendar's name %j -> 400", async (name) => {
    const res = await inject('POST', `/api/home/${randomUUID()}/calendar-imports`, host, {
      url: 'https://calendar.example.test/feed.ics',
      name,
    });
    expect400(res, 'calendar import');
  });

  it.each(NOT_ONE_LINE)("a payer's name %j -> 400", async (name) => {
    const guest = await signInAs(t.app, 'guest');
    const res = await inject('POST', '/api/payments/sandbox/confirm', guest, {
      clientSecret: 'pi_x_secret_y',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      billing: { name, email: guest.user.email },
    });
    expect400(res, 'payer');
  });
});

describe('multi-line fields keep line breaks and refuse separators and bidi controls', () => {
  it.each(NOT_PLAIN)("an admin's decline reason %j -> 400", async (reason) => {
    const requested = await signInAs(t.app, 'requested');
    const res = await inject('PUT', `/api/user/${encodeURIComponent(requested.user.email)}`, admin, {
      role: null,
      reason,
    });
    expect400(res, 'decline reason');
  });

  it('a decline reason on several lines is taken', async () => {
    const requested = await signInAs(t.app, 'requested');
    const res = await inject('PUT', `/api/user/${encodeURIComponent(requested.user.email)}`, admin, {
      role: null,
      reason: 'The picture is blurred.\r\nSend a sharper one.',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(NOT_PLAIN)("a host's cancellation reason %j -> 400", async (reason) => {
    expect400(await inject('POST', `/api/host/reservations/${randomUUID()}/cancel`, host, { reason }), 'cancel');
  });

  it.each(NOT_PLAIN)("a guest's note to the host %j -> 400", async (message) => {
    const guest = await signInAs(t.app, 'guest');
    expect400(await inject('PATCH', `/api/bookings/${randomUUID()}`, guest, { message }), 'note');
  });

  it.each(NOT_PLAIN)('a private block note %j -> 400', async (note) => {
    const res = await inject('POST', `/api/home/${randomUUID()}/blocks`, host, {
      from: '2026-12-10',
      to: '2026-12-12',
      note,
    });
    expect400(res, 'block note');
  });
});
