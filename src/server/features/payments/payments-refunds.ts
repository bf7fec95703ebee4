/**
 * `charge.refunded` (ADR 0062): a refund of a booking's payment, made by StayHub or in Stripe's
 * Dashboard, is posted to the ledger once. The ledger key is the refund's own id
 * (`refund:<bookingId>:<refundId>`), the key StayHub's refund paths post theirs with, so a refund
 * StayHub made is never counted a second time, and one made in the Dashboard is counted once.
 */
import { eq } from 'drizzle-orm';
import { bookings, securityDeposits } from '#server/db/schema';
import { inTransaction } from '#server/db/transaction';
import type { StripeRefund } from '#server/providers/payments/stripe-payments';
import { postRefund } from '../ledger/ledger-bookings';
import { logOf, type BookingDeps } from '../bookings/bookings-model';

/** Refunds that moved (or are moving) money: a failed or canceled one gave nothing back. */
const MOVED = new Set(['succeeded', 'pending', 'requires_action']);

export async function chargeRefunded(
  deps: BookingDeps,
  paymentIntentId: string,
  listRefunds: (intentId: string) => Promise<StripeRefund[]>,
): Promise<number> {
  const [booking] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, paymentIntentId));
  if (!booking) {
    const [deposit] = await deps.db
      .select({ bookingId: securityDeposits.bookingId })
      .from(securityDeposits)
      .where(eq(securityDeposits.paymentIntentId, paymentIntentId));
    // A captured deposit given back in the Dashboard is the operator's own correction: logged for them.
    logOf(deps).warn(
      { paymentIntentId, bookingId: deposit?.bookingId },
      deposit ? 'deposit refunded outside StayHub: not in the ledger' : 'refund for no known booking',
    );
    return 0;
  }
  let posted = 0;
  for (const refund of await listRefunds(paymentIntentId)) {
    if (!MOVED.has(refund.status)) continue;
    await inTransaction(deps.db, async (tx) => {
      // The booking's row first, as StayHub's own refund paths lock it before posting theirs.
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
      if (!row) return;
      await postRefund(tx, deps, row, refund.id, deps.clock.now(), refund.amountCents);
      posted++;
    });
  }
  return posted;
}
