/**
 * What a report names, read once for the reporter's check (it must exist and be theirs to see) and
 * for the Moderation screen (the content in context). Homes and reviews have uuid ids, messages
 * bigint ids, users text ids: an id of the wrong form is simply not found.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportTargetType } from '#shared/schemas/moderation';
import type { Db } from '#server/db/client';
import { conversations, homes, messages, reviews, users } from '#server/db/schema';
import { isVisible } from '../reviews/reviews-model';

interface ReportTarget {
  title: string;
  text: string | null;
  /** Whose it is: the user a suspension would apply to. */
  userId: string | null;
  userName: string | null;
  conversationId: string | null;
  homeId: string | null;
  /** Already hidden or unlisted by moderation. */
  hidden: boolean;
  /** Who may see it (and so report it) at `now`. */
  visibleTo: (userId: string, now: Date) => boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const owner = alias(users, 'owner');

async function homeTarget(db: Db, id: string): Promise<ReportTarget | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ home: homes, ownerName: owner.name })
    .from(homes)
    .leftJoin(owner, eq(owner.id, homes.hostId))
    .where(eq(homes.id, id))
    .limit(1);
  if (!row) return null;
  const { home } = row;
  return {
    title: home.title,
    text: home.description,
    userId: home.hostId,
    userName: row.ownerName,
    conversationId: null,
    homeId: home.id,
    hidden: home.unlistedAt !== null,
    visibleTo: () => home.unlistedAt === null,
  };
}

async function userTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) return null;
  return {
    title: row.name,
    text: null,
    userId: row.id,
    userName: row.name,
    conversationId: null,
    homeId: null,
    hidden: row.suspendedAt !== null,
    visibleTo: (userId) => userId !== row.id,
  };
}

async function messageTarget(db: Db, id: string): Promise<ReportTarget | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [row] = await db
    .select({ message: messages, conversation: conversations, ownerName: owner.name })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(owner, eq(owner.id, messages.senderId))
    .where(eq(messages.id, Number(id)))
    .limit(1);
  if (!row) return null;
  const { message, conversation } = row;
  return {
    title: conversation.title,
    text: message.body,
    userId: message.senderId,
    userName: row.ownerName,
    conversationId: conversation.id,
    homeId: conversation.homeId,
    hidden: message.hiddenAt !== null,
    // One of the two parties, about the other's message they can still read.
    visibleTo: (userId) =>
      message.hiddenAt === null &&
      message.senderId !== userId &&
      (conversation.guestId === userId || conversation.hostId === userId),
  };
}

async function reviewTarget(db: Db, id: string): Promise<ReportTarget | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ review: reviews, ownerName: owner.name })
    .from(reviews)
    .leftJoin(owner, eq(owner.id, reviews.authorId))
    .where(eq(reviews.id, id))
    .limit(1);
  if (!row) return null;
  const { review } = row;
  return {
    title: `Review (${review.overall}/5)`,
    text: review.text,
    userId: review.authorId,
    userName: row.ownerName,
    conversationId: null,
    homeId: review.homeId,
    hidden: review.hiddenAt !== null,
    visibleTo: (userId, now) => review.authorId !== userId && isVisible(review, now),
  };
}

const LOADERS: Record<ReportTargetType, (db: Db, id: string) => Promise<ReportTarget | null>> = {
  home: homeTarget,
  user: userTarget,
  message: messageTarget,
  review: reviewTarget,
};

export function findReportTarget(db: Db, type: ReportTargetType, id: string): Promise<ReportTarget | null> {
  return LOADERS[type](db, id);
}
