/**
 * The authorisation matrix's cases for the operator's books (issue 28); src/server/authz-matrix.test.ts
 * spreads them into its MATRIX.
 */
import { only, type Case } from './authz-cases';
import type { MatrixContext } from './authz-calendar-cases';

export function ledgerCases({ freshBooking }: MatrixContext): Record<string, Case[]> {
  return {
    'GET /api/admin/ledger': [
      {
        name: "a booking's ledger lines",
        request: async () => ({ method: 'GET', url: `/api/admin/ledger?bookingId=${await freshBooking()}` }),
        expect: only({ admin: 200 }),
      },
      {
        name: 'an unknown filter (admins pass the role guard)',
        request: () => ({ method: 'GET', url: '/api/admin/ledger?host=me' }),
        expect: only({ admin: 400 }),
      },
    ],
    'GET /api/admin/ledger.csv': [
      {
        name: "a period's ledger as CSV",
        request: () => ({ method: 'GET', url: '/api/admin/ledger.csv?from=2026-11-01&to=2026-12-01' }),
        expect: only({ admin: 200 }),
      },
    ],
    'GET /api/admin/finance': [
      {
        name: "this month's figures",
        request: () => ({ method: 'GET', url: '/api/admin/finance' }),
        expect: only({ admin: 200 }),
      },
    ],
  };
}
