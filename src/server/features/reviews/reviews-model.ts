/**
 * What the reviews modules share: who a caller is to a booking, the double-blind visibility rule
 * as SQL, and a review row as the API shows it (ADR 0018).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { OwnReview, PublicReview } from '#shared/schemas/reviews';
import type { Db } from '#server/db/client';
import { bookings, homes, reviews, type BookingRow, type ReviewRow } from '#server/db/schema';
import { sameEmail } from '#shared/emails';

export interface ReviewCaller {
  id: string;
  email: string;
  role: string | null;
}

/** Shown for an author whose account is gone. */
export const FORMER_USER = 'Former StayHub user';

/**
 * WHERE part: the review may be read by anyone at `now`: both sides have written (published_at
 * set at the second write), or the window closed (publish_at passed; the reviews job then sets
 * published_at, but reads never wait for it); and moderation did not remove it (hidden_at, ADR 0060).
 */
export const visibleAt = (now: Date): SQL =>
  sql`(${reviews.publishedAt} is not null or ${reviews.publishAt} <= ${now}) and ${reviews.hiddenAt} is null`;

export const isVisible = (row: Pick<ReviewRow, 'publishedAt' | 'publishAt' | 'hiddenAt'>, now: Date) =>
  (row.publishedAt !== null || row.publishAt <= now) && row.hiddenAt === null;

export type Party = 'guest' | 'host';

export interface BookingParties {
  booking: BookingRow;
  /** The home's host id (null once the home is deleted). */
  hostId: string | null;
}

export async function findBookingParties(db: Db, bookingId: string): Promise<BookingParties | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bookingId)) return null;
  const [row] = await db
    .select({ booking: bookings, hostId: homes.hostId })
    .from(bookings)
    .leftJoin(homes, eq(homes.id, bookings.homeId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

/** The caller's side of the booking: its guest, or the host of its home (by email once the home is gone); else null. */
export function partyOf(parties: BookingParties, caller: ReviewCaller): Party | null {
  const { booking, hostId } = parties;
  if (booking.guestId !== null && booking.guestId === caller.id) return 'guest';
  if (hostId !== null ? hostId === caller.id : sameEmail(booking.hostEmail, caller.email)) return 'host';
  return null;
}

export interface ReviewWithPeople {
  review: ReviewRow;
  authorName: string | null;
  authorImage: string | null;
}

export function toPublicReview({ review, authorName, authorImage }: ReviewWithPeople): PublicReview {
  return {
    _id: review.id,
    overall: review.overall,
    cleanliness: review.cleanliness,
    accuracy: review.accuracy,
    location: review.location,
    value: review.value,
    text: review.text,
    createdAt: review.createdAt.toISOString(),
    author: { name: authorName ?? FORMER_USER, image: authorImage },
    reply:
      review.reply !== null && review.repliedAt !== null
        ? { text: review.reply, createdAt: review.repliedAt.toISOString() }
        : null,
  };
}

export function toOwnReview(row: ReviewWithPeople, now: Date): OwnReview {
  return { ...toPublicReview(row), published: isVisible(row.review, now) };
}

/** Paging cursor: the last review's creation time and id, opaque to clients. */
export function encodeReviewCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

export function decodeReviewCursor(cursor: string): { createdAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/.exec(text);
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]! };
}
