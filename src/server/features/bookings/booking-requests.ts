/**
 * Request to book (issue 27, ADR 0050): which mode a guest books a home in, a paid (authorised) hold
 * becoming a request, and the host's answer: accept (captured, confirmed), decline (released) or
 * none (expired by the sweeper at respond_by). Every change is one UPDATE whose WHERE names the
 * status it leaves, so of accept, decline, expiry and withdrawal exactly one wins.
 */
import { and, asc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import { requestLeavesTime, respondByFor } from '#shared/booking-requests';
import { transition } from '#shared/booking-state';
import type { BookingMode } from '#shared/schemas/pricing';
import type { Reservation } from '#shared/schemas/reservations';
import { bookings, homes, reviews, users, type BookingRow } from '#server/db/schema';
import { conflict, forbidden, notFound } from '#server/domain-errors';
import type { RetrievedIntent } from '#server/providers/payments/payment-provider';
import { queueRequestMails } from './booking-request-mail';
import { HOME_TIMES_COLUMNS, queueConfirmationMails } from './bookings-mail';
import {
  HOLD_MS,
  findBooking,
  isBookingGuest,
  isBookingHost,
  logOf,
  paymentUnavailable,
  type BookingDeps,
  type Caller,
} from './bookings-model';
import { refundBooking, releaseIntent } from './bookings-refunds';
import { findReservation } from './reservations-queries';
import { postBookingNote } from '../messages/messages-threads';
import { underHomeLock } from '../calendar/availability';
import { authorizeDepositNow, scheduleDeposit } from '../deposits/deposits-authorise';
import { postCharge } from '../ledger/ledger-bookings';

/** A host review of a guest this good or better counts for the `good_review` requirement. */
const GOOD_REVIEW_MIN = 4;

type ModeHome = { bookingMode: BookingMode; instantBookRequirements: string[] };

/**
 * The mode a caller books `home` in: the home's, except that a guest who misses one of the home's
 * instant-book requirements is offered a request instead. Anonymous callers see the home's mode.
 */
export async function effectiveBookingMode(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  callerId: string | null,
  home: ModeHome,
): Promise<BookingMode> {
  if (home.bookingMode === 'request' || !callerId || home.instantBookRequirements.length === 0) return home.bookingMode;
  const needs = new Set(home.instantBookRequirements);
  const [user] = await deps.db
    .select({ emailVerified: users.emailVerified, image: users.image })
    .from(users)
    .where(eq(users.id, callerId))
    .limit(1);
  if (!user) return 'request';
  if (needs.has('verified_email') && !user.emailVerified) return 'request';
  if (needs.has('profile_photo') && !user.image?.trim()) return 'request';
  if (needs.has('good_review')) {
    const now = deps.clock.now();
    // A host's review of one of the guest's past stays, visible (double-blind: both wrote, or the window ended).
    const [good] = await deps.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.subjectUserId, callerId),
          eq(reviews.authorRole, 'host'),
          sql`${reviews.overall} >= ${GOOD_REVIEW_MIN}`,
          or(isNotNull(reviews.publishedAt), lte(reviews.publishAt, now)),
        ),
      )
      .limit(1);
    if (!good) return 'request';
  }
  return 'instant';
}

/** 409 request_too_late when the host would not have time to answer before check-in (ADR 0050). */
export function refuseLateRequest(now: Date, checkIn: string, timeZone: string): void {
  if (!requestLeavesTime(now, checkIn, timeZone, HOLD_MS)) {
    throw conflict(
      'This home takes requests to book, and check-in is too soon for the host to answer. Please choose later dates.',
      'request_too_late',
    );
  }
}

/**
 * held -> requested once the card is authorised for the right amount (the caller checked it): the
 * request's window starts now; the mails to both are queued in the same transaction, and the guest's
 * note becomes the first message of the booking's conversation.
 */
export async function requestWithIntent(
  deps: BookingDeps,
  booking: BookingRow,
  intent: RetrievedIntent,
  message?: string,
): Promise<BookingRow | undefined> {
  const now = deps.clock.now();
  const row = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    const [requested] = await tx
      .update(bookings)
      .set({
        status: transition('held', 'request'),
        requestedAt: now,
        respondBy: respondByFor(now, booking.checkIn, booking.timeZone),
        updatedAt: now,
        ...(message !== undefined ? { message } : {}),
      })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, 'held'),
          eq(bookings.paymentIntentId, intent.id),
          isNotNull(bookings.homeId),
        ),
      )
      .returning();
    if (requested) await queueRequestMails(deps.mail, tx, 'sent', requested, deps.publicUrl);
    return requested;
  });
  if (row) {
    logOf(deps).info({ bookingId: row.id, respondBy: row.respondBy }, 'booking requested');
    await postBookingNote(deps, row);
  }
  return row;
}

/**
 * The home's host (by account, or by the email the booking names) or an admin; anyone else gets a 404.
 * Nobody answers their own request, not even an admin (403).
 */
async function hostedBooking(deps: BookingDeps, caller: Caller, id: string) {
  const booking = await findBooking(deps.db, id);
  if (!booking) throw notFound('No reservation with this id');
  const mayAnswer =
    caller.role === 'admin' || (caller.role === 'host' && (await isBookingHost(deps.db, caller, booking)));
  if (!mayAnswer) throw notFound('No reservation with this id');
  if (isBookingGuest(caller, booking)) throw forbidden('You cannot answer your own request to book.');
  return booking;
}

/** 409 not_requested: the request ended, or its time to answer did (before the sweeper marked it expired). */
const notRequested = (b: BookingRow, now: Date) =>
  conflict(
    b.status === 'expired' || (b.status === 'requested' && b.respondBy !== null && b.respondBy <= now)
      ? 'This request expired before it was answered.'
      : `This request was already answered or withdrawn (it is ${b.status}).`,
    'not_requested',
  );

async function answer(deps: BookingDeps, id: string): Promise<{ reservation: Reservation }> {
  return { reservation: (await findReservation(deps.db, id, deps.clock.now()))! };
}

/**
 * POST /api/host/reservations/:id/accept: the authorisation is captured, then requested -> confirmed
 * (guarded by the status and respond_by) with the confirmation mails in the same transaction. When the
 * request ended meanwhile (withdrawn, expired, declined in another tab), the captured money goes back.
 */
export async function acceptRequest(
  deps: BookingDeps,
  caller: Caller,
  id: string,
): Promise<{ reservation: Reservation }> {
  const booking = await hostedBooking(deps, caller, id);
  const now = deps.clock.now();
  if (booking.status !== 'requested' || !booking.respondBy || booking.respondBy <= now)
    throw notRequested(booking, now);
  try {
    await deps.payments.captureIntent(booking.paymentIntentId!, `capture-${booking.id}`);
  } catch (err) {
    // The authorisation is gone at the provider (released, lapsed): the request cannot be accepted.
    const code = (err as { code?: string }).code;
    if (code === 'payment_intent_unexpected_state') {
      throw conflict(
        "The guest's card authorisation is no longer valid, so the request cannot be accepted.",
        'authorisation_lapsed',
      );
    }
    throw paymentUnavailable(err);
  }
  const row = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    const [confirmed] = await tx
      .update(bookings)
      .set({ status: transition('requested', 'accept'), confirmedAt: now, decidedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'requested'), gt(bookings.respondBy, now)))
      .returning();
    if (!confirmed) return undefined;
    // Captured and confirmed: the ledger's charge commits with the confirmation (ADR 0053).
    await postCharge(tx, deps, confirmed, now);
    const [times] = await tx.select(HOME_TIMES_COLUMNS).from(homes).where(eq(homes.id, confirmed.homeId!));
    // Its deposit (the stored breakdown's amount) waits to be authorised on the saved card (ADR 0051);
    // the mails say whether it is held or when it will be.
    const deposit = await scheduleDeposit(deps, tx, confirmed, times?.checkOutTime ?? null);
    await queueConfirmationMails(deps.mail, tx, confirmed, times ?? null, deposit, deps.publicUrl);
    return confirmed;
  });
  if (!row) {
    const current = (await findBooking(deps.db, booking.id)) ?? booking;
    // A second accept of the same request (two tabs, a double click) lost to the first: the capture was
    // the same one (its key), and the stay it paid for is confirmed; nothing goes back.
    if (current.status === 'confirmed' && current.paymentIntentId === booking.paymentIntentId) {
      return answer(deps, current.id);
    }
    // Another answer won between the capture and here (withdrawn, expired, declined): the money goes back.
    await refundBooking(deps, current);
    throw notRequested(current, now);
  }
  logOf(deps).info({ bookingId: row.id, by: caller.id }, 'booking request accepted');
  await authorizeDepositNow(deps, row);
  return answer(deps, row.id);
}

/** POST /api/host/reservations/:id/decline: requested -> declined (the guest mailed with the message), then released. */
export async function declineRequest(
  deps: BookingDeps,
  caller: Caller,
  id: string,
  message: string | undefined,
): Promise<{ reservation: Reservation }> {
  const booking = await hostedBooking(deps, caller, id);
  const now = deps.clock.now();
  if (booking.status !== 'requested') throw notRequested(booking, now);
  const row = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    const [declined] = await tx
      .update(bookings)
      .set({
        status: transition('requested', 'decline'),
        decidedAt: now,
        hostMessage: message?.trim() || null,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'requested')))
      .returning();
    if (declined) await queueRequestMails(deps.mail, tx, 'declined', declined, deps.publicUrl);
    return declined;
  });
  if (!row) throw notRequested((await findBooking(deps.db, booking.id)) ?? booking, now);
  logOf(deps).info({ bookingId: row.id, by: caller.id }, 'booking request declined');
  await releaseIntent(deps, row);
  return answer(deps, row.id);
}

/** One sweep over requests past respond_by: requested -> expired (mails in the same transaction), then released. */
export async function lapseRequests(deps: BookingDeps, limit: number): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'requested'), lte(bookings.respondBy, now)))
    .orderBy(asc(bookings.respondBy))
    .limit(limit);
  let lapsed = 0;
  for (const request of due) {
    const row = await underHomeLock(deps.db, request.homeId, async (tx) => {
      const [expired] = await tx
        .update(bookings)
        .set({ status: transition('requested', 'lapse'), updatedAt: now })
        .where(and(eq(bookings.id, request.id), eq(bookings.status, 'requested'), lte(bookings.respondBy, now)))
        .returning();
      if (expired) await queueRequestMails(deps.mail, tx, 'expired', expired, deps.publicUrl);
      return expired;
    });
    if (!row) continue;
    lapsed++;
    logOf(deps).info({ bookingId: row.id }, 'booking request expired without an answer');
    await releaseIntent(deps, row);
  }
  return lapsed;
}
