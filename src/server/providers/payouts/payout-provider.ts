/**
 * The payout provider behind StayHub (issue 28, ADR 0055), beside the card one: `sandbox` (default,
 * the provider's test mode run by StayHub with its state in the database) or `stripe` (Stripe Connect
 * through the official SDK, chosen with the card provider's keys). Hosts are recipients of connected
 * accounts the marketplace is responsible for; charges stay on the platform and each payout is one
 * transfer to the host's account. Every call that changes something takes an idempotency key.
 */
import type { PayoutAccountStatus } from '#shared/schemas/payouts';

export interface ConnectedAccount {
  id: string;
  status: PayoutAccountStatus;
}

interface TransferInput {
  accountId: string;
  amountCents: number;
  currency: string;
  /** Groups the transfer with the charges it pays out (a booking's id, or the payout's for several stays). */
  transferGroup: string;
  /** The guest's payment the money comes from (Stripe's `source_transaction`): only when the payout pays one stay. */
  sourcePaymentIntentId?: string;
  /** The same key answers the same transfer (after a crash or a lost answer) instead of sending a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ReversalInput {
  transferId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: ReversalMetadata;
}

/**
 * Why StayHub took money back (the reversal's metadata at Stripe): the host's share of a refund made
 * after the payout (`ledgerEntryId`, the refund's host_payable line), or a bank payout that failed.
 */
type ReversalMetadata =
  | { payoutId: string; reason: 'refund'; ledgerEntryId: string }
  | { payoutId: string; reason: 'bank_payout_failed'; bankPayoutId: string; failureCode: string };

export interface PayoutProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates the host's connected account (the same key answers the same account). */
  createAccount(input: { hostId: string; email: string; idempotencyKey: string }): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  /** A one-time link to the provider's onboarding (start or continue); `returnUrl` is where it sends the host back. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** A one-time link into the host's own dashboard at the provider (Stripe Express). */
  dashboardLink(accountId: string): Promise<{ url: string }>;
  /** Sends money from the platform's balance to the account; throws PayoutProviderError when refused. */
  transfer(input: TransferInput): Promise<{ id: string }>;
  /**
   * Takes (part of) a transfer back from the account. The same key answers the same reversal (a retry
   * after a lost answer takes nothing more); `metadata` says why (read back from `transfer.reversed`).
   */
  reverseTransfer(input: ReversalInput): Promise<{ id: string }>;
}

/** A payout provider call that failed; `code` is the provider's when it gave one. `definite`: refused, nothing sent. */
export class PayoutProviderError extends Error {
  override name = 'PayoutProviderError';
  constructor(
    message: string,
    readonly code = 'provider_error',
    readonly definite = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
