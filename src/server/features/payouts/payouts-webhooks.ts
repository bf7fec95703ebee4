/**
 * Stripe Connect's webhook events (verified by signature in payouts-routes.ts), each handled once
 * (its id recorded in payment_events after handling; handling is idempotent, so a crash in between
 * only means Stripe's next delivery does nothing new).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { paymentEvents, payouts } from '#server/db/schema';
import {
  transferStateOf,
  type PayoutWebhookEvent,
  type StripePayouts,
  type TransferState,
} from '#server/providers/payouts/stripe-payouts';
import { accountUpdated } from './payouts-accounts';
import { payoutLog, type PayoutDeps } from './payouts-model';
import { bankPayoutSettled, refundReversed, reversedOf, transferReturned } from './payouts-returns';

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
  } else if (event.type === 'transfer.reversed' || event.type === 'transfer.updated') {
    const transfer = transferStateOf(object);
    if (transfer) await transferSeen(deps, transfer);
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
 * A payout's transfer as Stripe tells it (`transfer.reversed` on any reversal, partial or whole;
 * `transfer.updated` carries the same state, so it is read the same way). Each reversal StayHub made
 * is recorded as StayHub's own call records it (its metadata says why; whichever comes first writes,
 * the other finds it written), so the ledger is the same whatever the order of the events and the
 * calls. What is left reversed beyond them was reversed in the Dashboard: taken back whole, the
 * payout failed and its stays are owed again; a partial one is only logged (docs/operations.md).
 */
export async function transferSeen(deps: PayoutDeps, transfer: TransferState): Promise<void> {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.providerTransferId, transfer.id));
  if (!payout) return;
  // Oldest first: a refund's reversal before the bank failure that took the rest.
  for (const reversal of [...transfer.reversals].reverse()) {
    const m = reversal.metadata;
    if (m.payoutId !== payout.id) continue;
    if (m.reason === 'refund' && Number.isSafeInteger(Number(m.ledgerEntryId))) {
      await refundReversed(deps, payout.id, Number(m.ledgerEntryId));
    } else if (m.reason === 'bank_payout_failed' && m.bankPayoutId) {
      const code = m.failureCode || 'bank_payout_failed';
      await transferReturned(deps, payout.id, {
        kind: 'transfer_failed',
        failureCode: `bank_${code}`,
        bank: { id: m.bankPayoutId, code },
      });
    }
  }
  const left = payout.amountCents - (await reversedOf(deps.db, payout.id));
  if (left <= 0 || transfer.amountReversed < payout.amountCents) {
    if (left > 0 && transfer.amountReversed > payout.amountCents - left) {
      payoutLog(deps).warn(
        { payoutId: payout.id, transferId: transfer.id },
        'part of a payout transfer was reversed outside StayHub: the ledger does not count it',
      );
    }
    return;
  }
  await transferReturned(deps, payout.id, { kind: 'transfer_reversal', failureCode: 'transfer_reversed' });
}
