/**
 * A home's creation and deletion (POST and DELETE /api/home...): the row written, and who owned a
 * deleted home. Edits are homes-update.ts; reads are homes-service.ts.
 */
import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { CreateHome } from '#shared/schemas/homes';
import { DEFAULT_CANCELLATION_POLICY } from '#shared/cancellation';
import { amountToCents } from '#shared/money';
import { DEFAULT_TIME_ZONE, homeToday, zoneForLocation } from '#shared/time-zones';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, deletedHomes, homes } from '#server/db/schema';
import { pointColumns } from '../geo/approximate-point';
import { homePoint } from '../geo/home-point';
import { isUuid } from './homes-service';

export interface HomeOwner {
  id: string;
  email: string;
}

/**
 * Inserts a home owned by `owner`; the pictures must already have been checked. Without a pin the
 * home is placed at the city its location names (homePoint).
 */
export async function createHome(db: Db, owner: HomeOwner, input: CreateHome, images: string[]): Promise<string> {
  const timeZone = input.timeZone ?? zoneForLocation(input.location) ?? DEFAULT_TIME_ZONE;
  const point = pointColumns(homePoint(input.location, input.point, timeZone));
  const [row] = await db
    .insert(homes)
    .values({
      hostId: owner.id,
      hostEmail: owner.email,
      title: input.title,
      location: input.location,
      description: input.description ?? '',
      priceCents: amountToCents(input.price),
      cleaningFeeCents: amountToCents(input.cleaningFee ?? 0),
      cancellationPolicy: input.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
      timeZone,
      totalGuest: input.total_guest,
      // The nightly price covers every guest until the host sets an extra-guest fee.
      guestsIncluded: input.total_guest,
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      availableFrom: input.from,
      availableTo: input.to,
      images,
      ...point,
    })
    .returning({ id: homes.id });
  return row!.id;
}

/**
 * Bookings of this home that still matter: confirmed or held, checking out
 * after today. Every `held` row counts, even one past its hold time: it may
 * have been paid (the sweeper confirms or expires it within its interval, and
 * the host can then retry).
 */
function upcomingBookingsOf(homeId: string, now: Date): SQL {
  return and(
    eq(bookings.homeId, homeId),
    gt(bookings.checkOut, homeToday(now)),
    inArray(bookings.status, ['confirmed', 'requested', 'held']),
  )!;
}

export type DeleteHomeResult = 'deleted' | 'missing' | 'booked';

/**
 * Deletes a home unless it has upcoming held or confirmed bookings. The home's
 * row is locked first: a booking being inserted holds a key-share lock on it
 * (its foreign key), so no booking can slip in between the check and the
 * delete. Past bookings stay (home_id becomes null; they keep copied fields).
 */
export async function deleteHome(db: Db, id: string, now: Date): Promise<DeleteHomeResult> {
  return inTransaction(db, async (tx) => {
    const locked = await tx.select({ id: homes.id }).from(homes).where(eq(homes.id, id)).for('update');
    if (!locked.length) return 'missing';
    const upcoming = await tx.select({ id: bookings.id }).from(bookings).where(upcomingBookingsOf(id, now)).limit(1);
    if (upcoming.length) return 'booked';
    const gone = await tx
      .delete(homes)
      .where(eq(homes.id, id))
      .returning({ id: homes.id, hostId: homes.hostId, hostEmail: homes.hostEmail });
    if (!gone[0]) return 'missing';
    // Remembered, so the owner's repeated delete answers deletedCount 0 (see deletedHomeOwner).
    await tx
      .insert(deletedHomes)
      .values({ id: gone[0].id, hostId: gone[0].hostId, hostEmail: gone[0].hostEmail, deletedAt: now })
      .onConflictDoNothing();
    return 'deleted';
  });
}

/** Who owned a deleted home (null when no home with this id was ever deleted). */
export async function deletedHomeOwner(
  db: Db,
  id: string,
): Promise<{ hostId: string | null; hostEmail: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ hostId: deletedHomes.hostId, hostEmail: deletedHomes.hostEmail })
    .from(deletedHomes)
    .where(eq(deletedHomes.id, id))
    .limit(1);
  return row ?? null;
}
