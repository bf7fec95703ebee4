/**
 * The sandbox's off-session authorisation (ADR 0051): the security deposit placed later on the card
 * saved with the stay's payment, as the Stripe provider does with a saved PaymentMethod.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { paymentIntents } from '#server/db/schema';
import type { Clock } from '../clock/clock';
import type { OffSessionResult, PaymentProvider } from './payment-provider';
import { offSessionDecline } from './sandbox-cards';
import { loadIntent, toRetrieved } from './sandbox-intents';

/**
 * The sandbox's off-session authorisation: the card that paid (or authorised) `savedWith` holds the
 * amount at once; an intent no card paid has nothing saved. The same key answers the same intent.
 * A saved card that declines off-session (sandbox-cards.ts) leaves the new intent unpaid with the
 * decline as its last error, as the provider does.
 */
export async function authorizeSaved(
  { db, clock }: { db: Db; clock: Clock },
  provider: Pick<PaymentProvider, 'createIntent'>,
  input: Parameters<PaymentProvider['authorizeOffSession']>[0],
): Promise<OffSessionResult> {
  const saved = await loadIntent(db, input.savedWith);
  if ((saved.status !== 'succeeded' && saved.status !== 'requires_capture') || !saved.cardLast4) {
    return { ok: false, code: 'no_saved_card', message: 'No card was saved with this payment.' };
  }
  const created = await provider.createIntent({
    amountCents: input.amountCents,
    currency: input.currency,
    bookingId: input.bookingId,
    idempotencyKey: input.idempotencyKey,
    description: input.description,
    receiptEmail: saved.receiptEmail ?? '',
    captureMethod: 'manual',
  });
  const now = clock.now();
  const declined = offSessionDecline(saved);
  if (declined) {
    await db
      .update(paymentIntents)
      .set({ lastErrorCode: declined.code, lastErrorMessage: declined.message, updatedAt: now })
      .where(and(eq(paymentIntents.id, created.id), eq(paymentIntents.status, 'requires_payment_method')));
    return { ok: false, ...declined, intentId: created.id };
  }
  await db
    .update(paymentIntents)
    .set({
      status: 'requires_capture',
      authorizedAt: now,
      cardBrand: saved.cardBrand,
      cardLast4: saved.cardLast4,
      billingName: saved.billingName,
      billingEmail: saved.billingEmail,
      updatedAt: now,
    })
    .where(and(eq(paymentIntents.id, created.id), eq(paymentIntents.status, 'requires_payment_method')));
  const intent = toRetrieved(await loadIntent(db, created.id));
  return intent.status === 'requires_capture'
    ? { ok: true, intent }
    : { ok: false, code: 'payment_intent_unexpected_state', message: `The authorisation is ${intent.status}.` };
}
