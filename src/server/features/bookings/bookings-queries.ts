/** What the lists and the date picker read. */
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '#shared/schemas/bookings';
import { blocksDates } from '#server/db/booking-conditions';
import { bookings, homeBlocks } from '#server/db/schema';
import { toBooking, type BookingDeps } from './bookings-model';

/**
 * Bookings newest first: confirmed ones and holds still waiting for payment
 * (with their status). Expired holds and cancelled bookings are left out: the
 * spec's bookings are "deleted by cancel".
 */
export async function listBookings(deps: BookingDeps, filter: { guestEmail?: string }): Promise<Booking[]> {
  const where: SQL[] = [blocksDates(deps.clock.now())];
  if (filter.guestEmail) where.push(sql`lower(${bookings.guestEmail}) = lower(${filter.guestEmail})`);
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toBooking);
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
    .where(and(eq(bookings.homeId, homeId), gt(bookings.checkOut, fromDate), blocksDates(deps.clock.now())))
    .orderBy(asc(bookings.checkIn));
  const blocked = await deps.db
    .select({ from: sql<string>`lower(${homeBlocks.stay})::text`, to: sql<string>`upper(${homeBlocks.stay})::text` })
    .from(homeBlocks)
    .where(and(eq(homeBlocks.homeId, homeId), sql`upper(${homeBlocks.stay}) > ${fromDate}::date`));
  const stays = rows.map(({ from, to, guestId, status }) =>
    viewerId && guestId === viewerId && status === 'held' ? { from, to, own: true } : { from, to },
  );
  return [...stays, ...blocked].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
