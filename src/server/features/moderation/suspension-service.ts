/**
 * Suspending a user (issue 30, ADR 0060): every session ends at once (sessions live in PostgreSQL
 * and are read on every request, with no cookie cache or secondary storage, so every node answers
 * 401 on the next request) and their open live streams end on every process (the message bus),
 * sign-in is refused (auth.ts, the session hook), their homes are
 * unlisted, and their confirmed stays to come are listed for the admin to cancel or keep.
 * Lifting it relists only the homes the suspension unlisted.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { homeToday } from '#shared/time-zones';
import type { SuspensionResponse } from '#shared/schemas/moderation';
import type { Db } from '#server/db/client';
import { bookings, homes, users } from '#server/db/schema';
import { forbidden, notFound } from '#server/domain-errors';
import { revokeUserSessions } from '#server/auth/sessions';
import type { Clock } from '#server/providers/clock/clock';
import type { MessageBus, ServiceLog } from '#server/app-context';
import { endLiveStreams } from '../messages/messages-model';

export interface SuspensionDeps {
  db: Db;
  clock: Clock;
  /** Ends the user's open live streams on every process. */
  messageBus?: MessageBus;
  log?: ServiceLog;
}

/** A user's confirmed stays that have not ended, as guest or as host. */
async function upcomingStaysOf(db: Db, userId: string, now: Date) {
  // A day early rather than late: a stay ending today somewhere is still listed.
  const today = homeToday(new Date(now.getTime() - 86_400_000));
  const rows = await db
    .select({
      bookingId: bookings.id,
      homeTitle: bookings.title,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      guestId: bookings.guestId,
    })
    .from(bookings)
    .leftJoin(homes, eq(homes.id, bookings.homeId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.checkOut, today),
        or(eq(bookings.guestId, userId), eq(homes.hostId, userId)),
      ),
    )
    .orderBy(bookings.checkIn);
  return rows.map(({ guestId, ...stay }) => ({
    ...stay,
    role: guestId === userId ? ('guest' as const) : ('host' as const),
  }));
}

async function findUser(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('No user with this id');
  return row;
}

/** POST /api/admin/users/{id}/suspend (and a report resolved with `suspend`). Suspending twice changes nothing more. */
export async function suspendUser(deps: SuspensionDeps, userId: string): Promise<SuspensionResponse> {
  const target = await findUser(deps.db, userId);
  if (target.role === 'admin') throw forbidden('An admin cannot be suspended');
  const now = deps.clock.now();
  const homesChanged = await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ suspendedAt: now })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
    const unlisted = await tx
      .update(homes)
      .set({ unlistedAt: now, unlistedBy: 'suspension', updatedAt: now })
      .where(and(eq(homes.hostId, userId), isNull(homes.unlistedAt)))
      .returning({ id: homes.id });
    return unlisted.length;
  });
  // After the commit: a sign-in racing this is refused by the session hook, which reads suspended_at.
  const sessionsRevoked = await revokeUserSessions(deps.db, userId, 'suspended');
  // A live stream checked the session when it opened: end the user's streams on every process now.
  await endLiveStreams(deps, userId);
  return {
    userId,
    suspended: true,
    homesChanged,
    sessionsRevoked,
    upcomingStays: await upcomingStaysOf(deps.db, userId, now),
  };
}

/** POST /api/admin/users/{id}/unsuspend: sign-in allowed again; homes the suspension unlisted are listed again. */
export async function unsuspendUser(deps: SuspensionDeps, userId: string): Promise<SuspensionResponse> {
  await findUser(deps.db, userId);
  const now = deps.clock.now();
  const homesChanged = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
    const relisted = await tx
      .update(homes)
      .set({ unlistedAt: null, unlistedBy: null, updatedAt: now })
      .where(and(eq(homes.hostId, userId), eq(homes.unlistedBy, 'suspension')))
      .returning({ id: homes.id });
    return relisted.length;
  });
  return { userId, suspended: false, homesChanged, sessionsRevoked: 0, upcomingStays: [] };
}
