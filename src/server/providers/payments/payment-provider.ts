/**
 * The card payment provider behind StayHub (DESIGN.md): `sandbox` (default,
 * the provider's test mode run by StayHub itself, state in the database) or
 * `stripe` (the official SDK, chosen when keys are set). Amounts are cents.
 */

/**
 * `requires_capture`: a manual-capture intent whose card was authorised: the amount is held on the
 * card, not charged, until `captureIntent` charges it (all or part) or `cancelIntent` releases it.
 */
export type IntentStatus = 'requires_payment_method' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

/** `automatic`: the card is charged when the guest pays; `manual`: only authorised until captured. */
type CaptureMethod = 'automatic' | 'manual';

interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  bookingId: string;
  /** The same key returns the same intent instead of creating a second one. */
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
  /** Default `automatic`. */
  captureMethod?: CaptureMethod;
  /**
   * Keep the card the guest pays with for a later off-session charge (a security deposit, ADR 0051):
   * on Stripe a Customer (created with the key `customer:<idempotencyKey>`) and
   * `setup_future_usage: 'off_session'`.
   */
  saveCard?: boolean;
}

/** A manual-capture authorisation on the card saved with an earlier intent, the guest absent (ADR 0051). */
interface OffSessionInput {
  /** The intent the card was saved with (created with `saveCard`, paid or authorised). */
  savedWith: string;
  amountCents: number;
  currency: 'usd';
  bookingId: string;
  idempotencyKey: string;
  description: string;
}

/**
 * `ok`: the amount is held (`requires_capture`). Otherwise the card could not hold it (declined,
 * authentication required, no card saved): `intentId` is the failed intent when one was created.
 */
export type OffSessionResult =
  { ok: true; intent: RetrievedIntent } | { ok: false; code: string; message: string; intentId?: string };

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
}

export interface RetrievedIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  captureMethod: CaptureMethod;
  /** What was charged: the captured amount once `succeeded` (less than `amountCents` after a partial capture), else 0. */
  amountReceivedCents: number;
  /** `purpose`: a security deposit's hold (ADR 0051), not a stay's payment. */
  metadata: { bookingId?: string; purpose?: 'security_deposit' };
  lastError?: { code: string; message: string };
}

type PublicPaymentConfig = { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<RetrievedIntent>;
  /**
   * Cancels an unpaid intent so it can never be paid later, or releases an authorisation
   * (`requires_capture`: the hold on the card ends, nothing is charged); answers the intent
   * as it is afterwards (status `succeeded` when it was paid or captured before the cancel).
   */
  cancelIntent(id: string): Promise<RetrievedIntent>;
  /**
   * Charges an authorised (`requires_capture`) intent: all of it, or `amountCents` of it, the rest
   * being released. Answers the intent, `succeeded`. The same key answers the same capture again
   * (Stripe also answers an intent captured already, whose key has expired); an intent that is not
   * authorised (released, never paid) fails with code `payment_intent_unexpected_state`, an amount
   * above the authorisation with `amount_too_large`.
   */
  captureIntent(id: string, idempotencyKey: string, amountCents?: number): Promise<RetrievedIntent>;
  /**
   * Authorises `amountCents` with manual capture on the card saved with `savedWith`, off-session
   * (`off_session: true, confirm: true`). A card that cannot hold it answers `ok: false`; a
   * provider that cannot be reached throws PaymentProviderError (the caller retries, same key).
   */
  authorizeOffSession(input: OffSessionInput): Promise<OffSessionResult>;
  /**
   * Refunds a succeeded intent, in full or `amountCents` of it (a cancellation
   * policy's share); the same key never refunds twice. A charge refunded
   * already may answer that refund, or fail with code `charge_already_refunded`.
   */
  refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ id: string }>;
  /**
   * Unpaid intents (`requires_payment_method`) created at or before `createdBefore`
   * (and within the day before it), oldest first: the sweeper cancels those no live
   * hold links (a process that died between creating and linking one).
   */
  listOpenIntents?(createdBefore: Date, limit: number): Promise<RetrievedIntent[]>;
  /** What the browser needs to take a card. */
  publicConfig(): PublicPaymentConfig;
}

/** A provider call that failed (network, refused request); `code` is the provider's when it gave one. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly code = 'provider_error',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
