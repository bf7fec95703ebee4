/**
 * Stripe Connect's webhook events (verified by signature in payouts-routes.ts), each handled once
 * (its id recorded in payment_events after handling; handling is idempotent, so a crash in between
 * only means Stripe's next delivery does nothing new).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { paymentEvents, payouts } from '#server/db/schema';
import type { PayoutWebhookEvent, StripePayouts } from '#server/providers/payouts/stripe-payouts';
import { accountUpdated } from './payouts-accounts';
import { payoutLog, type PayoutDeps } from './payouts-model';
import { bankPayoutSettled, reversedOf, transferReturned } from './payouts-returns';

export async function handlePayoutEvent(
  deps: PayoutDeps,
  stripe: StripePayouts,
  event: PayoutWebhookEvent,
): Promise<{ received: true; duplicate?: true }> {
  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };
  const object = event.object;
  if (event.type === 'account.updated' && object.id) {
    await accountUpdated(deps, object.id, stripe.statusOf(object as unknown as Stripe.Account));
  } else if ((event.type === 'transfer.reversed' || event.type === 'transfer.updated') && object.id) {
    const transfer = object as unknown as Stripe.Transfer;
    if (transfer.reversed) await transferReversedWhole(deps, transfer.id);
  } else if ((event.type === 'payout.paid' || event.type === 'payout.failed') && object.id && event.account) {
    // The host's bank payout from their connected account's balance (Stripe's schedule), ADR 0062.
    const bank = object as unknown as Stripe.Payout;
    await bankPayoutSettled(deps, stripe.bankPayoutTransfers, event.account, {
      id: bank.id,
      status: event.type === 'payout.paid' ? 'paid' : 'failed',
      failureCode: bank.failure_code ?? null,
    });
  } else if (event.type.startsWith('payout.') || event.type.startsWith('transfer.')) {
    // payout.created/updated/canceled: on their way (paid/failed follow). transfer.created: StayHub recorded it
    // when it made it. (charge.refunded is a platform event: the card endpoint posts it, payments-service.ts.)
    payoutLog(deps).info(
      { eventId: event.id, type: event.type, account: event.account, object: object.id },
      'stripe event',
    );
  }
  await deps.db
    .insert(paymentEvents)
    .values({ id: event.id, provider: 'stripe-connect', type: event.type, paymentIntentId: null })
    .onConflictDoNothing();
  return { received: true };
}

/**
 * A paid payout's transfer came back whole (reversed in Stripe's Dashboard, or the account could not
 * take it). Not when StayHub's own reversals (refunds after the payout) took all of it: the payout stands.
 */
async function transferReversedWhole(deps: PayoutDeps, transferId: string) {
  const [payout] = await deps.db
    .select({ id: payouts.id, amountCents: payouts.amountCents })
    .from(payouts)
    .where(eq(payouts.providerTransferId, transferId));
  if (!payout || (await reversedOf(deps.db, payout.id)) >= payout.amountCents) return;
  await transferReturned(deps, payout.id, { kind: 'transfer_reversal', failureCode: 'transfer_reversed' });
}
