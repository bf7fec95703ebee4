/**
 * host_share_available (issue 28): a host's share of a stay becomes payable PAYOUT_DELAY_HOURS after
 * check-in (the check-in instant in the home's time zone, as the cancellation rules count it). The
 * payouts job calls `releaseDueHostShares` before it pays; each booking's share moves once
 * (`available:<bookingId>`), whatever was refunded before it stays behind.
 */
import { and, eq, sql } from 'drizzle-orm';
import { checkInInstant } from '#shared/cancellation';
import type { LedgerSettings } from '#server/app-context';
import type { Db } from '#server/db/client';
import { bookings, ledgerEntries, ledgerTransactions } from '#server/db/schema';
import { REFUND_FAILED, REFUND_OWED } from '../bookings/bookings-model';
import { postLedgerTransaction } from './ledger-post';

/**
 * A stay whose money is settled: it stands (confirmed), or it was cancelled and its refund went
 * through (or none was owed). A refund still owed or failed keeps the share back: the guest's money
 * may yet come out of it.
 */
const SETTLED = sql`(${bookings.status} = 'confirmed' or (${bookings.refundId} is not null and ${bookings.refundId} not in (${REFUND_OWED}, ${REFUND_FAILED})))`;

interface Due {
  bookingId: string;
  checkIn: string;
  timeZone: string;
}

/** Bookings with a host share still pending whose check-in day (UTC, a day's margin for zones ahead) is near enough. */
async function candidates(db: Db, now: Date, delayHours: number, limit: number): Promise<Due[]> {
  const latest = new Date(now.getTime() - delayHours * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  return db
    .select({ bookingId: bookings.id, checkIn: bookings.checkIn, timeZone: bookings.timeZone })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(bookings, eq(bookings.id, ledgerTransactions.bookingId))
    .where(and(eq(ledgerEntries.account, 'host_pending'), sql`${bookings.checkIn} <= ${latest}`, SETTLED))
    .groupBy(bookings.id, bookings.checkIn, bookings.timeZone)
    .having(sql`sum(${ledgerEntries.amountCents}) < 0`)
    .orderBy(bookings.checkIn)
    .limit(limit);
}

/** Moves one booking's pending share, under its row's lock (a refund recorded at once waits, then sees it moved). */
async function releaseOne(db: Db, bookingId: string, now: Date, currency: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${bookings} where ${bookings.id} = ${bookingId} for update`);
    const rows = await tx
      .select({ hostId: ledgerEntries.hostId, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerEntries.account, 'host_pending')))
      .groupBy(ledgerEntries.hostId);
    const lines = rows.flatMap((r) => {
      const pending = 0 - Number(r.sum);
      return pending > 0
        ? [
            { account: 'host_pending' as const, amountCents: pending, hostId: r.hostId },
            { account: 'host_payable' as const, amountCents: -pending, hostId: r.hostId },
          ]
        : [];
    });
    if (!lines.length) return false;
    const { created } = await postLedgerTransaction(tx, {
      kind: 'host_share_available',
      idempotencyKey: `available:${bookingId}`,
      bookingId,
      at: now,
      currency,
      lines,
    });
    return created;
  });
}

/**
 * One pass: every paid stay whose check-in + PAYOUT_DELAY_HOURS has passed by `now` has its host's
 * share moved from host_pending to host_payable. Answers how many moved. Safe to run on several
 * processes at once (the booking lock and the idempotency key).
 */
export async function releaseDueHostShares(
  db: Db,
  now: Date,
  settings: Partial<LedgerSettings> = {},
  limit = 500,
): Promise<number> {
  const delayHours = settings.payoutDelayHours ?? 24;
  const currency = settings.currency ?? 'usd';
  let moved = 0;
  for (const due of await candidates(db, now, delayHours, limit)) {
    const payableAt = checkInInstant(due.checkIn, due.timeZone).getTime() + delayHours * 3_600_000;
    if (payableAt > now.getTime()) continue;
    if (await releaseOne(db, due.bookingId, now, currency)) moved++;
  }
  return moved;
}
