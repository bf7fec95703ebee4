/** Card payments in the sandbox, and the provider's webhook events (each handled once). */
import { eq } from 'drizzle-orm';
import type { SandboxConfirmRequest, SandboxConfirmResponse } from '#shared/schemas/payments';
import { paymentEvents, securityDeposits } from '#server/db/schema';
import { conflict, notFound, paymentDeclined } from '#server/domain-errors';
import type { PaymentProvider, RetrievedIntent } from '#server/providers/payments/payment-provider';
import type { SandboxPayments } from '#server/providers/payments/sandbox-payments';
import type { PaymentWebhookEvent, StripePayments } from '#server/providers/payments/stripe-payments';
import { checkHoldPayable, paymentSucceeded } from '../bookings/bookings-confirmation';
import { markPaymentReceived } from '../bookings/bookings-hold-release';
import { logOf, type BookingDeps, type Caller } from '../bookings/bookings-model';
import { authorizeDepositInSandbox } from '../deposits/deposits-service';
import type { DepositDeps } from '../deposits/deposits-model';
import { chargeRefunded } from './payments-refunds';

const isSandbox = (p: PaymentProvider): p is SandboxPayments => p.name === 'sandbox' && 'confirmCard' in p;
const isStripe = (p: PaymentProvider): p is StripePayments => p.name === 'stripe' && 'listRefunds' in p;

/** A security deposit's intent: so marked at creation, or (an older one) the intent a deposit row holds. */
async function isDepositIntent(deps: BookingDeps, intent: RetrievedIntent): Promise<boolean> {
  if (intent.metadata.purpose === 'security_deposit') return true;
  const [deposit] = await deps.db
    .select({ bookingId: securityDeposits.bookingId })
    .from(securityDeposits)
    .where(eq(securityDeposits.paymentIntentId, intent.id))
    .limit(1);
  return Boolean(deposit);
}

/** Pays the caller's held booking with a card in the sandbox; a card error is a `payment_declined` DomainError. */
export async function payInSandbox(
  deps: DepositDeps,
  caller: Caller,
  input: SandboxConfirmRequest,
): Promise<SandboxConfirmResponse> {
  const payments = deps.payments;
  if (!isSandbox(payments)) throw notFound('The sandbox is not the payment provider here');
  const { clientSecret, card, billing } = input;
  const intent = await payments.findByClientSecret(clientSecret);
  if (!intent) throw notFound('No payment with this client secret');
  if ((await checkHoldPayable(deps, caller, intent)) === 'paid') {
    await markPaymentReceived(deps, intent.id);
    return { paymentIntent: { id: intent.id, status: intent.status } };
  }
  // The same card holds the security deposit first (a card that cannot hold it pays nothing).
  if (intent.metadata.bookingId) {
    await authorizeDepositInSandbox(deps, payments, intent.metadata.bookingId, card, billing);
  }
  const result = await payments.confirmCard(clientSecret, card, billing);
  if (result.ok) {
    // From here on the hold shows as being confirmed, and is never released or replaced.
    if (result.intent.status === 'succeeded' || result.intent.status === 'requires_capture')
      await markPaymentReceived(deps, result.intent.id);
    return { paymentIntent: { id: result.intent.id, status: result.intent.status } };
  }
  if (result.code === 'payment_intent_unexpected_state') throw conflict(result.message, result.code);
  throw paymentDeclined(result.message, result.code);
}

/**
 * Stripe's events that a hold's payment went through: charged (instant book), or authorised for a
 * request to book (manual capture: Stripe says `amount_capturable_updated`, never `succeeded`, ADR 0050).
 */
const PAID_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.amount_capturable_updated']);

/**
 * A verified webhook event: a paid or authorised intent confirms its hold or makes it a request, as
 * the browser's return does (or the money goes back when the hold was given up); a failed one is only
 * logged (the guest may try another card until the hold ends). An event seen before is not handled
 * again, and a second event about the same intent finds the hold already moved on.
 */
export async function handlePaymentEvent(
  deps: BookingDeps,
  event: PaymentWebhookEvent,
  /** `transfer.*` (a payout's transfer reversed): platform events, so they arrive here (payouts feature). */
  transferSeen?: (transfer: NonNullable<PaymentWebhookEvent['transfer']>) => Promise<void>,
): Promise<{ received: true; duplicate?: true }> {
  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id))
    .limit(1);
  if (seen) return { received: true, duplicate: true };

  const intent = event.intent;
  if (intent && (await isDepositIntent(deps, intent))) {
    // A security deposit's hold (ADR 0051): placed and recorded by the deposit paths, not a stay's payment.
    logOf(deps).info({ eventId: event.id, paymentIntentId: intent.id, type: event.type }, 'deposit payment event');
  } else if (intent && PAID_EVENTS.has(event.type)) {
    if ((await paymentSucceeded(deps, intent)) === 'unknown_booking') {
      logOf(deps).warn({ eventId: event.id, paymentIntentId: intent.id }, 'payment for no known booking');
    }
  } else if (intent && event.type === 'payment_intent.payment_failed') {
    // The hold stays: the guest may try another card until it expires.
    logOf(deps).info({ eventId: event.id, paymentIntentId: intent.id, error: intent.lastError }, 'card payment failed');
  } else if (event.type === 'charge.refunded' && event.charge?.paymentIntentId && isStripe(deps.payments)) {
    await chargeRefunded(deps, event.charge.paymentIntentId, deps.payments.listRefunds);
  } else if (event.transfer && transferSeen) {
    await transferSeen(event.transfer);
  }

  // Recorded after handling: a crash in between makes Stripe deliver again, and handling is idempotent.
  await deps.db
    .insert(paymentEvents)
    .values({ id: event.id, provider: 'stripe', type: event.type, paymentIntentId: intent?.id ?? null })
    .onConflictDoNothing();
  return { received: true };
}
