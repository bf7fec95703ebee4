/**
 * The operator's books (issue 28): the ledger's lines for a period or a booking, as JSON or CSV for
 * the accountant, and a period's figures (GET /api/admin/finance). Everything is read from the
 * ledger itself, so the figures are what the entries say, never a second count.
 */
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { checkInInstant } from '#shared/cancellation';
import type { Booking } from '#shared/schemas/bookings';
import type { FinanceResponse, LedgerEntry, LedgerQuery } from '#shared/schemas/ledger';
import type { Db } from '#server/db/client';
import { ledgerEntries, ledgerTransactions, payoutItems, payouts, type BookingRow } from '#server/db/schema';
import { invalid } from '#server/domain-errors';

/** A date (`2026-11-01`: its start, UTC) or a date-time with an offset. */
export function instantOf(value: string): Date {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  // A well-formed text can still name no instant (an offset past ±24 h): a 400, not a 500.
  if (Number.isNaN(at.getTime())) throw invalid(`${value} is not a date or a date-time`, 'invalid_period');
  return at;
}

/** The period asked for; by default the calendar month (UTC) that `now` is in. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const from = query.from ? instantOf(query.from) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = query.to ? instantOf(query.to) : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  if (to <= from) throw invalid('`to` must be after `from`', 'invalid_period');
  return { from, to };
}

const LEDGER_PAGE_MAX = 5_000;

/** The entries of a period (any by default) and/or one booking, oldest first; at most `limit`. */
export async function listLedger(
  db: Db,
  query: LedgerQuery,
  limit = LEDGER_PAGE_MAX,
): Promise<{ entries: LedgerEntry[]; truncated: boolean }> {
  const where: SQL[] = [];
  if (query.from) where.push(gte(ledgerTransactions.at, instantOf(query.from)));
  if (query.to) where.push(lt(ledgerTransactions.at, instantOf(query.to)));
  if (query.bookingId) where.push(eq(ledgerTransactions.bookingId, query.bookingId));
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      account: ledgerEntries.account,
      hostId: ledgerEntries.hostId,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      bookingId: ledgerTransactions.bookingId,
      payoutId: ledgerTransactions.payoutId,
      kind: ledgerTransactions.kind,
      at: ledgerTransactions.at,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(...where))
    .orderBy(asc(ledgerTransactions.at), asc(ledgerEntries.id))
    .limit(limit + 1);
  return {
    entries: rows.slice(0, limit).map((r) => ({ ...r, amountCents: Number(r.amountCents), at: r.at.toISOString() })),
    truncated: rows.length > limit,
  };
}

const CSV_COLUMNS = [
  'at',
  'transactionId',
  'kind',
  'account',
  'hostId',
  'bookingId',
  'payoutId',
  'amountCents',
  'currency',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted; a leading =+-@ is prefixed so spreadsheets show text. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries as CSV (a header line, then one line per entry; signed cents). */
export function ledgerCsv(entries: LedgerEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) lines.push(CSV_COLUMNS.map((c) => csvField(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const sumWhere = (condition: SQL) =>
  sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${condition}), 0)`;

/** A period's figures: what moved in it, and what is held at its end. */
export async function financeFigures(
  db: Db,
  period: { from: Date; to: Date },
  currency: string,
): Promise<FinanceResponse> {
  const inPeriod = sql`${ledgerTransactions.at} >= ${period.from.toISOString()}::timestamptz`;
  const cash = (kinds: string) =>
    sumWhere(
      sql`${inPeriod} and ${ledgerEntries.account} = 'platform_cash' and ${ledgerTransactions.kind} in (${sql.raw(kinds)})`,
    );
  const account = (name: string, moving: boolean) =>
    sumWhere(
      moving ? sql`${inPeriod} and ${ledgerEntries.account} = ${name}` : sql`${ledgerEntries.account} = ${name}`,
    );
  const [row] = await db
    .select({
      gross: cash(`'charge'`),
      fees: account('platform_fees', true),
      taxes: account('taxes_collected', true),
      refunds: cash(`'refund'`),
      captured: cash(`'deposit_capture'`),
      paid: cash(`'transfer'`),
      // A failed payout's money back: its transfer reversed as a whole (the `transfer_reversal` naming the
      // payout's `transfer` in `reverses`) or taken back after a refused bank payout. A refund's share taken
      // back from a payout that stands is a reversal (`reverses` empty), not a failure.
      failed: sumWhere(
        sql`${inPeriod} and ${ledgerEntries.account} = 'platform_cash' and (${ledgerTransactions.kind} = 'transfer_failed' or (${ledgerTransactions.kind} = 'transfer_reversal' and ${ledgerTransactions.reverses} is not null))`,
      ),
      reversals: sumWhere(
        sql`${inPeriod} and ${ledgerEntries.account} = 'platform_cash' and ${ledgerTransactions.kind} = 'transfer_reversal' and ${ledgerTransactions.reverses} is null`,
      ),
      pending: account('host_pending', false),
      payable: account('host_payable', false),
      depositsHeld: account('deposits_held', false),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    // Everything before the period's end: balances at its end; the `inPeriod` filters pick its movements.
    .where(lt(ledgerTransactions.at, period.to));
  const n = (v: string | undefined) => Number(v ?? 0);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    currency,
    grossBookingsCents: n(row?.gross),
    platformFeesCents: 0 - n(row?.fees),
    taxesCollectedCents: 0 - n(row?.taxes),
    refundsCents: 0 - n(row?.refunds),
    depositsCapturedCents: n(row?.captured),
    payoutsMadeCents: 0 - n(row?.paid),
    payoutsFailedCents: n(row?.failed),
    transferReversalsCents: n(row?.reversals),
    heldForHostsCents: 0 - n(row?.pending) - n(row?.payable),
    depositsHeldCents: 0 - n(row?.depositsHeld),
  };
}

type Split = NonNullable<Booking['split']>;
type SplitBooking = Pick<BookingRow, 'id' | 'checkIn' | 'timeZone'>;

/**
 * Bookings' money splits for the receipt and the host's reservations (issue 28), from their ledger
 * lines: what the guest paid (less refunds), the fee and tax kept, the host's share with the instant
 * it becomes payable, and when a payout sent it. A booking no money was taken for has none.
 */
export async function bookingSplits(
  db: Db,
  list: SplitBooking[],
  payoutDelayHours: number,
): Promise<Map<string, Split>> {
  const out = new Map<string, Split>();
  if (list.length === 0) return out;
  const ids = list.map((b) => b.id);
  const rows = await db
    .select({
      bookingId: ledgerTransactions.bookingId,
      charges: sql<string>`count(*) filter (where ${ledgerTransactions.kind} = 'charge')`,
      cash: sumWhere(sql`${ledgerEntries.account} = 'platform_cash'`),
      fees: sumWhere(sql`${ledgerEntries.account} = 'platform_fees'`),
      taxes: sumWhere(sql`${ledgerEntries.account} = 'taxes_collected'`),
      host: sumWhere(sql`${ledgerEntries.account} in ('host_pending', 'host_payable')`),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    // The stay's own money: its charge and refunds (a deposit capture is not the stay's price).
    .where(and(inArray(ledgerTransactions.bookingId, ids), sql`${ledgerTransactions.kind} in ('charge', 'refund')`))
    .groupBy(ledgerTransactions.bookingId);
  // The paid payout that sent the stay's share (its latest, should a failed one have been sent again).
  const paid = await db
    .select({ bookingId: payoutItems.bookingId, at: sql<Date>`max(${payouts.paidAt})`.mapWith(payouts.paidAt) })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(and(inArray(payoutItems.bookingId, ids), eq(payouts.status, 'paid'), ne(payoutItems.kind, 'refund')))
    .groupBy(payoutItems.bookingId);
  const paidAt = new Map(paid.map((p) => [p.bookingId, p.at]));
  const byId = new Map(list.map((b) => [b.id, b]));
  for (const row of rows) {
    const booking = row.bookingId ? byId.get(row.bookingId) : undefined;
    if (!booking || !Number(row.charges)) continue;
    const payableAt = checkInInstant(booking.checkIn, booking.timeZone).getTime() + payoutDelayHours * 3_600_000;
    const sent = paidAt.get(booking.id);
    out.set(booking.id, {
      paidCents: Number(row.cash),
      serviceFeeCents: 0 - Number(row.fees),
      taxCents: 0 - Number(row.taxes),
      hostPayoutCents: 0 - Number(row.host),
      hostPayoutAt: new Date(payableAt).toISOString(),
      paidOutAt: sent ? new Date(sent).toISOString() : null,
    });
  }
  return out;
}

/** One booking's split (its receipt); null when no money was taken for it. */
export async function bookingSplit(db: Db, booking: SplitBooking, payoutDelayHours: number): Promise<Split | null> {
  return (await bookingSplits(db, [booking], payoutDelayHours)).get(booking.id) ?? null;
}
