/**
 * The authorisation matrix: every API route (read from Fastify's route table)
 * x every kind of caller -> the expected status. A route without an entry
 * fails the first test: add it to MATRIX with its expectations.
 *
 * Callers: anonymous, guest (no role), requested, host, otherHost (a host who
 * does not own the target), admin. Targets belong to `host` (home), `guest`
 * (booking) and `requested` (document), made fresh per call where a call
 * changes them. An allowed caller with a deliberately empty body gets 400:
 * that proves the guard let them through without creating anything.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './features/uploads/fixtures/multipart';
import { ownerTag } from './features/uploads/uploads-service';
import { accountDataCases } from './test/authz-account-data-cases';
import { calendarCases } from './test/authz-calendar-cases';
import { depositCases } from './test/authz-deposit-cases';
import { ledgerCases } from './test/authz-ledger-cases';
import { moderationCases } from './test/authz-moderation-cases';
import { payoutCases } from './test/authz-payout-cases';
import { socialCases } from './test/authz-social-cases';
import { ACTORS, all, only, signedIn, type Case, type Expect, type Request } from './test/authz-cases';
import { auditCases, auditedRoutesNeverSucceeding, auditRowsOf, unauditedAdminRoutes } from './test/authz-audit';
import { insertBooking, insertHome } from './test/factories';
import { signInAs, useTestApp, type Actor, type SignedIn } from './test/test-app';
import { bookStay } from './test/booking-test-helpers';
import { addDays } from '#shared/stay';

const t = useTestApp();

let who: Record<Exclude<Actor, 'anonymous'>, SignedIn>;
let homeId: string;

async function freshHome() {
  return (await insertHome(t.db, { hostId: who.host.user.id, hostEmail: who.host.user.email })).id;
}
let bookedHomeId: string;
async function freshBooking() {
  const home = await insertHome(t.db, { hostId: who.host.user.id, hostEmail: who.host.user.email });
  bookedHomeId = home.id;
  return (
    await insertBooking(t.db, home, {
      guestId: who.guest.user.id,
      guestEmail: who.guest.user.email,
      status: 'confirmed',
    })
  ).id;
}
let requestNights = 0;
/** A request (card authorised) by `guest` at a new request-mode home of `host`'s, through the API. */
async function freshRequest() {
  const home = await insertHome(t.db, {
    hostId: who.host.user.id,
    hostEmail: who.host.user.email,
    bookingMode: 'request',
  });
  const checkIn = addDays('2026-12-01', 2 * requestNights++);
  return (await bookStay(t.app, who.guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, 1) })).bookingId;
}
async function document(ofUserId: string) {
  const key = `doc-${ownerTag(ofUserId)}-${randomBytes(16).toString('hex')}.webp`;
  await t.storage.put(key, Buffer.from('RIFF\0\0\0\0WEBPVP8 '), { contentType: 'image/webp', visibility: 'private' });
  return key;
}

let picture: Buffer;
/** A real picture as multipart, so an allowed caller gets all the way to a stored upload. */
function pictureUpload(query: string): Request {
  const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: picture }]);
  return { method: 'POST', url: `/api/uploads${query}`, payload: body.payload, headers: body.headers };
}

const homeEdit = {
  location: 'Lisbon, Portugal',
  title: 'Edited',
  price: 120,
  total_guest: 2,
  bedrooms: 1,
  bathrooms: 1,
  description: 'Edited.',
};

/** Keyed by "METHOD /url" exactly as Fastify registers it. */
const MATRIX: Record<string, Case[]> = {
  'GET /api/health': [{ name: 'health', request: () => ({ method: 'GET', url: '/api/health' }), expect: all(200) }],
  // Readiness is public like health (load balancers call it without credentials) and tells nothing but up/down.
  'GET /api/ready': [{ name: 'ready', request: () => ({ method: 'GET', url: '/api/ready' }), expect: all(200) }],
  'GET /api/auth-config': [
    { name: 'sign-in options', request: () => ({ method: 'GET', url: '/api/auth-config' }), expect: all(200) },
  ],

  'GET /api/users': [
    { name: 'all users', request: () => ({ method: 'GET', url: '/api/users' }), expect: only({ admin: 200 }) },
  ],
  'GET /api/user/:email': [
    {
      name: "the host's record",
      request: () => ({ method: 'GET', url: `/api/user/${who.host.user.email}` }),
      expect: only({ host: 200, admin: 200 }),
    },
  ],
  'PUT /api/user/:email': [
    {
      name: "token for the host's email",
      request: () => ({
        method: 'PUT',
        url: `/api/user/${who.host.user.email}`,
        payload: { email: who.host.user.email },
      }),
      expect: only({ host: 200 }),
    },
    {
      name: 'approval of a fresh requested user',
      request: async () => {
        const requested = await signInAs(t.app, 'requested');
        return { method: 'PUT', url: `/api/user/${requested.user.email}`, payload: { role: 'host' } };
      },
      expect: only({ admin: 200 }),
    },
    {
      name: 'role admin for the host',
      request: () => ({
        method: 'PUT',
        url: `/api/user/${who.host.user.email}`,
        payload: { email: who.host.user.email, role: 'admin' },
      }),
      expect: only({}),
    },
  ],

  'GET /api/homes': [
    { name: 'all homes', request: () => ({ method: 'GET', url: '/api/homes' }), expect: all(200) },
    {
      name: "the host's homes (?email=)",
      request: () => ({ method: 'GET', url: `/api/homes?email=${encodeURIComponent(who.host.user.email)}` }),
      expect: only({ host: 200, admin: 200 }),
    },
  ],
  'GET /api/places': [
    { name: 'place suggestions', request: () => ({ method: 'GET', url: '/api/places?q=Lis' }), expect: all(200) },
  ],
  'GET /api/geocode': [
    { name: 'a place on the map', request: () => ({ method: 'GET', url: '/api/geocode?q=Lisbon' }), expect: all(200) },
  ],
  'GET /api/homes/price-histogram': [
    {
      name: 'price histogram',
      request: () => ({ method: 'GET', url: '/api/homes/price-histogram?location=Lisbon' }),
      expect: all(200),
    },
  ],
  'GET /api/home/:id': [
    { name: 'one home', request: () => ({ method: 'GET', url: `/api/home/${homeId}` }), expect: all(200) },
  ],
  'POST /api/homes': [
    {
      name: 'add a home (empty body)',
      request: () => ({ method: 'POST', url: '/api/homes', payload: {} }),
      expect: only({ host: 400, otherHost: 400 }),
    },
  ],
  'PUT /api/home/:id': [
    {
      name: "edit the host's home",
      request: () => ({ method: 'PUT', url: `/api/home/${homeId}`, payload: homeEdit }),
      expect: only({ host: 200 }),
    },
  ],
  'DELETE /api/homes/:id': [
    {
      name: "delete a fresh home of the host's",
      request: async () => ({ method: 'DELETE', url: `/api/homes/${await freshHome()}` }),
      expect: only({ host: 200, admin: 200 }),
    },
    {
      name: "delete a booked home of the host's (409 only past the guard)",
      request: async () => {
        await freshBooking();
        return { method: 'DELETE', url: `/api/homes/${bookedHomeId}` };
      },
      expect: only({ host: 409, admin: 409 }),
    },
  ],

  'POST /api/payment-intent': [
    {
      name: 'hold (empty body)',
      request: () => ({ method: 'POST', url: '/api/payment-intent', payload: {} }),
      expect: signedIn(400),
    },
  ],
  'POST /api/bookings': [
    {
      name: 'confirm (empty body)',
      request: () => ({ method: 'POST', url: '/api/bookings', payload: {} }),
      expect: signedIn(400),
    },
  ],
  'GET /api/bookings': [
    { name: 'all bookings', request: () => ({ method: 'GET', url: '/api/bookings' }), expect: only({ admin: 200 }) },
    {
      name: "the guest's bookings (?email=)",
      request: () => ({ method: 'GET', url: `/api/bookings?email=${encodeURIComponent(who.guest.user.email)}` }),
      expect: only({ guest: 200, admin: 200 }),
    },
  ],
  'DELETE /api/bookings/:id': [
    {
      name: "cancel a fresh booking of the guest's",
      request: async () => ({ method: 'DELETE', url: `/api/bookings/${await freshBooking()}` }),
      // Anyone else gets 404, as for an unknown id: a booking's existence is not theirs to learn.
      expect: only({ guest: 200, admin: 200 }, 404),
    },
  ],
  'PATCH /api/bookings/:id': [
    {
      name: 'note on a hold (empty body)',
      request: () => ({ method: 'PATCH', url: '/api/bookings/00000000-0000-4000-8000-000000000000', payload: {} }),
      expect: signedIn(400),
    },
  ],
  'POST /api/payment-intent/:id/release': [
    {
      name: 'release an unknown intent',
      request: () => ({ method: 'POST', url: '/api/payment-intent/pi_sbx_unknown/release' }),
      expect: signedIn(404),
    },
  ],

  'GET /api/home/:id/quote': [
    {
      name: 'price of a stay',
      request: () => ({ method: 'GET', url: `/api/home/${homeId}/quote?checkIn=2026-12-10&checkOut=2026-12-12` }),
      expect: all(200),
    },
    {
      name: 'price of a stay for 2 guests (public, as the details page shows it)',
      request: () => ({
        method: 'GET',
        url: `/api/home/${homeId}/quote?checkIn=2026-12-10&checkOut=2026-12-12&guests=2`,
      }),
      expect: all(200),
    },
  ],
  'GET /api/bookings/:id/cancellation': [
    {
      name: "refund of cancelling the guest's booking",
      request: async () => ({ method: 'GET', url: `/api/bookings/${await freshBooking()}/cancellation` }),
      expect: only({ guest: 200, admin: 200 }, 404),
    },
  ],
  'GET /api/bookings/:id/receipt': [
    {
      name: "receipt of the guest's booking (the host's home)",
      request: async () => ({ method: 'GET', url: `/api/bookings/${await freshBooking()}/receipt` }),
      expect: only({ guest: 200, host: 200, admin: 200 }, 404),
    },
  ],
  'GET /api/bookings/history': [
    { name: 'own history', request: () => ({ method: 'GET', url: '/api/bookings/history' }), expect: signedIn(200) },
    {
      name: "history of one's homes",
      request: () => ({ method: 'GET', url: '/api/bookings/history?as=host' }),
      expect: only({ host: 200, otherHost: 200, admin: 200 }),
    },
    {
      name: "everyone's history",
      request: () => ({ method: 'GET', url: '/api/bookings/history?as=admin' }),
      expect: only({ admin: 200 }),
    },
  ],
  'GET /api/payments/config': [
    { name: 'card form', request: () => ({ method: 'GET', url: '/api/payments/config' }), expect: all(200) },
  ],
  'POST /api/payments/sandbox/confirm': [
    {
      name: 'pay (empty body)',
      request: () => ({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: {} }),
      expect: signedIn(400),
    },
  ],
  // Public by design: Stripe calls it, the signature is the authentication. Not the provider in tests: 404.
  'POST /api/webhooks/stripe': [
    {
      name: 'webhook without signature',
      request: () => ({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      expect: all(404),
    },
  ],

  'POST /api/uploads': [
    {
      name: 'upload without a file',
      request: () => ({ method: 'POST', url: '/api/uploads', payload: {} }),
      expect: signedIn(415),
    },
    { name: 'upload a picture', request: () => pictureUpload(''), expect: signedIn(200) },
    { name: 'upload a document', request: () => pictureUpload('?purpose=document'), expect: signedIn(200) },
  ],
  'GET /api/documents/:key': [
    {
      name: "the requested user's document",
      request: async () => ({ method: 'GET', url: `/api/documents/${await document(who.requested.user.id)}` }),
      expect: only({ requested: 200, admin: 200 }),
    },
  ],
  ...calendarCases({
    t,
    who: () => who,
    homeId: () => homeId,
    freshHome,
    freshBooking: async () => freshBooking(),
    freshRequest,
  }),
  ...socialCases({
    t,
    who: () => who,
    homeId: () => homeId,
    freshHome,
    freshBooking: async () => freshBooking(),
    freshRequest,
  }),
  ...depositCases({
    t,
    who: () => who,
    homeId: () => homeId,
    freshHome,
    freshBooking: async () => freshBooking(),
    freshRequest,
  }),
  ...ledgerCases({
    t,
    who: () => who,
    homeId: () => homeId,
    freshHome,
    freshBooking: async () => freshBooking(),
    freshRequest,
  }),
  ...payoutCases(),
  ...auditCases(),
  ...accountDataCases(),
  ...moderationCases({ t }),
};

const EXCLUDED = (method: string, url: string) =>
  method === 'HEAD' || url.startsWith('/api/auth/') || url.startsWith('/api/docs') || !url.startsWith('/api/');

describe('authorisation matrix', () => {
  beforeAll(async () => {
    const [guest, requested, host, otherHost, admin] = await Promise.all([
      signInAs(t.app, 'guest'),
      signInAs(t.app, 'requested'),
      signInAs(t.app, 'host'),
      signInAs(t.app, 'host'),
      signInAs(t.app, 'admin'),
    ]);
    who = { guest: guest!, requested: requested!, host: host!, otherHost: otherHost!, admin: admin! };
    homeId = await freshHome();
    picture = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer();
  });

  it('has an entry for every API route (a new route without an entry fails here)', () => {
    const routes = t.app.routeTable.filter((r) => !EXCLUDED(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !MATRIX[r]);
    expect(missing, 'new route(s) without an entry in MATRIX').toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(stale, 'MATRIX entries for routes that no longer exist').toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const c of cases) {
      it(`${route} — ${c.name}`, async () => {
        const got: Partial<Expect> = {};
        for (const actor of ACTORS) {
          const request = await c.request();
          const auth = actor === 'anonymous' ? {} : who[actor].headers;
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...auth } });
          got[actor] = res.statusCode;
          if (res.statusCode >= 500) throw new Error(`${actor}: ${res.statusCode} ${res.body}`);
          const entry = t.app.routeTable.find((r) => `${r.method} ${r.url}` === route);
          expect(await auditRowsOf(t.db, entry, actor, res, who.admin.user.id), `audit log, ${actor}`).toBeNull();
        }
        expect(got).toEqual(c.expect);
      });
    }
  }

  it('audits every route an admin can call to change something, export or read private content (ADR 0059)', () => {
    const routes = t.app.routeTable.filter((r) => !EXCLUDED(r.method, r.url));
    expect(unauditedAdminRoutes(routes, MATRIX), 'admin route(s) without config.audit').toEqual([]);
    expect(auditedRoutesNeverSucceeding(routes, MATRIX), 'audited route(s) with no successful admin case').toEqual([]);
  });

  it('signs the same callers in by bearer token as by cookie', async () => {
    for (const actor of ['guest', 'host', 'admin'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: who[actor].bearer });
      expect(res.statusCode).toBe(actor === 'admin' ? 200 : 403);
    }
  });
});
