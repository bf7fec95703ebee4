/**
 * A hold after it is placed: given up by the guest leaving the checkout, marked paid when the
 * provider says so (never released or replaced after), and the guest's note kept with it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { bookings, type BookingRow } from '#server/db/schema';
import { conflict, notFound } from '#server/domain-errors';
import { findBooking, logOf, paymentUnavailable, targetOf, type BookingDeps, type Caller } from './bookings-model';
import { assertNoteAllowed } from '../moderation/blocks-service';

/**
 * The guest left the checkout without paying: their hold gives the dates back.
 * The provider's intent is cancelled first, so it can no longer be paid; when
 * it was paid already the hold stays (the sweeper or the browser confirms it).
 * Anyone else's intent, or an unknown one, answers 404.
 */
export async function releaseHold(
  deps: BookingDeps,
  caller: Caller,
  paymentIntentId: string,
): Promise<{ released: boolean; status: BookingRow['status'] }> {
  const [hold] = await deps.db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId)).limit(1);
  if (!hold || hold.guestId !== caller.id) throw notFound('No reservation with this payment');
  if (hold.status !== 'held' || hold.paymentReceivedAt) return { released: false, status: hold.status };
  let intent;
  try {
    intent = await deps.payments.cancelIntent(paymentIntentId);
  } catch (err) {
    throw paymentUnavailable(err);
  }
  if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
    // Paid (or authorised) meanwhile: never given up; it is confirmed (or requested) instead.
    await markPaymentReceived(deps, paymentIntentId);
    return { released: false, status: hold.status };
  }
  const now = deps.clock.now();
  const [released] = await deps.db
    .update(bookings)
    .set({ status: targetOf('cancel'), cancelledAt: now, updatedAt: now })
    .where(and(eq(bookings.id, hold.id), eq(bookings.status, 'held'), isNull(bookings.paymentReceivedAt)))
    .returning();
  if (released) logOf(deps).info({ bookingId: hold.id }, 'hold released: the guest left the checkout');
  return { released: Boolean(released), status: released?.status ?? (await currentStatus(deps, hold.id)) };
}

async function currentStatus(deps: BookingDeps, id: string): Promise<BookingRow['status']> {
  const [row] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row?.status ?? 'cancelled';
}

/** The provider says this hold's intent was paid: the hold shows as being confirmed and is never released or replaced. */
export async function markPaymentReceived(deps: BookingDeps, paymentIntentId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(bookings)
    .set({ paymentReceivedAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.paymentIntentId, paymentIntentId),
        eq(bookings.status, 'held'),
        isNull(bookings.paymentReceivedAt),
      ),
    );
}

/**
 * PATCH /api/bookings/:id {message}: the guest's note to the host, kept with
 * the hold before the card is charged, so whoever confirms the paid hold (the
 * browser, a webhook or the sweeper) keeps it.
 */
export async function saveHoldMessage(
  deps: BookingDeps,
  caller: Caller,
  bookingId: string,
  message: string,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking || booking.guestId !== caller.id) throw notFound('No booking with this id');
  if (booking.status !== 'held') {
    throw conflict('Only a reservation waiting for its payment can change its message.', 'not_held');
  }
  await assertNoteAllowed(deps.db, booking, message);
  const rows = await deps.db
    .update(bookings)
    .set({ message: message.trim(), updatedAt: deps.clock.now() })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'held')))
    .returning({ id: bookings.id });
  return { acknowledged: true, modifiedCount: rows.length };
}
