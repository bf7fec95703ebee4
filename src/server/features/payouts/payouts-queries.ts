/** What a host sees of their payouts: balance, what the next payouts are made of, history, CSV. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { HostPayouts } from '#shared/schemas/payouts';
import { checkInInstant } from '#shared/cancellation';
import { bookings, ledgerEntries, ledgerTransactions, payoutItems, payouts } from '#server/db/schema';
import { hostBalances } from '../ledger/ledger-post';
import { payoutAccountOf } from './payouts-accounts';
import { currencyOf, unpaidEntries, type PayoutDeps } from './payouts-model';

type Line = HostPayouts['history'][number]['lines'][number];

async function stays(deps: PayoutDeps, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map<string, typeof bookings.$inferSelect>();
  const rows = await deps.db.select().from(bookings).where(inArray(bookings.id, wanted));
  return new Map(rows.map((b) => [b.id, b]));
}

function lineOf(
  item: { bookingId: string | null; kind: string; amountCents: number },
  byId: Map<string, typeof bookings.$inferSelect>,
): Line {
  const b = item.bookingId ? byId.get(item.bookingId) : undefined;
  return {
    bookingId: item.bookingId,
    title: b?.title ?? null,
    checkIn: b?.checkIn ?? null,
    checkOut: b?.checkOut ?? null,
    kind: item.kind,
    amountCents: item.amountCents,
  };
}

/** Shares still pending (before check-in + the payout delay), one line per stay. */
async function pendingShares(deps: PayoutDeps, hostId: string) {
  return deps.db
    .select({
      bookingId: ledgerTransactions.bookingId,
      amountCents: sql<number>`(0 - sum(${ledgerEntries.amountCents}))::int`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.hostId, hostId), eq(ledgerEntries.account, 'host_pending')))
    .groupBy(ledgerTransactions.bookingId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
}

async function history(deps: PayoutDeps, hostId: string) {
  const rows = await deps.db
    .select()
    .from(payouts)
    .where(eq(payouts.hostId, hostId))
    .orderBy(desc(payouts.createdAt))
    .limit(200);
  const items = rows.length
    ? await deps.db
        .select()
        .from(payoutItems)
        .where(
          inArray(
            payoutItems.payoutId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(payoutItems.id)
    : [];
  return { rows, items };
}

export async function hostPayoutsView(deps: PayoutDeps, hostId: string): Promise<HostPayouts> {
  const [balance, account, unpaid, pending, past] = await Promise.all([
    hostBalances(deps.db, hostId),
    payoutAccountOf(deps, hostId),
    unpaidEntries(deps.db, hostId),
    pendingShares(deps, hostId),
    history(deps, hostId),
  ]);
  const byId = await stays(deps, [
    ...unpaid.map((u) => u.bookingId),
    ...pending.map((p) => p.bookingId),
    ...past.items.map((i) => i.bookingId),
  ]);
  const delayMs = (deps.ledger?.payoutDelayHours ?? 24) * 3_600_000;
  const upcoming = [
    ...unpaid.map((u) => ({ ...lineOf(u, byId), availableAt: null })),
    ...pending.map((p) => {
      const b = p.bookingId ? byId.get(p.bookingId) : undefined;
      const availableAt = b ? new Date(checkInInstant(b.checkIn, b.timeZone).getTime() + delayMs) : null;
      return { ...lineOf({ ...p, kind: 'host_pending' }, byId), availableAt: availableAt?.toISOString() ?? null };
    }),
  ];
  return {
    currency: currencyOf(deps),
    balance,
    account,
    upcoming,
    history: past.rows.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      failure: p.status === 'failed' ? (p.failureMessage ?? p.failureCode ?? 'failed') : null,
      lines: past.items.filter((i) => i.payoutId === p.id).map((i) => lineOf(i, byId)),
    })),
  };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) && typeof v !== 'number' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** One row per payout line: the payout, its status and dates, the stay, the amount (a deduction negative). */
export async function hostPayoutsCsv(deps: PayoutDeps, hostId: string): Promise<string> {
  const view = await hostPayoutsView(deps, hostId);
  const header = ['payout_id', 'status', 'created_at', 'paid_at', 'booking_id', 'home', 'check_in', 'check_out'];
  const rows = [[...header, 'kind', 'amount_cents', 'currency'].join(',')];
  for (const p of view.history) {
    for (const l of p.lines) {
      rows.push(
        [p.id, p.status, p.createdAt, p.paidAt, l.bookingId, l.title, l.checkIn, l.checkOut, l.kind, l.amountCents]
          .concat(p.currency)
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}
