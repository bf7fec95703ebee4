/**
 * The authorisation matrix's cases for security deposits (issue 27); src/server/authz-matrix.test.ts
 * spreads them into its MATRIX.
 */
import { only, signedIn, type Case } from './authz-cases';
import type { MatrixContext } from './authz-calendar-cases';

export function depositCases({ freshBooking }: MatrixContext): Record<string, Case[]> {
  return {
    'GET /api/deposits': [
      {
        name: "the caller's deposits as a guest",
        request: () => ({ method: 'GET', url: '/api/deposits?as=guest' }),
        expect: signedIn(200),
      },
      {
        name: "the deposits at the caller's homes (hosts)",
        request: () => ({ method: 'GET', url: '/api/deposits?as=host' }),
        expect: only({ host: 200, otherHost: 200 }),
      },
    ],
    'POST /api/host/reservations/:id/damage-claim': [
      {
        // Validation runs before the ownership check: both hosts get through the role guard to the 400.
        name: 'empty body (hosts pass the role guard)',
        request: async () => ({
          method: 'POST',
          url: `/api/host/reservations/${await freshBooking()}/damage-claim`,
          payload: {},
        }),
        expect: only({ host: 400, otherHost: 400 }),
      },
      {
        name: "a claim: the home's host only (this stay holds no deposit), another host's as unknown",
        request: async () => ({
          method: 'POST',
          url: `/api/host/reservations/${await freshBooking()}/damage-claim`,
          payload: { amount: 10, reason: 'Broken lamp' },
        }),
        expect: only({ host: 409, otherHost: 404 }),
      },
    ],
    'GET /api/admin/damage-claims': [
      {
        name: 'all damage claims',
        request: () => ({ method: 'GET', url: '/api/admin/damage-claims' }),
        expect: only({ admin: 200 }),
      },
    ],
    'POST /api/admin/damage-claims/:bookingId/decide': [
      {
        name: 'empty body (admins pass the role guard)',
        request: async () => ({
          method: 'POST',
          url: `/api/admin/damage-claims/${await freshBooking()}/decide`,
          payload: {},
        }),
        expect: only({ admin: 400 }),
      },
      {
        name: 'a decision on a stay without a deposit',
        request: async () => ({
          method: 'POST',
          url: `/api/admin/damage-claims/${await freshBooking()}/decide`,
          payload: { release: true },
        }),
        expect: only({ admin: 404 }),
      },
    ],
  };
}
