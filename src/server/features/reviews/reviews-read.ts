/** What the reviews pages read: a home's published reviews, the caller's stays to review, a guest's profile. */
import { homeToday } from '#shared/time-zones';
import { alias } from 'drizzle-orm/pg-core';
import { and, avg, count, desc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, REVIEW_WINDOW_DAYS, reviewWindow, reviewWindowState } from '#shared/reviews';
import type { GuestProfile, HomeReviews, ReviewStay } from '#shared/schemas/reviews';
import { addDays } from '#shared/stay';
import { holdsNights } from '#server/db/booking-conditions';
import { invalid, notFound } from '#server/domain-errors';
import { bookings, homes, reviews, users } from '#server/db/schema';
import { PLACEHOLDER_IMAGE, isUuid } from '../homes/homes-service';
import {
  FORMER_USER,
  decodeReviewCursor,
  encodeReviewCursor,
  findBookingParties,
  isVisible,
  partyOf,
  toOwnReview,
  toPublicReview,
  visibleAt,
  type BookingParties,
  type Party,
  type ReviewCaller,
} from './reviews-model';
import type { ReviewDeps } from './reviews-write';

const average = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);
const withAuthor = { review: reviews, authorName: users.name, authorImage: users.image };

/**
 * A home's published reviews, newest first, one page after `cursor`, with the averages over all of
 * them. 404 for an unknown home, unless `homeRead`: the caller reads the home itself and answers
 * for it (the server-rendered home page, which is a 404 page without its home), so the query that
 * would only say the home exists is not run twice.
 */
export async function homeReviews(
  deps: ReviewDeps,
  homeId: string,
  cursor: string | undefined,
  { homeRead = false }: { homeRead?: boolean } = {},
): Promise<HomeReviews> {
  const now = deps.clock.now();
  const after = cursor === undefined ? null : decodeReviewCursor(cursor);
  if (cursor !== undefined && !after) throw invalid('The cursor is not valid', 'invalid_cursor');
  if (!isUuid(homeId)) throw notFound('No home with this id');
  if (!homeRead) {
    const [home] = await deps.db.select({ id: homes.id }).from(homes).where(eq(homes.id, homeId));
    if (!home) throw notFound('No home with this id');
  }
  const shown = and(eq(reviews.homeId, homeId), eq(reviews.authorRole, 'guest'), visibleAt(now));
  const [totals] = await deps.db
    .select({
      count: count(),
      overall: avg(reviews.overall),
      cleanliness: avg(reviews.cleanliness),
      accuracy: avg(reviews.accuracy),
      location: avg(reviews.location),
      value: avg(reviews.value),
    })
    .from(reviews)
    .where(shown);
  const rows = await deps.db
    .select(withAuthor)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        shown,
        after
          ? or(
              lt(reviews.createdAt, after.createdAt),
              and(eq(reviews.createdAt, after.createdAt), lt(reviews.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    average: average(totals!.overall),
    count: Number(totals!.count),
    categories: {
      cleanliness: average(totals!.cleanliness),
      accuracy: average(totals!.accuracy),
      location: average(totals!.location),
      value: average(totals!.value),
    },
    reviews: page.map(toPublicReview),
    nextCursor:
      rows.length > REVIEWS_PAGE_SIZE && last ? encodeReviewCursor(last.review.createdAt, last.review.id) : null,
  };
}

const otherUser = alias(users, 'other_user');

async function stayOf(deps: ReviewDeps, parties: BookingParties, party: Party, now: Date): Promise<ReviewStay> {
  const { booking, hostId } = parties;
  const otherId = party === 'guest' ? hostId : booking.guestId;
  const [other] = otherId
    ? await deps.db
        .select({ name: otherUser.name, image: otherUser.image })
        .from(otherUser)
        .where(eq(otherUser.id, otherId))
    : [];
  const written = await deps.db
    .select(withAuthor)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(eq(reviews.bookingId, booking.id));
  const mine = written.find((r) => r.review.authorRole === party) ?? null;
  const theirs = written.find((r) => r.review.authorRole !== party) ?? null;
  const window = reviewWindowState(booking.checkOut, now, booking.timeZone);
  const { opensAt, closesAt } = reviewWindow(booking.checkOut, booking.timeZone);
  return {
    bookingId: booking.id,
    role: party,
    title: booking.title,
    location: booking.location,
    image: booking.image || PLACEHOLDER_IMAGE,
    from: booking.checkIn,
    to: booking.checkOut,
    otherParty: {
      id: otherId,
      name: other?.name ?? (party === 'guest' ? booking.hostEmail : FORMER_USER),
      image: other?.image ?? null,
    },
    window,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    timeZone: booking.timeZone,
    canWrite: booking.status === 'confirmed' && window === 'open' && mine === null,
    mine: mine ? toOwnReview(mine, now) : null,
    // Double-blind: the other side's words only once published.
    theirs: theirs && isVisible(theirs.review, now) ? toPublicReview(theirs) : null,
    theyWrote: theirs !== null,
  };
}

/** GET /api/bookings/:id/review: the caller's side of one stay's reviews (its guest or its host only). */
export async function reviewStay(deps: ReviewDeps, caller: ReviewCaller, bookingId: string): Promise<ReviewStay> {
  const parties = await findBookingParties(deps.db, bookingId);
  const party = parties ? partyOf(parties, caller) : null;
  if (!parties || !party) throw notFound('No booking with this id');
  return stayOf(deps, parties, party, deps.clock.now());
}

/**
 * The caller's confirmed stays whose review window is open, as guest and as host, newest check-out first
 * (what "Write a review" buttons and the host's reviews screen list).
 */
export async function reviewStays(deps: ReviewDeps, caller: ReviewCaller): Promise<ReviewStay[]> {
  const now = deps.clock.now();
  const day = homeToday(now);
  const rows = await deps.db
    .select({ booking: bookings, hostId: homes.hostId })
    .from(bookings)
    .leftJoin(homes, eq(homes.id, bookings.homeId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        // A day either side of UTC's: a home's own day differs from it by less (the window decides below).
        lte(bookings.checkOut, addDays(day, 1)),
        gt(bookings.checkOut, addDays(day, -REVIEW_WINDOW_DAYS - 1)),
        or(eq(bookings.guestId, caller.id), eq(homes.hostId, caller.id)),
      ),
    )
    .orderBy(desc(bookings.checkOut), desc(bookings.id))
    .limit(100);
  const stays: ReviewStay[] = [];
  for (const parties of rows) {
    const party = partyOf(parties, caller);
    if (party && reviewWindowState(parties.booking.checkOut, now, parties.booking.timeZone) === 'open') {
      stays.push(await stayOf(deps, parties, party, now));
    }
  }
  return stays;
}

/**
 * Whether `caller` may read the guest profile of `guestId`: the guest themselves, an admin, or the
 * host of a home this guest has an upcoming (or current) confirmed or live held stay at.
 */
export async function mayReadGuestProfile(deps: ReviewDeps, caller: ReviewCaller, guestId: string): Promise<boolean> {
  if (caller.id === guestId || caller.role === 'admin') return true;
  const now = deps.clock.now();
  const [found] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(homes, eq(homes.id, bookings.homeId))
    .where(
      and(
        eq(bookings.guestId, guestId),
        eq(homes.hostId, caller.id),
        sql`${bookings.checkOut} >= ${homeToday(now)}`,
        holdsNights(now),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** A guest's profile: name, photo, joined date and the published reviews hosts wrote about them. */
export async function guestProfile(deps: ReviewDeps, guestId: string): Promise<GuestProfile> {
  const now = deps.clock.now();
  const [guest] = await deps.db
    .select({ id: users.id, name: users.name, image: users.image, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, guestId));
  if (!guest) throw notFound('No guest with this id');
  const shown = and(eq(reviews.subjectUserId, guestId), eq(reviews.authorRole, 'host'), visibleAt(now));
  const [totals] = await deps.db
    .select({ count: count(), overall: avg(reviews.overall) })
    .from(reviews)
    .where(shown);
  const rows = await deps.db
    .select({ ...withAuthor, homeTitle: bookings.title })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(shown)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(50);
  return {
    _id: guest.id,
    name: guest.name,
    image: guest.image,
    joinedAt: guest.createdAt.toISOString(),
    average: average(totals!.overall),
    count: Number(totals!.count),
    reviews: rows.map((r) => ({ ...toPublicReview(r), homeTitle: r.homeTitle })),
  };
}
