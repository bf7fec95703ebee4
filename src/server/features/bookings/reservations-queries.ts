/** A host's reservations: the confirmed (and later cancelled) stays at their homes, with the guest. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Reservation, ReservationWhen } from '#shared/schemas/reservations';
import type { Db } from '#server/db/client';
import { bookings, users, type BookingRow } from '#server/db/schema';
import { homeToday } from '#shared/time-zones';
import { PLACEHOLDER_IMAGE, isUuid } from '../homes/homes-service';
import { bookingSplit, bookingSplits } from '../ledger/ledger-queries';

type Split = NonNullable<Reservation['split']>;
/** PAYOUT_DELAY_HOURS' default, for callers without the ledger's settings. */
const DEFAULT_PAYOUT_DELAY_HOURS = 24;

/**
 * Upcoming: check-in after today; current: staying tonight; past: checked out (today is the check-out day or
 * later). Today is the home's (its time zone, kept on the booking).
 */
function whenOf(row: Pick<BookingRow, 'checkIn' | 'checkOut'>, day: string): ReservationWhen {
  if (row.checkOut <= day) return 'past';
  if (row.checkIn <= day) return 'current';
  return 'upcoming';
}

function toReservation(row: BookingRow, userName: string | null, now: Date, split: Split | null): Reservation {
  return {
    id: row.id,
    homeId: row.homeId,
    homeTitle: row.title,
    location: row.location,
    image: row.image || PLACEHOLDER_IMAGE,
    guestId: row.guestId,
    guestName: row.guestName?.trim() || userName?.trim() || row.guestEmail,
    guestEmail: row.guestEmail,
    from: row.checkIn,
    to: row.checkOut,
    nights: row.nights,
    guests: row.guests,
    message: row.message,
    amountCents: row.amountCents,
    status: row.status === 'held' ? 'confirmed' : row.status,
    respondBy: row.status === 'requested' && row.respondBy ? row.respondBy.toISOString() : null,
    hostMessage: row.status === 'declined' ? row.hostMessage : null,
    when: whenOf(row, homeToday(now, row.timeZone)),
    cancelledAt: row.status === 'cancelled' && row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancelledBy: row.status === 'cancelled' ? (row.cancelledBy ?? null) : null,
    cancelReason: row.status === 'cancelled' ? (row.cancelReason ?? null) : null,
    split,
  };
}

/**
 * Stays a host sees: confirmed, requested (and answered or expired requests), or cancelled after having been
 * confirmed or requested (holds never reached the host).
 */
const reservationRows = () =>
  or(
    inArray(bookings.status, ['confirmed', 'requested', 'declined']),
    and(
      inArray(bookings.status, ['cancelled', 'expired']),
      or(isNotNull(bookings.confirmedAt), isNotNull(bookings.requestedAt)),
    ),
  )!;

/** The most a list answers (a host with more sees the nearest ones; filters narrow it). */
const RESERVATIONS_LIMIT = 500;

/**
 * The reservations at `hostEmail`'s homes: current and upcoming ones first in date order,
 * then past ones newest first. `homeId` and `when` narrow the list.
 */
export async function listReservations(
  db: Db,
  now: Date,
  filter: { hostEmail: string; homeId?: string; when?: ReservationWhen },
  payoutDelayHours = DEFAULT_PAYOUT_DELAY_HOURS,
): Promise<Reservation[]> {
  // Today in each booking's own time zone.
  const day = sql`(${now.toISOString()}::timestamptz at time zone ${bookings.timeZone})::date`;
  if (filter.homeId !== undefined && !isUuid(filter.homeId)) return [];
  const where: SQL[] = [sql`lower(${bookings.hostEmail}) = lower(${filter.hostEmail})`, reservationRows()];
  if (filter.homeId) where.push(eq(bookings.homeId, filter.homeId));
  if (filter.when === 'past') where.push(sql`${bookings.checkOut} <= ${day}`);
  if (filter.when === 'current') where.push(sql`${bookings.checkIn} <= ${day} and ${bookings.checkOut} > ${day}`);
  if (filter.when === 'upcoming') where.push(sql`${bookings.checkIn} > ${day}`);
  const isPast = sql`(${bookings.checkOut} <= ${day})`;
  const rows = await db
    .select({ booking: bookings, userName: users.name })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.guestId))
    .where(and(...where))
    .orderBy(
      // Open requests first: they wait for the host's answer.
      sql`${bookings.status} = 'requested' desc`,
      asc(isPast),
      sql`case when ${isPast} then null else ${bookings.checkIn} end asc nulls last`,
      desc(bookings.checkIn),
      asc(bookings.id),
    )
    .limit(RESERVATIONS_LIMIT);
  const splits = await bookingSplits(
    db,
    rows.map((r) => r.booking),
    payoutDelayHours,
  );
  return rows.map((r) => toReservation(r.booking, r.userName, now, splits.get(r.booking.id) ?? null));
}

/**
 * The requests to book at `hostEmail`'s homes still waiting for an answer: status `requested` and
 * its answer time not passed (the sweeper may not have expired it yet, D93). One index walk
 * (bookings_host_requests_idx), however many stays the host has.
 */
export async function countOpenRequests(db: Db, now: Date, hostEmail: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        sql`lower(${bookings.hostEmail}) = lower(${hostEmail})`,
        eq(bookings.status, 'requested'),
        gt(bookings.respondBy, now),
      ),
    );
  return row?.n ?? 0;
}

export async function findReservation(
  db: Db,
  id: string,
  now: Date,
  payoutDelayHours = DEFAULT_PAYOUT_DELAY_HOURS,
): Promise<Reservation | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ booking: bookings, userName: users.name })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.guestId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) return null;
  const split = await bookingSplit(db, row.booking, payoutDelayHours);
  return toReservation(row.booking, row.userName, now, split);
}
