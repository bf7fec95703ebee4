/**
 * The authorisation matrix's cases for a home's calendar and blocks, the host's reservations and
 * the iCal calendar sync routes (issue 11) and a home's price periods (issue 27), kept apart so the matrix file stays small;
 * src/server/authz-matrix.test.ts spreads them into its MATRIX.
 */
import { calendarImports, homeBlocks, pricePeriods } from '../db/schema';
import { all, only, type Case } from './authz-cases';
import type { Actor, SignedIn, TestApp } from './test-app';

export interface MatrixContext {
  t: TestApp;
  who: () => Record<Exclude<Actor, 'anonymous'>, SignedIn>;
  /** The home of `host`'s the matrix made first. */
  homeId: () => string;
  /** A new home of `host`'s. */
  freshHome: () => Promise<string>;
  /** A new confirmed booking by `guest` at a new home of `host`'s. */
  freshBooking: () => Promise<string>;
  /** A new booking request (requested, card authorised) by `guest` at a new request-mode home of `host`'s. */
  freshRequest: () => Promise<string>;
}

/** Loopback: refused at once by the default fetch policy, so a sync answers without waiting on a network. */
const UNREACHABLE_FEED = 'http://127.0.0.1:9/feed.ics';

export function calendarCases({
  t,
  who,
  homeId,
  freshHome,
  freshBooking,
  freshRequest,
}: MatrixContext): Record<string, Case[]> {
  const freshImport = async () => {
    const homeId = await freshHome();
    const [row] = await t.db
      .insert(calendarImports)
      .values({ homeId, name: 'Other channel', url: UNREACHABLE_FEED })
      .returning();
    return { homeId, importId: row!.id };
  };
  return {
    'GET /api/host/reservations': [
      {
        name: "the caller's reservations",
        request: () => ({ method: 'GET', url: '/api/host/reservations' }),
        expect: only({ host: 200, otherHost: 200, admin: 200 }),
      },
      {
        name: "the host's reservations (?hostEmail=)",
        request: () => ({
          method: 'GET',
          url: `/api/host/reservations?hostEmail=${encodeURIComponent(who().host.user.email)}`,
        }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'GET /api/host/requests/count': [
      {
        name: "the caller's open requests",
        request: () => ({ method: 'GET', url: '/api/host/requests/count' }),
        expect: only({ host: 200, otherHost: 200, admin: 200 }),
      },
    ],
    'POST /api/host/reservations/:id/cancel': [
      {
        name: "cancel a fresh stay at the host's home",
        request: async () => ({
          method: 'POST',
          url: `/api/host/reservations/${await freshBooking()}/cancel`,
          payload: { reason: 'The roof leaks' },
        }),
        // Another host gets 404, as for an unknown id: the booking is not theirs to learn about.
        expect: { ...only({ host: 200, admin: 200 }), otherHost: 404 },
      },
    ],
    'POST /api/host/reservations/:id/accept': [
      {
        name: "accept a fresh request at the host's home",
        request: async () => ({ method: 'POST', url: `/api/host/reservations/${await freshRequest()}/accept` }),
        // Another host gets 404, as for an unknown id.
        expect: { ...only({ host: 200, admin: 200 }), otherHost: 404 },
      },
    ],
    'POST /api/host/reservations/:id/decline': [
      {
        name: "decline a fresh request at the host's home",
        request: async () => ({
          method: 'POST',
          url: `/api/host/reservations/${await freshRequest()}/decline`,
          payload: { message: 'Sorry, not these dates' },
        }),
        expect: { ...only({ host: 200, admin: 200 }), otherHost: 404 },
      },
    ],
    'GET /api/calendar/:token.ics': [
      {
        name: "a home's secret feed",
        request: async () => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/home/${await freshHome()}/calendar-feed`,
            headers: who().host.headers,
          });
          return { method: 'GET', url: new URL((res.json() as { url: string }).url).pathname };
        },
        expect: all(200),
      },
      {
        name: 'an unknown feed',
        request: () => ({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` }),
        expect: all(404),
      },
    ],
    'GET /api/home/:id/calendar-feed': [
      {
        name: "the home's feed URL",
        request: async () => ({ method: 'GET', url: `/api/home/${await freshHome()}/calendar-feed` }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'POST /api/home/:id/calendar-feed/rotate': [
      {
        name: "rotate the home's feed",
        request: async () => ({ method: 'POST', url: `/api/home/${await freshHome()}/calendar-feed/rotate` }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'GET /api/home/:id/calendar-imports': [
      {
        name: "the home's imports",
        request: async () => ({ method: 'GET', url: `/api/home/${await freshHome()}/calendar-imports` }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'POST /api/home/:id/calendar-imports': [
      {
        name: 'import a feed into a fresh home',
        request: async () => ({
          method: 'POST',
          url: `/api/home/${await freshHome()}/calendar-imports`,
          payload: { url: UNREACHABLE_FEED, name: 'Other channel' },
        }),
        expect: only({ host: 201, admin: 201 }),
      },
    ],
    'DELETE /api/home/:id/calendar-imports/:importId': [
      {
        name: 'delete a fresh import',
        request: async () => {
          const { homeId, importId } = await freshImport();
          return { method: 'DELETE', url: `/api/home/${homeId}/calendar-imports/${importId}` };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'POST /api/home/:id/calendar-imports/:importId/sync': [
      {
        name: 'sync a fresh import',
        request: async () => {
          const { homeId, importId } = await freshImport();
          return { method: 'POST', url: `/api/home/${homeId}/calendar-imports/${importId}/sync` };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'GET /api/home/:id/unavailable': [
      {
        name: 'taken dates of a home',
        request: () => ({ method: 'GET', url: `/api/home/${homeId()}/unavailable` }),
        expect: all(200),
      },
    ],
    'GET /api/home/:id/calendar': [
      {
        name: "the host's home calendar",
        request: () => ({ method: 'GET', url: `/api/home/${homeId()}/calendar?from=2026-12-01&to=2027-01-01` }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'POST /api/home/:id/blocks': [
      {
        name: "block nights of a fresh home of the host's",
        request: async () => ({
          method: 'POST',
          url: `/api/home/${await freshHome()}/blocks`,
          payload: { from: '2026-12-10', to: '2026-12-12', note: 'Repairs' },
        }),
        expect: only({ host: 201, admin: 201 }),
      },
    ],
    'DELETE /api/home/:id/blocks': [
      {
        name: "unblock some nights of a fresh block of the host's",
        request: async () => {
          const home = await freshHome();
          await t.db.insert(homeBlocks).values({ homeId: home, stay: '[2026-12-10,2026-12-14)', source: 'host' });
          return { method: 'DELETE', url: `/api/home/${home}/blocks?from=2026-12-11&to=2026-12-12` };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'GET /api/home/:id/price-periods': [
      {
        name: "the home's price periods",
        request: () => ({ method: 'GET', url: `/api/home/${homeId()}/price-periods` }),
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'POST /api/home/:id/price-periods': [
      {
        name: "price nights of a fresh home of the host's",
        request: async () => ({
          method: 'POST',
          url: `/api/home/${await freshHome()}/price-periods`,
          payload: { from: '2026-12-10', to: '2026-12-12', price: 180 },
        }),
        expect: only({ host: 201, admin: 201 }),
      },
    ],
    'PATCH /api/home/:id/price-periods/:periodId': [
      {
        name: "change the price of a fresh price period of the host's",
        request: async () => {
          const home = await freshHome();
          const [period] = await t.db
            .insert(pricePeriods)
            .values({ homeId: home, fromDate: '2026-12-10', toDate: '2026-12-12', priceCents: 18_000 })
            .returning();
          return {
            method: 'PATCH',
            url: `/api/home/${home}/price-periods/${period!.id}`,
            payload: { price: 190 },
          };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'DELETE /api/home/:id/price-periods/:periodId': [
      {
        name: "remove a fresh price period of the host's",
        request: async () => {
          const home = await freshHome();
          const [period] = await t.db
            .insert(pricePeriods)
            .values({ homeId: home, fromDate: '2026-12-10', toDate: '2026-12-12', priceCents: 18_000 })
            .returning();
          return { method: 'DELETE', url: `/api/home/${home}/price-periods/${period!.id}` };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
    'DELETE /api/home/:id/blocks/:blockId': [
      {
        name: "unblock a fresh block of the host's",
        request: async () => {
          const home = await freshHome();
          const [block] = await t.db
            .insert(homeBlocks)
            .values({ homeId: home, stay: '[2026-12-10,2026-12-12)', source: 'host' })
            .returning();
          return { method: 'DELETE', url: `/api/home/${home}/blocks/${block!.id}` };
        },
        expect: only({ host: 200, admin: 200 }),
      },
    ],
  };
}
