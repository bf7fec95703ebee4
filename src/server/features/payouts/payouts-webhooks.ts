/**
 * Stripe Connect's webhook events (verified by signature in payouts-routes.ts), each handled once
 * (its id recorded in payment_events after handling; handling is idempotent, so a crash in between
 * only means Stripe's next delivery does nothing new).
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { ledgerTransactions, paymentEvents, payouts } from '#server/db/schema';
import { inTransaction } from '#server/db/transaction';
import type { PayoutWebhookEvent, StripePayouts } from '#server/providers/payouts/stripe-payouts';
import { postLedgerTransaction } from '../ledger/ledger-post';
import { accountUpdated } from './payouts-accounts';
import { payoutLog, type PayoutDeps } from './payouts-model';

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
    if (transfer.reversed) await transferReturned(deps, transfer.id, 'transfer_reversed');
  } else if (
    event.type.startsWith('payout.') ||
    event.type.startsWith('transfer.') ||
    event.type === 'charge.refunded'
  ) {
    // payout.*: the host's bank payout from their own Stripe balance (their money already; nothing for the
    // ledger). transfer.created: StayHub recorded it when it made it. charge.refunded: refunds are posted by
    // the path that made them (ledger keys per refund); one made in the Dashboard is logged for the operator.
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
 * take it): the payout is failed, the ledger gets `transfer_reversal` (host_payable owed again), and
 * its stays go into the next payout.
 */
async function transferReturned(deps: PayoutDeps, transferId: string, code: string) {
  await inTransaction(deps.db, async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({ status: 'failed', failureCode: code, failedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(and(eq(payouts.providerTransferId, transferId), eq(payouts.status, 'paid')))
      .returning();
    if (!payout) return;
    const [posted] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `transfer:${payout.id}`));
    await postLedgerTransaction(tx, {
      kind: 'transfer_reversal',
      idempotencyKey: `transfer-reversal:${payout.id}`,
      payoutId: payout.id,
      reverses: posted?.id ?? null,
      memo: transferId,
      at: deps.clock.now(),
      currency: payout.currency,
      lines: [
        { account: 'platform_cash', amountCents: payout.amountCents },
        { account: 'host_payable', hostId: payout.hostId, amountCents: -payout.amountCents },
      ],
    });
  });
}
