/** Saved homes (the heart): one row per user and home; saving and removing are idempotent. */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Wishlist } from '#shared/schemas/wishlist';
import { earliestCheckIn } from '#shared/time-zones';
import type { Db } from '#server/db/client';
import { conflict, notFound } from '#server/domain-errors';
import { homes, wishlistItems } from '#server/db/schema';
import { freeForStay } from '#server/db/booking-conditions';
import { homeFields, isUuid, toHome } from '../homes/homes-service';

/** Enough for anyone planning trips; keeps one list (answered whole) small. */
const WISHLIST_MAX = 200;

export interface WishlistDeps {
  db: Db;
  clock: { now(): Date };
}

/**
 * The caller's saved homes, last saved first, each with its current price and, when dates are given,
 * whether it is free for them (within its window, no confirmed stay, no live hold). Dates already
 * past answer `available: null`: there is nothing to book for them.
 */
export async function listWishlist(
  deps: WishlistDeps,
  userId: string,
  dates: { checkIn?: string | undefined; checkOut?: string | undefined },
): Promise<Wishlist> {
  const now = deps.clock.now();
  const { checkIn, checkOut } = dates;
  const asked = checkIn && checkOut && checkIn >= earliestCheckIn(now) ? { checkIn, checkOut } : null;
  const available = asked
    ? and(
        lte(homes.availableFrom, asked.checkIn),
        gte(homes.availableTo, asked.checkOut),
        freeForStay(asked.checkIn, asked.checkOut, now),
      )!
    : sql`null`;
  const rows = await deps.db
    .select({ home: homeFields, savedAt: wishlistItems.createdAt, available: sql<boolean | null>`${available}` })
    .from(wishlistItems)
    .innerJoin(homes, eq(homes.id, wishlistItems.homeId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(homes.seq));
  return {
    items: rows.map((r) => ({
      home: toHome(r.home),
      savedAt: r.savedAt.toISOString(),
      available: r.available === null ? null : Boolean(r.available),
    })),
    homeIds: rows.map((r) => r.home.id),
  };
}

/** Saves a home (again: nothing changes). 404 for a home that does not exist. */
export async function saveHome(deps: WishlistDeps, userId: string, homeId: string): Promise<void> {
  if (!isUuid(homeId)) throw notFound('No home with this id');
  const [home] = await deps.db.select({ id: homes.id }).from(homes).where(eq(homes.id, homeId));
  if (!home) throw notFound('No home with this id');
  const [{ saved } = { saved: 0 }] = await deps.db
    .select({ saved: sql<number>`count(*)`.mapWith(Number) })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  if (saved >= WISHLIST_MAX) {
    const [already] = await deps.db
      .select({ homeId: wishlistItems.homeId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.homeId, home.id)));
    if (already) return;
    throw conflict(`A wishlist holds at most ${WISHLIST_MAX} homes. Remove one first.`, 'wishlist_full');
  }
  await deps.db
    .insert(wishlistItems)
    .values({ userId, homeId: home.id, createdAt: deps.clock.now() })
    .onConflictDoNothing();
}

/** Removes a home from the caller's wishlist; removing one that is not there (or not a home) is fine too. */
export async function removeHome(deps: WishlistDeps, userId: string, homeId: string): Promise<void> {
  if (!isUuid(homeId)) return;
  await deps.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.homeId, homeId)));
}
