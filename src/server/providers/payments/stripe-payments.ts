import Stripe from 'stripe';
import { toProviderError } from '../stripe-errors';
import { transferStateOf, type TransferState } from '../payouts/stripe-payouts';
import {
  PaymentProviderError,
  type IntentStatus,
  type OffSessionResult,
  type PaymentProvider,
  type RetrievedIntent,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** whsec_...; webhooks are refused without it. */
  webhookSecret?: string;
  /** Where the SDK sends its requests (tests point it at a local server). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** A verified webhook event about a payment intent. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  intent: RetrievedIntent | null;
  /** A charge event's charge (`charge.refunded`): its id and the intent it paid. */
  charge: { id: string; paymentIntentId: string | null } | null;
  /** A `transfer.*` event's transfer (a payout's, Stripe Connect): handled by the payouts feature. */
  transfer: TransferState | null;
}

/** One refund of an intent at Stripe (StayHub's own, or one made in the Dashboard). */
export interface StripeRefund {
  id: string;
  amountCents: number;
  status: string;
}

export interface StripePayments extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the `stripe-signature` header over the raw body; throws PaymentProviderError('invalid_signature'). */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentWebhookEvent;
  readonly client: Stripe;
  /** Every refund of the intent, newest first (succeeded, pending, failed or canceled). */
  listRefunds(intentId: string): Promise<StripeRefund[]>;
}

function mapStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'requires_capture':
      return 'requires_capture';
    case 'processing':
      return 'processing';
    default:
      return 'requires_payment_method';
  }
}

function fromStripeIntent(pi: Stripe.PaymentIntent): RetrievedIntent {
  const err = pi.last_payment_error;
  return {
    id: pi.id,
    status: mapStatus(pi.status),
    amountCents: pi.amount,
    currency: pi.currency,
    captureMethod:
      pi.capture_method === 'automatic' || pi.capture_method === 'automatic_async' ? 'automatic' : 'manual',
    amountReceivedCents: pi.status === 'succeeded' ? pi.amount_received : 0,
    metadata: {
      bookingId: pi.metadata?.bookingId,
      ...(pi.metadata?.purpose === 'security_deposit' ? { purpose: 'security_deposit' as const } : {}),
    },
    ...(err && pi.status !== 'succeeded' && pi.status !== 'requires_capture'
      ? {
          lastError: {
            code: err.decline_code ?? err.code ?? 'card_error',
            message: err.message ?? 'The payment failed.',
          },
        }
      : {}),
  };
}

function wrap(err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  return toProviderError(err, 'payment', (message, code, _definite, options) => {
    return new PaymentProviderError(message, code, options);
  });
}

/** paymentIntents.capture, all or `amount_to_capture` of an authorisation (the rest is released). */
async function captureAtStripe(
  client: Stripe,
  id: string,
  idempotencyKey: string,
  amountCents: number | undefined,
): Promise<RetrievedIntent> {
  try {
    return fromStripeIntent(
      await client.paymentIntents.capture(id, amountCents !== undefined ? { amount_to_capture: amountCents } : {}, {
        idempotencyKey,
      }),
    );
  } catch (err) {
    // Captured already (an answer lost after the idempotency key expired): answer the captured intent.
    if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
      let pi: Stripe.PaymentIntent;
      try {
        pi = await client.paymentIntents.retrieve(id);
      } catch (again) {
        throw wrap(again);
      }
      if (pi.status === 'succeeded' && pi.capture_method !== 'automatic') return fromStripeIntent(pi);
    }
    throw wrap(err);
  }
}

/** The id of an expandable field (a string, or the object when expanded). */
const idOf = (field: string | { id: string } | null | undefined) =>
  typeof field === 'string' ? field : (field?.id ?? null);

/**
 * ADR 0051: a manual-capture PaymentIntent confirmed off-session with the card and Customer saved
 * with `savedWith` (`setup_future_usage: 'off_session'`). Stripe answers a declined card, or one
 * that needs the guest to authenticate, with a card error carrying the failed intent.
 */
async function authorizeAtStripe(
  client: Stripe,
  input: Parameters<PaymentProvider['authorizeOffSession']>[0],
): Promise<OffSessionResult> {
  let saved: Stripe.PaymentIntent;
  try {
    saved = await client.paymentIntents.retrieve(input.savedWith);
  } catch (err) {
    throw wrap(err);
  }
  const paymentMethod = idOf(saved.payment_method);
  const customer = idOf(saved.customer);
  if (!paymentMethod || !customer) {
    return { ok: false, code: 'no_saved_card', message: 'No card was saved for later with the stay’s payment.' };
  }
  try {
    const pi = await client.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        capture_method: 'manual',
        description: input.description,
        metadata: { bookingId: input.bookingId, purpose: 'security_deposit' },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const intent = fromStripeIntent(pi);
    if (intent.status === 'requires_capture') return { ok: true, intent };
    return {
      ok: false,
      code: pi.status === 'requires_action' ? 'authentication_required' : (intent.lastError?.code ?? 'not_authorised'),
      message: intent.lastError?.message ?? 'The card could not hold the amount without the guest.',
      intentId: pi.id,
    };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      const failed = (err.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id;
      return {
        ok: false,
        code: err.decline_code ?? err.code ?? 'card_declined',
        message: err.message,
        ...(failed ? { intentId: failed } : {}),
      };
    }
    throw wrap(err);
  }
}

/**
 * A Customer to keep the card on for the deposit's later off-session authorisation (ADR 0051),
 * once per intent (its key derived from the intent's).
 */
async function customerFor(
  client: Stripe,
  input: Parameters<PaymentProvider['createIntent']>[0],
): Promise<Stripe.Customer> {
  try {
    return await client.customers.create(
      { email: input.receiptEmail, metadata: { bookingId: input.bookingId } },
      { idempotencyKey: `customer:${input.idempotencyKey}` },
    );
  } catch (err) {
    throw wrap(err);
  }
}

async function refundsAtStripe(client: Stripe, intentId: string): Promise<StripeRefund[]> {
  const list = await client.refunds.list({ payment_intent: intentId, limit: 100 });
  return list.data.map((r) => ({ id: r.id, amountCents: r.amount, status: r.status ?? 'pending' }));
}

/** Card payments through Stripe's official SDK (chosen when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set). */
export function stripePayments(settings: StripeSettings): StripePayments {
  const client = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'StayHub' },
    ...(settings.api ?? {}),
  });

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw wrap(err);
    }
  }

  return {
    name: 'stripe',
    client,

    publicConfig: () => ({ provider: 'stripe', publishableKey: settings.publishableKey }),

    async createIntent(input) {
      const customer = input.saveCard ? await customerFor(client, input) : null;
      const pi = await call(() =>
        client.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            allowed_payment_method_types: ['card'],
            description: input.description,
            receipt_email: input.receiptEmail,
            metadata: { bookingId: input.bookingId },
            // Manual: confirming authorises the card; paymentIntents.capture charges it (ADR 0050).
            capture_method: input.captureMethod ?? 'automatic',
            ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!pi.client_secret) throw new PaymentProviderError('The payment provider answered without a client secret');
      return { id: pi.id, clientSecret: pi.client_secret, status: mapStatus(pi.status), amountCents: pi.amount };
    },

    async retrieveIntent(id) {
      return fromStripeIntent(await call(() => client.paymentIntents.retrieve(id)));
    },

    async listOpenIntents(createdBefore, limit) {
      const lte = Math.floor(createdBefore.getTime() / 1000);
      const page = await call(() =>
        client.paymentIntents.list({ created: { lte, gte: lte - 86_400 }, limit: Math.min(limit, 100) }),
      );
      return page.data
        .filter((pi) => pi.metadata?.bookingId && mapStatus(pi.status) === 'requires_payment_method')
        .map(fromStripeIntent)
        .reverse();
    },

    async cancelIntent(id) {
      try {
        return fromStripeIntent(await client.paymentIntents.cancel(id));
      } catch (err) {
        // Already succeeded or canceled: answer the intent as it is.
        if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
          return fromStripeIntent(await call(() => client.paymentIntents.retrieve(id)));
        }
        throw wrap(err);
      }
    },

    captureIntent: (id, idempotencyKey, amountCents) => captureAtStripe(client, id, idempotencyKey, amountCents),

    authorizeOffSession: (input) => authorizeAtStripe(client, input),

    async refund(intentId, idempotencyKey, amountCents) {
      try {
        const refund = await client.refunds.create(
          { payment_intent: intentId, ...(amountCents !== undefined ? { amount: amountCents } : {}) },
          { idempotencyKey },
        );
        return { id: refund.id };
      } catch (err) {
        // Refunded already (a refund whose answer was lost and whose idempotency key has expired, or one from the
        // dashboard): answer that refund, so the caller records it instead of retrying forever.
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') {
          const existing = await call(() => client.refunds.list({ payment_intent: intentId, limit: 10 }));
          const refund = existing.data.find((r) => r.status !== 'failed' && r.status !== 'canceled');
          if (refund) return { id: refund.id };
        }
        throw wrap(err);
      }
    },

    listRefunds: (intentId) => call(() => refundsAtStripe(client, intentId)),

    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new PaymentProviderError('Webhooks are not configured', 'webhooks_disabled');
      if (!signature) throw new PaymentProviderError('Missing stripe-signature header', 'invalid_signature');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        throw new PaymentProviderError('The webhook signature is not valid', 'invalid_signature', { cause: err });
      }
      const object = event.data.object as { object?: string };
      const intent = object.object === 'payment_intent' ? fromStripeIntent(object as Stripe.PaymentIntent) : null;
      const ch = object.object === 'charge' ? (object as Stripe.Charge) : null;
      const charge = ch ? { id: ch.id, paymentIntentId: idOf(ch.payment_intent) } : null;
      return { id: event.id, type: event.type, intent, charge, transfer: transferStateOf(object) };
    },
  };
}
