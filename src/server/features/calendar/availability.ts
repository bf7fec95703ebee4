/**
 * The one rule that keeps blocks, holds and bookings apart (ADR 0015). Bookings
 * never overlap each other (exclusion constraint, ADR 0005); a block and a
 * booking live in different tables, so a transaction that adds either first
 * locks the home's row (FOR NO KEY UPDATE, which conflicts with itself) and
 * only then reads the other table: a hold and a block on the same home take
 * turns, and the later one sees the earlier one's committed row.
 *
 * The home's row is also the first lock of every transaction that writes a
 * home's bookings or blocks (ADR 0029): such a write refreshes the home's
 * nights (a trigger that locks the row), so taking the row lock late, after a
 * booking row, would meet a hold that has the home and waits on that booking.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatDayRange } from '#shared/dates';
import { holdsNights, overlapsStay } from '#server/db/booking-conditions';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, homeBlocks, homes, users, type HomeBlockRow } from '#server/db/schema';

/** A database handle or an open transaction (both run the same queries). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Locks the home's row for this transaction and answers its stay rules as they are now (null: no such home). */
export async function lockHome(tx: Tx, homeId: string) {
  const [row] = await tx
    .select({
      id: homes.id,
      from: homes.availableFrom,
      to: homes.availableTo,
      minNights: homes.minNights,
      maxNights: homes.maxNights,
    })
    .from(homes)
    .where(eq(homes.id, homeId))
    .for('no key update');
  return row ?? null;
}

/**
 * Runs `fn` in a transaction whose first lock is the home's row (none when `homeId` is null: a
 * booking of a deleted home), retried on a deadlock as a last defence. `fn` must only write the database.
 */
export function underHomeLock<T>(db: Db, homeId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    if (homeId) await lockHome(tx, homeId);
    return fn(tx);
  });
}

const overlapsBlock = (from: string, to: string): SQL =>
  sql`${homeBlocks.stay} && daterange(${from}::date, ${to}::date, '[)')`;

/** A block (any source) over any night of [from, to); call after lockHome. */
export async function blockOverlapping(
  tx: Tx,
  homeId: string,
  from: string,
  to: string,
  source?: 'host' | 'import',
): Promise<HomeBlockRow | null> {
  const [row] = await tx
    .select()
    .from(homeBlocks)
    .where(
      and(eq(homeBlocks.homeId, homeId), overlapsBlock(from, to), source ? eq(homeBlocks.source, source) : undefined),
    )
    .orderBy(sql`lower(${homeBlocks.stay})`)
    .limit(1);
  return row ?? null;
}

/** Who a stay is for, as the host sees it: the name on the booking, the guest's account name, or their email. */
export const guestNameSql = sql<string>`coalesce(nullif(${bookings.guestName}, ''), ${users.name}, ${bookings.guestEmail})`;

export interface BookingInTheWay {
  id: string;
  checkIn: string;
  checkOut: string;
  status: string;
  guestName: string;
}

/** The first stay of this home, matching `where`, that keeps its nights at `now`. */
export async function bookingInTheWay(tx: Tx, homeId: string, where: SQL, now: Date): Promise<BookingInTheWay | null> {
  const [row] = await tx
    .select({
      id: bookings.id,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      guestName: guestNameSql,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.guestId))
    .where(and(eq(bookings.homeId, homeId), holdsNights(now), where))
    .orderBy(bookings.checkIn)
    .limit(1);
  return row ?? null;
}

/** A booking overlapping [from, to) that keeps its nights. */
export const bookingOverlapping = (tx: Tx, homeId: string, from: string, to: string, now: Date) =>
  bookingInTheWay(tx, homeId, overlapsStay(from, to), now);

/** "the booking of Ana Silva (Mar 12, 2027 to Mar 15, 2027)", or the reservation in progress for a hold. */
export function bookingNamed(b: BookingInTheWay): string {
  const what =
    b.status === 'held'
      ? 'the reservation in progress'
      : b.status === 'requested'
        ? 'the booking request'
        : 'the booking';
  // No booking id: the host reads this, and finds the stay by its guest and dates in Reservations.
  return `${what} of ${b.guestName} (${formatDayRange(b.checkIn, b.checkOut)})`;
}
