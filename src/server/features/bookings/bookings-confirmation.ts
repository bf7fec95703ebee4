/** held -> confirmed: by the guest (POST /api/bookings), a provider's webhook or the sweeper; and who may pay a hold. */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { transition } from '#shared/booking-state';
import { bookings, homes, type BookingRow } from '#server/db/schema';
import { conflict, forbidden, notFound, paymentDeclined } from '#server/domain-errors';
import type { RetrievedIntent } from '#server/providers/payments/payment-provider';
import { HOME_TIMES_COLUMNS, queueConfirmationMails } from './bookings-mail';
import {
  allows,
  findBooking,
  logOf,
  paymentUnavailable,
  targetOf,
  type BookingDeps,
  type Caller,
} from './bookings-model';
import { refundBooking, releaseIntent } from './bookings-refunds';
import { requestWithIntent } from './booking-requests';
import { postBookingNote } from '../messages/messages-threads';
import { assertNoteAllowed } from '../moderation/blocks-service';
import { underHomeLock } from '../calendar/availability';
import { authorizeDepositNow, scheduleDeposit } from '../deposits/deposits-authorise';
import { postCharge } from '../ledger/ledger-bookings';

export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'requested' | 'unpaid' | 'mismatch' | 'too_late';

function checkIntent(booking: BookingRow, intent: RetrievedIntent): 'ok' | 'unpaid' | 'mismatch' {
  if (
    intent.id !== booking.paymentIntentId ||
    intent.metadata.bookingId !== booking.id ||
    intent.amountCents !== booking.amountCents ||
    intent.currency.toLowerCase() !== 'usd'
  )
    return 'mismatch';
  // A request's card is only authorised (ADR 0050): that is its payment until the host answers.
  return intent.status === (booking.bookingMode === 'request' ? 'requires_capture' : 'succeeded') ? 'ok' : 'unpaid';
}

/** held -> requested for a request's authorised intent; an authorisation that came too late is released. */
async function requestOutcome(
  deps: BookingDeps,
  booking: BookingRow,
  intent: RetrievedIntent,
  message?: string,
): Promise<ConfirmOutcome> {
  if (await requestWithIntent(deps, booking, intent, message)) return 'requested';
  const current = await findBooking(deps.db, booking.id);
  if (current?.paymentIntentId === intent.id && (current.status === 'requested' || current.status === 'confirmed'))
    return 'already_confirmed';
  await releaseIntent(deps, booking);
  return 'too_late';
}

/**
 * held -> confirmed when the provider's intent is paid, for the right amount,
 * for this booking. The mails are queued in the confirming transaction, so only
 * the call that made the change sends them, and they are sent once it commits. A payment that arrives after the hold was
 * given up is refunded.
 */
export async function confirmWithIntent(
  deps: BookingDeps,
  booking: BookingRow,
  intent: RetrievedIntent,
  message?: string,
): Promise<ConfirmOutcome> {
  const verdict = checkIntent(booking, intent);
  if (verdict !== 'ok') return verdict;
  if (booking.bookingMode === 'request') return requestOutcome(deps, booking, intent, message);
  const now = deps.clock.now();
  // The home's row first (ADR 0029): confirming refreshes the home's nights, which locks that row, and a
  // hold holding it may be waiting on this very booking row.
  const row = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    const [confirmed] = await tx
      .update(bookings)
      .set({
        status: transition('held', 'pay'),
        confirmedAt: now,
        updatedAt: now,
        ...(message !== undefined ? { message } : {}),
      })
      // A hold whose home was deleted meanwhile (home_id null) is never confirmed.
      .where(
        and(
          eq(bookings.id, booking.id),
          allows('pay'),
          eq(bookings.paymentIntentId, intent.id),
          isNotNull(bookings.homeId),
        ),
      )
      .returning();
    if (!confirmed) return undefined;
    // The money is in: the ledger's charge commits with the confirmation (ADR 0053).
    await postCharge(tx, deps, confirmed, now);
    // The home's own times (the host may set them), read now: the mail says what holds for this stay.
    const [times] = await tx.select(HOME_TIMES_COLUMNS).from(homes).where(eq(homes.id, confirmed.homeId!));
    // Its deposit (the stored breakdown's amount) waits to be authorised on the saved card (ADR 0051);
    // the mails say whether it is held or when it will be.
    const deposit = await scheduleDeposit(deps, tx, confirmed, times?.checkOutTime ?? null);
    // In the confirming transaction (ADR 0046): the mails are accepted exactly when the booking is confirmed.
    await queueConfirmationMails(deps.mail, tx, confirmed, times ?? null, deposit, deps.publicUrl);
    return confirmed;
  });
  if (row) {
    logOf(deps).info({ bookingId: row.id, paymentIntentId: intent.id }, 'booking confirmed');
    await postBookingNote(deps, row);
    await authorizeDepositNow(deps, row);
    return 'confirmed';
  }
  const current = await findBooking(deps.db, booking.id);
  if (current?.status === 'confirmed' && current.paymentIntentId === intent.id) {
    // Confirmed by the sweeper or a webhook first: keep the guest's note when that call had none.
    if (message && !current.message) {
      const [noted] = await deps.db
        .update(bookings)
        .set({ message, updatedAt: now })
        .where(and(eq(bookings.id, booking.id), eq(bookings.message, '')))
        .returning();
      if (noted) await postBookingNote(deps, noted);
    }
    return 'already_confirmed';
  }
  if (current?.status === 'held' && current.homeId === null) {
    // Its home is gone: the hold ends here, so the sweeper does not ask about it again.
    await deps.db
      .update(bookings)
      .set({ status: targetOf('expire'), updatedAt: now })
      .where(and(eq(bookings.id, booking.id), allows('expire'), isNull(bookings.homeId)));
    logOf(deps).warn({ bookingId: booking.id, paymentIntentId: intent.id }, 'paid hold of a deleted home; refunding');
  }
  await refundBooking(deps, booking);
  return 'too_late';
}

export interface ConfirmInput {
  bookingId: string;
  paymentIntentId: string;
  message?: string;
}

/** POST /api/bookings: confirms the caller's paid hold; repeating it answers the same. Throws a DomainError for every refusal. */
export async function confirmBooking(
  deps: BookingDeps,
  caller: Caller,
  input: ConfirmInput,
): Promise<{ acknowledged: true; insertedId: string }> {
  const booking = await findBooking(deps.db, input.bookingId);
  if (!booking) throw notFound('No booking with this id');
  if (booking.guestId !== caller.id) throw forbidden('This is not your booking');
  const ok = { acknowledged: true as const, insertedId: booking.id };
  const message = input.message?.trim() ?? '';
  await assertNoteAllowed(deps.db, booking, message);

  if (!booking.paymentIntentId || booking.paymentIntentId !== input.paymentIntentId) {
    throw conflict('This payment does not belong to this booking', 'payment_mismatch');
  }
  // A request sent already answers the same (the host's answer comes later).
  if (booking.status === 'requested') return ok;
  if (booking.status === 'confirmed') {
    if (message && !booking.message) {
      const [noted] = await deps.db
        .update(bookings)
        .set({ message, updatedAt: deps.clock.now() })
        .where(and(eq(bookings.id, booking.id), eq(bookings.message, '')))
        .returning();
      if (noted) await postBookingNote(deps, noted);
    }
    return ok;
  }

  let intent: RetrievedIntent;
  try {
    intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
  } catch (err) {
    throw paymentUnavailable(err);
  }

  if (booking.status !== 'held') {
    // The hold was given up before the payment was confirmed here; money taken anyway goes back.
    if (intent.status === 'succeeded') await refundBooking(deps, booking);
    else if (intent.status === 'requires_capture') await releaseIntent(deps, booking);
    throw conflict(
      intent.status === 'succeeded'
        ? 'Your hold on these dates ended before the payment arrived. The payment has been refunded.'
        : 'Your hold on these dates has ended. Please choose the dates again.',
      'hold_expired',
    );
  }

  // No note in this call keeps the one saved with the hold before the payment.
  const outcome = await confirmWithIntent(deps, booking, intent, message || undefined);
  switch (outcome) {
    case 'confirmed':
    case 'already_confirmed':
    case 'requested':
      return ok;
    case 'unpaid':
      throw paymentDeclined(intent.lastError?.message ?? 'The payment has not been completed.', 'payment_required');
    case 'mismatch':
      throw conflict('This payment does not match the booking', 'payment_mismatch');
    case 'too_late':
      throw conflict(
        'Your hold on these dates ended before the payment arrived. The payment has been refunded.',
        'hold_expired',
      );
  }
}

/**
 * The provider says this intent was paid (a webhook): its hold is confirmed,
 * or, when the hold was given up before, the money goes back.
 * 'unknown_booking' when the intent belongs to no booking of ours.
 */
export async function paymentSucceeded(
  deps: BookingDeps,
  intent: RetrievedIntent,
): Promise<'handled' | 'unknown_booking'> {
  const booking = intent.metadata.bookingId ? await findBooking(deps.db, intent.metadata.bookingId) : null;
  if (!booking || booking.paymentIntentId !== intent.id) return 'unknown_booking';
  if (booking.status === 'held') {
    await confirmWithIntent(deps, booking, intent);
  } else if (intent.status === 'requires_capture') {
    // Authorised after the hold was given up: released (a live request keeps its authorisation).
    if (booking.status !== 'requested' && booking.status !== 'confirmed') await releaseIntent(deps, booking);
  } else if (
    booking.status === 'expired' ||
    booking.status === 'declined' ||
    (booking.status === 'cancelled' && !booking.confirmedAt)
  ) {
    // Paid after the hold (or the request) was given up: the money goes back.
    await refundBooking(deps, booking);
  }
  return 'handled';
}

/**
 * Before a card is charged for this intent: its booking must be the caller's
 * and still held. 'paid' when the intent is paid already (a repeat answers the
 * same and never charges twice).
 */
export async function checkHoldPayable(
  deps: BookingDeps,
  caller: Caller,
  intent: RetrievedIntent,
): Promise<'paid' | 'payable'> {
  const booking = intent.metadata.bookingId ? await findBooking(deps.db, intent.metadata.bookingId) : null;
  if (!booking || booking.guestId !== caller.id) throw forbidden('This payment is not yours');
  if (intent.status === 'succeeded' || intent.status === 'requires_capture') return 'paid';
  const now = deps.clock.now();
  if (booking.status !== 'held' || !booking.holdExpiresAt || booking.holdExpiresAt <= now) {
    throw conflict('Your hold on these dates has ended. Please choose the dates again.', 'hold_expired');
  }
  return 'payable';
}
