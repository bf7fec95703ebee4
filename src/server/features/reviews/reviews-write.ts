/** Writing reviews and the host's reply (ADR 0018). */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { reviewWindow, reviewWindowState } from '#shared/reviews';
import type { CreateReview, OwnReview, PublicReview } from '#shared/schemas/reviews';
import type { Db } from '#server/db/client';
import { DomainError, conflict, invalid, notFound } from '#server/domain-errors';
import { bookings, reviews, users } from '#server/db/schema';
import { underHomeLock } from '../calendar/availability';
import { findBookingParties, isVisible, partyOf, toOwnReview, type ReviewCaller } from './reviews-model';

export interface ReviewDeps {
  db: Db;
  clock: { now(): Date };
}

type ValidReview = { [K in keyof CreateReview]: K extends 'text' ? string : CreateReview[K] };

const refuse = (code: string, message: string) => new DomainError('forbidden', code, message);
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/**
 * The caller's review of a booking's stay: the guest reviews the home (overall and the four categories),
 * the host reviews the guest (overall only). Only a confirmed stay, from its check-out date for 14 days.
 * The second review of a stay publishes both at once; until then each stays hidden from the other side.
 */
export async function writeReview(deps: ReviewDeps, caller: ReviewCaller, bookingId: string, input: ValidReview) {
  const now = deps.clock.now();
  const parties = await findBookingParties(deps.db, bookingId);
  const party = parties ? partyOf(parties, caller) : null;
  // A booking's existence is only its guest's and host's to learn.
  if (!parties || !party) throw notFound('No booking with this id');
  const { booking, hostId } = parties;
  if (booking.status !== 'confirmed') throw refuse('not_reviewable', 'Only a confirmed stay can be reviewed.');
  const state = reviewWindowState(booking.checkOut, now, booking.timeZone);
  if (state === 'not_yet') throw refuse('review_not_open', 'You can review this stay from its check-out date on.');
  if (state === 'closed') throw refuse('review_window_closed', 'The 14 days to review this stay are over.');

  const categories = [input.cleanliness, input.accuracy, input.location, input.value];
  if (party === 'guest' && categories.some((c) => c === undefined)) {
    throw invalid('Rate cleanliness, accuracy, location and value from 1 to 5 stars.', 'categories_required');
  }
  if (party === 'host' && categories.some((c) => c !== undefined)) {
    throw invalid('A host rates the guest overall only.', 'categories_not_allowed');
  }

  // The home's row first (ADR 0029): publishing both reviews updates the home's rating, and a
  // cancellation of this stay holds the home's row before it writes the booking's.
  const row = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    // The booking row is the lock both sides take: the second writer sees the first one's review.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), eq(reviews.authorRole, party)));
    if (existing) return null;
    const [inserted] = await tx
      .insert(reviews)
      .values({
        bookingId: booking.id,
        homeId: booking.homeId,
        authorRole: party,
        authorId: caller.id,
        subjectUserId: party === 'guest' ? hostId : booking.guestId,
        overall: input.overall,
        ...(party === 'guest'
          ? {
              cleanliness: input.cleanliness!,
              accuracy: input.accuracy!,
              location: input.location!,
              value: input.value!,
            }
          : {}),
        text: input.text,
        publishAt: reviewWindow(booking.checkOut, booking.timeZone).closesAt,
        createdAt: now,
      })
      .returning();
    // Both sides have written: both publish now (the booking's lock makes this the second write).
    const [other] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), ne(reviews.authorRole, party)));
    if (other) {
      await tx
        .update(reviews)
        .set({ publishedAt: now })
        .where(and(eq(reviews.bookingId, booking.id), isNull(reviews.publishedAt)));
    }
    return inserted!;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) return null;
    throw err;
  });
  if (!row) throw conflict('You have already reviewed this stay.', 'review_exists');
  return readOwn(deps, row.id, now);
}

async function readOwn(deps: ReviewDeps, id: string, now: Date): Promise<OwnReview> {
  const [row] = await deps.db
    .select({ review: reviews, authorName: users.name, authorImage: users.image })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(eq(reviews.id, id));
  return toOwnReview(row!, now);
}

/**
 * The home's host answers a published guest review, once. Before it is published the host may not
 * (403 not_published); anyone else gets 403 on a published review and 404 on a hidden one.
 */
export async function replyToReview(
  deps: ReviewDeps,
  caller: ReviewCaller,
  reviewId: string,
  text: string,
): Promise<PublicReview> {
  const now = deps.clock.now();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reviewId)) {
    throw notFound('No review with this id');
  }
  const [row] = await deps.db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!row || row.authorRole !== 'guest') throw notFound('No review with this id');
  const isHost = row.subjectUserId !== null && row.subjectUserId === caller.id;
  const visible = isVisible(row, now);
  if (!isHost) {
    if (!visible) throw notFound('No review with this id');
    throw refuse('forbidden', 'Only the host of this home can reply to its reviews.');
  }
  if (!visible) throw refuse('not_published', 'You can reply once the review is published.');
  const updated = await deps.db
    .update(reviews)
    .set({ reply: text, repliedAt: now })
    .where(and(eq(reviews.id, row.id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!updated.length) throw conflict('You have already replied to this review.', 'reply_exists');
  const own = await readOwn(deps, row.id, now);
  const { published: _published, ...review } = own;
  return review;
}

/** The reviews job's pass: reviews whose window closed get published_at (the home ratings follow by trigger). */
export async function publishDueReviews(deps: ReviewDeps): Promise<{ published: number }> {
  const now = deps.clock.now();
  const rows = await deps.db
    .update(reviews)
    .set({ publishedAt: sql`${reviews.publishAt}` })
    .where(and(isNull(reviews.publishedAt), sql`${reviews.publishAt} <= ${now}`))
    .returning({ id: reviews.id });
  return { published: rows.length };
}
