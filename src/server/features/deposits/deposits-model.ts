/** What the deposit services share: their dependencies, a row as the API shows it, the release instant. */
import { sql } from 'drizzle-orm';
import { centsToAmount } from '#shared/money';
import type { Deposit } from '#shared/schemas/deposits';
import { zonedTimeToUtc } from '#shared/time-zones';
import { bookings, type BookingRow, type SecurityDepositRow } from '#server/db/schema';
import type { BookingDeps } from '../bookings/bookings-model';

/** DEPOSIT_RELEASE_DAYS: a deposit is released this many days after check-out unless a damage claim came first. */
const DEFAULT_DEPOSIT_RELEASE_DAYS = 3;

export type DepositDeps = BookingDeps & { deposits?: { releaseDays: number } };

/** The stay's check-out (the home's check-out time on that day, in the zone it was booked in) + the release days. */
export function releaseAtOf(
  deps: DepositDeps,
  booking: Pick<BookingRow, 'checkOut' | 'timeZone'>,
  checkOutTime: string | null,
): Date {
  const days = deps.deposits?.releaseDays ?? DEFAULT_DEPOSIT_RELEASE_DAYS;
  const checkOut = zonedTimeToUtc(booking.checkOut, checkOutTime ?? '11:00', booking.timeZone);
  return new Date(checkOut.getTime() + days * 86_400_000);
}

/** Bookings that will never be stayed in: their deposit goes back without waiting for a check-out. */
export const ENDED_WITHOUT_STAY = sql`${bookings.status} in ('expired', 'cancelled', 'declined')`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeposit(row: SecurityDepositRow): Deposit {
  return {
    bookingId: row.bookingId,
    amount: centsToAmount(row.amountCents),
    status: row.status,
    releaseAt: row.releaseAt.toISOString(),
    claim:
      row.claimAmountCents !== null && row.claimReason !== null && row.claimedAt
        ? { amount: centsToAmount(row.claimAmountCents), reason: row.claimReason, filedAt: row.claimedAt.toISOString() }
        : null,
    capturedAmount: row.capturedCents === null ? null : centsToAmount(row.capturedCents),
    decidedAt: iso(row.decidedAt),
    releasedAt: iso(row.releasedAt),
  };
}
