/**
 * Who sees a home's exact point (issue 29): its host, an admin, and a guest once a booking of it is
 * confirmed (a stay that is over stays confirmed: "completed" is a confirmed stay in the past).
 * Everyone else gets the public point only.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bookings } from '#server/db/schema';
import { isAdmin, type Identity } from '#server/auth/guards';

async function hasConfirmedStay(db: Db, homeId: string, viewer: Identity): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        eq(bookings.status, 'confirmed'),
        or(eq(bookings.guestId, viewer.id), sql`lower(${bookings.guestEmail}) = lower(${viewer.email})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function maySeeExactPoint(
  db: Db,
  home: { id: string; hostId: string | null },
  viewer: Identity | null,
): Promise<boolean> {
  if (!viewer) return false;
  if (isAdmin(viewer) || (home.hostId !== null && home.hostId === viewer.id)) return true;
  return hasConfirmedStay(db, home.id, viewer);
}
