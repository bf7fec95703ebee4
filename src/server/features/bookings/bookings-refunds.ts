/** Money going back around a booking: refunds and released intents (all outside database transactions). */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bookings, type BookingRow } from '#server/db/schema';
import { PaymentProviderError } from '#server/providers/payments/payment-provider';
import { ALREADY_REFUNDED, NO_REFUND, REFUND_OWED, logOf, notRefunded, type BookingDeps } from './bookings-model';

/**
 * Refunds the booking's payment once (key `refund-<id>`), records the refund id; false when it could not.
 * The amount is the one decided at cancellation (`refundAmountCents`, the policy's share), else all of it;
 * a decided 0 is recorded as NO_REFUND without asking the provider.
 */
export async function refundBooking(
  deps: BookingDeps,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId'> & Partial<Pick<BookingRow, 'refundAmountCents' | 'amountCents'>>,
): Promise<boolean> {
  if (!booking.paymentIntentId) return true;
  const decided = booking.refundAmountCents ?? null;
  if (decided === 0) {
    await deps.db
      .update(bookings)
      .set({ refundId: NO_REFUND, updatedAt: deps.clock.now() })
      .where(and(eq(bookings.id, booking.id), notRefunded()));
    return true;
  }
  // A partial refund names its amount; a full one does not (the provider refunds what is left).
  const partial = decided !== null && decided !== booking.amountCents ? decided : undefined;
  try {
    let refund: { id: string };
    try {
      refund = await deps.payments.refund(booking.paymentIntentId, `refund-${booking.id}`, partial);
    } catch (err) {
      // Refunded already (an earlier call whose answer was lost, the provider's dashboard): nothing is owed any more.
      if (!(err instanceof PaymentProviderError && err.code === 'charge_already_refunded')) throw err;
      logOf(deps).warn(
        { bookingId: booking.id, paymentIntentId: booking.paymentIntentId },
        'the charge was already refunded',
      );
      refund = { id: ALREADY_REFUNDED };
    }
    await deps.db
      .update(bookings)
      .set({ refundId: refund.id, updatedAt: deps.clock.now() })
      .where(and(eq(bookings.id, booking.id), notRefunded()));
    logOf(deps).info({ bookingId: booking.id, refundId: refund.id }, 'booking payment refunded');
    return true;
  } catch (err) {
    logOf(deps).error({ err, bookingId: booking.id }, 'refund failed; the sweeper retries it');
    // Marks the refund as owed so the sweeper retries it whatever ended the booking (cancelled, expired, home deleted).
    try {
      await deps.db
        .update(bookings)
        .set({ refundId: REFUND_OWED, updatedAt: deps.clock.now() })
        .where(
          and(
            eq(bookings.id, booking.id),
            isNull(bookings.refundId),
            inArray(bookings.status, ['cancelled', 'expired']),
          ),
        );
    } catch (markErr) {
      logOf(deps).error({ err: markErr, bookingId: booking.id }, 'could not record the refund as owed');
    }
    return false;
  }
}

/**
 * A hold that was given up (expired, cancelled, replaced): its intent is
 * cancelled so it can no longer be paid; when it was paid meanwhile, the
 * payment is refunded. Answers what happened to the money: 'none' (nothing
 * was charged, or the provider could not be asked), 'refunded', or
 * 'refund_owed' (the refund failed; the sweeper retries it).
 */
export async function releaseIntent(
  deps: BookingDeps,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId'>,
): Promise<'none' | 'refunded' | 'refund_owed'> {
  if (!booking.paymentIntentId) return 'none';
  try {
    const intent = await deps.payments.cancelIntent(booking.paymentIntentId);
    if (intent.status === 'succeeded') return (await refundBooking(deps, booking)) ? 'refunded' : 'refund_owed';
  } catch (err) {
    logOf(deps).warn({ err, bookingId: booking.id }, 'could not cancel the payment of a released hold');
  }
  return 'none';
}
