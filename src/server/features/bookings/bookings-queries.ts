/** What the lists and the date picker read. */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '#shared/schemas/bookings';
import { calendarDate } from '#shared/stay';
import { blockDays, holdsNights } from '#server/db/booking-conditions';
import { bookings, homeBlocks, homes, securityDeposits, type BookingRow } from '#server/db/schema';
import { notFound } from '#server/domain-errors';
import { mayManage } from './bookings-cancellation';
import { findBooking, sameEmail, toBooking, type BookingDeps, type Caller } from './bookings-model';
import { ledgerSettingsOf } from '../ledger/ledger-bookings';
import { bookingSplit } from '../ledger/ledger-queries';

/**
 * Bookings with their deposit's state (one row each: the deposit's key is the booking's) and their
 * home's exact point: the guest, the host and admins, the only readers of these lists, may see it
 * once the stay is confirmed (issue 29).
 */
const withDeposit = (deps: BookingDeps) =>
  deps.db
    .select({ booking: bookings, deposit: securityDeposits.status, lat: homes.lat, lng: homes.lng })
    .from(bookings)
    .leftJoin(securityDeposits, eq(securityDeposits.bookingId, bookings.id))
    .leftJoin(homes, eq(homes.id, bookings.homeId));

/** A listed booking, with its home's exact point when it is confirmed. */
function listed(row: {
  booking: BookingRow;
  deposit: Booking['depositStatus'];
  lat: number | null;
  lng: number | null;
}) {
  const booking = toBooking(row.booking, row.deposit);
  if (row.booking.status !== 'confirmed' || row.lat === null || row.lng === null) return booking;
  return { ...booking, exactPoint: { lat: row.lat, lng: row.lng } };
}

/**
 * Bookings newest first: confirmed ones, requests waiting for the host and holds still waiting for
 * payment (with their status), and the requests the host declined or never answered (the guest's
 * answer, ADR 0050). Expired holds and cancelled bookings are left out: the spec's bookings are
 * "deleted by cancel".
 */
export async function listBookings(deps: BookingDeps, filter: { guestEmail?: string }): Promise<Booking[]> {
  const answeredRequest = and(inArray(bookings.status, ['declined', 'expired']), isNotNull(bookings.requestedAt))!;
  const where: SQL[] = [or(holdsNights(deps.clock.now()), answeredRequest)!];
  if (filter.guestEmail) where.push(sql`lower(${bookings.guestEmail}) = lower(${filter.guestEmail})`);
  const rows = await withDeposit(deps)
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(listed);
}

/**
 * The home's held (live) and confirmed stays and its blocked nights (host or
 * imported, without saying which) that end after `fromDate`, in date order; no
 * guest data. For a signed-in `viewerId`, their own live holds are marked `own`
 * (a reservation in progress, not dates someone else took).
 */
export async function unavailableRanges(
  deps: BookingDeps,
  homeId: string,
  fromDate: string,
  viewerId?: string,
): Promise<{ from: string; to: string; own?: boolean }[]> {
  const rows = await deps.db
    .select({ from: bookings.checkIn, to: bookings.checkOut, guestId: bookings.guestId, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.homeId, homeId), gt(bookings.checkOut, fromDate), holdsNights(deps.clock.now())))
    .orderBy(asc(bookings.checkIn));
  const blocked = await deps.db
    .select(blockDays)
    .from(homeBlocks)
    .where(and(eq(homeBlocks.homeId, homeId), sql`upper(${homeBlocks.stay}) > ${fromDate}::date`));
  const stays = rows.map(({ from, to, guestId, status }) =>
    viewerId && guestId === viewerId && status === 'held' ? { from, to, own: true } : { from, to },
  );
  return [...stays, ...blocked].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/**
 * History: bookings that are over, newest first: cancelled ones that had been
 * paid (with their refund) and confirmed ones whose check-out date has passed
 * (UTC). Given-up holds nobody paid for are not history. `guest`: the caller's
 * own; `host`: those of the caller's homes; `admin`: everyone's.
 */
export async function listHistory(
  deps: BookingDeps,
  caller: { id: string; email: string },
  as: 'guest' | 'host' | 'admin',
): Promise<Booking[]> {
  const today = calendarDate(deps.clock.now(), 'UTC');
  const over = or(
    and(eq(bookings.status, 'cancelled'), or(isNotNull(bookings.confirmedAt), isNotNull(bookings.refundId))),
    and(eq(bookings.status, 'confirmed'), lte(bookings.checkOut, today)),
  )!;
  const where: SQL[] = [over];
  if (as === 'guest') {
    where.push(or(eq(bookings.guestId, caller.id), sql`lower(${bookings.guestEmail}) = lower(${caller.email})`)!);
  } else if (as === 'host') {
    where.push(sql`lower(${bookings.hostEmail}) = lower(${caller.email})`);
  }
  const rows = await withDeposit(deps)
    .where(and(...where))
    .orderBy(desc(bookings.checkIn), desc(bookings.id))
    .limit(HISTORY_LIMIT);
  return rows.map(listed);
}

/** The newest this many bookings of a history (a long one is read in the receipt of each). */
const HISTORY_LIMIT = 500;

/** One booking for its receipt: its guest, the host of its home, or an admin; anyone else gets the unknown id's 404. */
export async function findReceipt(deps: BookingDeps, caller: Caller, id: string): Promise<Booking> {
  const booking = await findBooking(deps.db, id);
  const isHost = booking !== null && sameEmail(booking.hostEmail, caller.email);
  if (!booking || !(mayManage(caller, booking) || isHost)) throw notFound('No booking with this id');
  const [deposit] = await deps.db
    .select({ status: securityDeposits.status })
    .from(securityDeposits)
    .where(eq(securityDeposits.bookingId, booking.id));
  const split = await bookingSplit(deps.db, booking, ledgerSettingsOf(deps).payoutDelayHours);
  return { ...toBooking(booking, deposit?.status ?? null), split };
}
