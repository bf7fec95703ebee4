import Stripe from 'stripe';
import { toProviderError } from '../stripe-errors';
import type { PayoutAccountStatus } from '#shared/schemas/payouts';
import { PayoutProviderError, type ConnectedAccount, type PayoutProvider } from './payout-provider';

export interface StripePayoutSettings {
  secretKey: string;
  /** whsec_... of the Connect webhook endpoint (account.updated, transfer.*, payout.*: connected accounts' events). */
  webhookSecret?: string;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
}

/** A verified Stripe event about payouts: its type, the object, and the connected account it came from. */
export interface PayoutWebhookEvent {
  id: string;
  type: string;
  account: string | null;
  object: Record<string, unknown> & { id?: string; object?: string };
}

/**
 * What a `transfer.*` event says of a transfer (a platform event, on either webhook endpoint): how
 * much was taken back, and each reversal with its metadata (StayHub's reasons, none for the Dashboard's).
 */
export interface TransferState {
  id: string;
  amount: number;
  amountReversed: number;
  reversals: Array<{ id: string; amount: number; metadata: Record<string, string> }>;
}

export function transferStateOf(object: unknown): TransferState | null {
  const transfer = object as Partial<Stripe.Transfer> | null;
  if (transfer?.object !== 'transfer' || !transfer.id) return null;
  return {
    id: transfer.id,
    amount: transfer.amount ?? 0,
    amountReversed: transfer.amount_reversed ?? 0,
    reversals: (transfer.reversals?.data ?? []).map((r) => ({
      id: r.id,
      amount: r.amount,
      metadata: r.metadata ?? {},
    })),
  };
}

export interface StripePayouts extends PayoutProvider {
  readonly name: 'stripe';
  /** Verifies the `stripe-signature` header over the raw body; throws PayoutProviderError('invalid_signature'). */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): PayoutWebhookEvent;
  statusOf(account: Stripe.Account): PayoutAccountStatus;
  /**
   * The transfers a connected account's bank payout carried: its `payment` balance transactions,
   * whose source (the payment the transfer made on the account) names the transfer.
   */
  bankPayoutTransfers(accountId: string, bankPayoutId: string): Promise<string[]>;
}

/** enabled: transfers are active and payouts allowed; restricted: Stripe disabled it or wants overdue details. */
function accountStatus(account: Stripe.Account): PayoutAccountStatus {
  if (account.capabilities?.transfers === 'active' && account.payouts_enabled) return 'enabled';
  const req = account.requirements;
  if (account.details_submitted && (req?.disabled_reason || (req?.past_due?.length ?? 0) > 0)) return 'restricted';
  return 'pending_verification';
}

function wrap(err: unknown): PayoutProviderError {
  if (err instanceof PayoutProviderError) return err;
  return toProviderError(err, 'payout', (message, code, definite, options) => {
    return new PayoutProviderError(message, code, definite, options);
  });
}

function verifyEvent(
  client: Stripe,
  secret: string | undefined,
  rawBody: Buffer | string,
  signature: string | undefined,
): PayoutWebhookEvent {
  if (!secret) throw new PayoutProviderError('Webhooks are not configured', 'webhooks_disabled');
  if (!signature) throw new PayoutProviderError('Missing stripe-signature header', 'invalid_signature');
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    throw new PayoutProviderError('The webhook signature is not valid', 'invalid_signature', true, { cause: err });
  }
  return {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    object: event.data.object as unknown as PayoutWebhookEvent['object'],
  };
}

/** A bank payout's `payment` balance transactions on the connected account: each names the transfer it came from. */
async function transfersOf(client: Stripe, accountId: string, bankPayoutId: string): Promise<string[]> {
  const ids: string[] = [];
  // Auto-pagination: a bank payout may carry more transfers than one page.
  const list = client.balanceTransactions.list(
    { payout: bankPayoutId, type: 'payment', expand: ['data.source'], limit: 100 },
    { stripeAccount: accountId },
  );
  for await (const txn of list) {
    const source = txn.source as Stripe.Charge | string | null;
    const transfer = typeof source === 'object' && source ? source.source_transfer : null;
    const id = typeof transfer === 'string' ? transfer : transfer?.id;
    if (id) ids.push(id);
  }
  return ids;
}

/** Stripe Connect: hosts are recipients of Express accounts whose losses the marketplace carries. */
export function stripePayouts(settings: StripePayoutSettings): StripePayouts {
  const client = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
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
  const connected = (account: Stripe.Account): ConnectedAccount => ({ id: account.id, status: accountStatus(account) });

  return {
    name: 'stripe',
    statusOf: accountStatus,

    async createAccount(input) {
      const account = await call(() =>
        client.accounts.create(
          {
            email: input.email,
            metadata: { hostId: input.hostId },
            // The platform is responsible for losses and fees; Stripe collects the host's details; Express dashboard.
            controller: {
              losses: { payments: 'application' },
              fees: { payer: 'application' },
              requirement_collection: 'stripe',
              stripe_dashboard: { type: 'express' },
            },
            capabilities: { transfers: { requested: true } },
            tos_acceptance: { service_agreement: 'recipient' },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return connected(account);
    },

    async retrieveAccount(id) {
      return connected(await call(() => client.accounts.retrieve(id)));
    },

    async onboardingLink(accountId, urls) {
      const link = await call(() =>
        client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: urls.returnUrl,
          refresh_url: urls.refreshUrl,
        }),
      );
      return { url: link.url };
    },

    async dashboardLink(accountId) {
      const link = await call(() => client.accounts.createLoginLink(accountId));
      return { url: link.url };
    },

    async transfer(input) {
      let source: string | undefined;
      if (input.sourcePaymentIntentId) {
        const id = input.sourcePaymentIntentId;
        const intent = await call(() => client.paymentIntents.retrieve(id));
        const charge = intent.latest_charge;
        source = typeof charge === 'string' ? charge : charge?.id;
      }
      const transfer = await call(() =>
        client.transfers.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            destination: input.accountId,
            transfer_group: input.transferGroup,
            ...(source ? { source_transaction: source } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: transfer.id };
    },

    async reverseTransfer(input) {
      const reversal = await call(() =>
        client.transfers.createReversal(
          input.transferId,
          { amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: reversal.id };
    },

    bankPayoutTransfers: (accountId, bankPayoutId) => call(() => transfersOf(client, accountId, bankPayoutId)),

    verifyWebhook: (rawBody, signature) => verifyEvent(client, settings.webhookSecret, rawBody, signature),
  };
}
