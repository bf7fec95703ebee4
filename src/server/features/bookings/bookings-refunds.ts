/** Money going back around a booking: refunds and released intents (all outside database transactions). */
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, type BookingRow } from '#server/db/schema';
import { PaymentProviderError } from '#server/providers/payments/payment-provider';
import {
  ALREADY_REFUNDED,
  MAX_REFUND_ATTEMPTS,
  NO_REFUND,
  REFUND_FAILED,
  REFUND_OWED,
  REFUND_RETRY_BASE_MS,
  logOf,
  notRefunded,
  type BookingDeps,
} from './bookings-model';
import { postRefund } from '../ledger/ledger-bookings';

/**
 * Refunds the booking's payment once (key `refund-<id>`), records the refund id; false when it could not.
 * The amount is the one decided at cancellation (`refundAmountCents`, the policy's share), else all of it;
 * a decided 0 is recorded as NO_REFUND without asking the provider.
 */
export async function refundBooking(
  deps: BookingDeps,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId'> &
    Partial<Pick<BookingRow, 'refundAmountCents' | 'amountCents' | 'refundAttempts'>>,
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
    await recordRefund(deps, booking.id, refund.id);
    logOf(deps).info({ bookingId: booking.id, refundId: refund.id }, 'booking payment refunded');
    return true;
  } catch (err) {
    await recordFailedRefund(deps, booking, err);
    return false;
  }
}

/**
 * The refund id and the ledger's refund entries in one transaction (ADR 0053): only the call that
 * records the refund posts it, and the amount is the one the provider was asked for.
 */
async function recordRefund(deps: BookingDeps, bookingId: string, refundId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(bookings)
      .set({ refundId, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), notRefunded()))
      .returning();
    if (recorded) await postRefund(tx, deps, recorded, refundId, now);
  });
}

/** The provider's answers that no retry changes: the payment does not exist or cannot be refunded any more. */
const FINAL_REFUSALS = new Set(['resource_missing', 'payment_intent_unexpected_state', 'charge_disputed']);

/** The wait before the next try after `attempts` failures: 1, 2, 4 … minutes, at most an hour. */
function refundRetryDelayMs(attempts: number): number {
  return Math.min(REFUND_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * A failed refund is owed and retried by the sweeper after a growing pause; after MAX_REFUND_ATTEMPTS, or at
 * once when the provider refuses it for good, it is recorded as failed with the provider's reason: admins
 * see it, and nothing retries it in a loop (issue 25).
 */
async function recordFailedRefund(
  deps: BookingDeps,
  booking: Pick<BookingRow, 'id'> & Partial<Pick<BookingRow, 'refundAttempts'>>,
  err: unknown,
): Promise<void> {
  const now = deps.clock.now();
  const attempts = (booking.refundAttempts ?? 0) + 1;
  const final = err instanceof PaymentProviderError && FINAL_REFUSALS.has(err.code);
  const givenUp = final || attempts >= MAX_REFUND_ATTEMPTS;
  const reason = (err instanceof PaymentProviderError ? err.message : 'The payment service could not be reached').slice(
    0,
    300,
  );
  if (givenUp)
    logOf(deps).error({ err, bookingId: booking.id, attempts }, 'refund failed; given up, settle it by hand');
  else logOf(deps).warn({ err, bookingId: booking.id, attempts }, 'refund failed; the sweeper retries it later');
  try {
    // Only a booking that ended (cancelled, expired, home deleted) owes money back.
    await deps.db
      .update(bookings)
      .set({
        refundId: givenUp ? REFUND_FAILED : REFUND_OWED,
        refundAttempts: attempts,
        refundRetryAt: givenUp ? null : new Date(now.getTime() + refundRetryDelayMs(attempts)),
        refundError: reason,
        updatedAt: now,
      })
      .where(
        and(eq(bookings.id, booking.id), notRefunded(), inArray(bookings.status, ['cancelled', 'expired', 'declined'])),
      );
  } catch (markErr) {
    logOf(deps).error({ err: markErr, bookingId: booking.id }, 'could not record the failed refund');
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
