/** The operator's books (issue 28): a period's figures and a booking's ledger lines (admins). */
import {
  financeResponseSchema,
  ledgerResponseSchema,
  type FinanceResponse,
  type LedgerEntry,
} from '#shared/schemas/ledger';
import { apiRequest } from '#client/lib/api';

export interface Period {
  from: string;
  to: string;
}

export const financeKeys = {
  all: ['finance'] as const,
  figures: (p: Period) => ['finance', 'figures', p.from, p.to] as const,
  booking: (bookingId: string) => ['finance', 'booking', bookingId] as const,
};

const periodQuery = (p: Period) => `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

export async function fetchFinance(p: Period, signal?: AbortSignal): Promise<FinanceResponse> {
  return (await apiRequest(`/api/admin/finance?${periodQuery(p)}`, financeResponseSchema, { signal })).data;
}

export async function fetchBookingLedger(bookingId: string, signal?: AbortSignal): Promise<LedgerEntry[]> {
  const path = `/api/admin/ledger?bookingId=${encodeURIComponent(bookingId)}`;
  return (await apiRequest(path, ledgerResponseSchema, { signal })).data.entries;
}

/** The CSV export of a period (a plain link: the browser downloads it with the session cookie). */
export const ledgerCsvUrl = (p: Period) => `/api/admin/ledger.csv?${periodQuery(p)}`;

/** This calendar month (UTC, as the server counts periods): its first day and the next month's. */
export function thisMonth(now: Date): Period {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from: first.toISOString().slice(0, 10), to: next.toISOString().slice(0, 10) };
}
