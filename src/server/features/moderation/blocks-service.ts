/** Blocks (issue 30, ADR 0060): a user stops another from messaging them. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { homes, userBlocks, users } from '#server/db/schema';
import { DomainError, invalid, notFound } from '#server/domain-errors';

/** 403 `blocked` when `recipientId` blocked `senderId`; the sender is told, so they stop trying. */
export async function assertNotBlocked(db: Db, senderId: string, recipientId: string): Promise<void> {
  const [row] = await db
    .select({ at: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, recipientId), eq(userBlocks.blockedId, senderId)))
    .limit(1);
  if (row) throw new DomainError('forbidden', 'blocked', 'This person does not accept messages from you.');
}

/**
 * A booking's note reaches the host as a message and in the mails (ADR 0050): refused like a message
 * (403 `blocked`) when the home's host blocked the guest. The stay may still be booked without one.
 */
export async function assertNoteAllowed(
  db: Db,
  booking: { homeId: string | null; guestId: string | null },
  note: string | undefined,
): Promise<void> {
  if (!note?.trim() || !booking.homeId || !booking.guestId) return;
  const [home] = await db.select({ hostId: homes.hostId }).from(homes).where(eq(homes.id, booking.homeId)).limit(1);
  if (home?.hostId) await assertNotBlocked(db, booking.guestId, home.hostId);
}

/** GET /api/users/{id}/block: whether `blockerId` blocked the user. */
export async function isBlocked(db: Db, blockerId: string, blockedId: string) {
  const [row] = await db
    .select({ at: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return { userId: blockedId, blocked: row !== undefined };
}

/** POST /api/users/{id}/block: idempotent (blocking twice keeps one block). */
export async function blockUser(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw invalid('You cannot block yourself', 'own_account');
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).limit(1);
  if (!target) throw notFound('No user with this id');
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  return { userId: blockedId, blocked: true };
}

/** DELETE /api/users/{id}/block: idempotent (an unknown or unblocked user is simply not blocked). */
export async function unblockUser(db: Db, blockerId: string, blockedId: string) {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return { userId: blockedId, blocked: false };
}
