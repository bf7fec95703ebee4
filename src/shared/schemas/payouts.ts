/**
 * Host payouts (issue 28, ADR 0055): the host's balance, upcoming and past payouts with the stays
 * (and deductions) they are made of, and the connected account the money goes to. Amounts are
 * integer cents, like the ledger's.
 */
import { z } from 'zod';

/** pending_verification: onboarding not finished or being checked; enabled: payouts go out; restricted: the provider wants more. */
export const PAYOUT_ACCOUNT_STATUSES = ['pending_verification', 'enabled', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** pending: being sent; paid: sent to the host's account; failed: refused or returned (its stays go into the next payout). */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

export const payoutAccountSchema = z
  .object({
    status: z
      .enum([...PAYOUT_ACCOUNT_STATUSES, 'none'])
      .describe('none: the host has not started onboarding; payouts wait until it is enabled'),
    provider: z.enum(['sandbox', 'stripe']),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutLinkSchema = z
  .object({ url: z.string().describe('Where to send the host: onboarding, or their Stripe dashboard once enabled') })
  .meta({ id: 'PayoutAccountLink' });

export const payoutAccountRequestSchema = z
  .object({})
  .strict()
  .describe('No fields: starts onboarding, continues it, or (once enabled) answers a dashboard link');

const payoutLineSchema = z.object({
  bookingId: z.string().nullable(),
  title: z.string().nullable().describe("The stay's home title"),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  kind: z.string().describe('host_share_available: the stay; refund: a deduction; deposit_capture: a damage claim'),
  amountCents: z.number().int().describe('Positive: paid to the host; negative: a deduction'),
});

const payoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  failure: z.string().nullable(),
  lines: z.array(payoutLineSchema),
});

export const hostPayoutsSchema = z
  .object({
    currency: z.string(),
    balance: z.object({
      pendingCents: z.number().int().describe('Shares of stays whose check-in + payout delay has not passed'),
      availableCents: z.number().int().describe('Payable now; negative: deductions carried into the next payout'),
      paidCents: z.number().int(),
    }),
    account: payoutAccountSchema,
    upcoming: z
      .array(payoutLineSchema.extend({ availableAt: z.string().nullable() }))
      .describe('What the next payouts will be made of: available shares and deductions, then pending stays'),
    history: z.array(payoutSchema),
  })
  .meta({ id: 'HostPayouts' });
export type HostPayouts = z.infer<typeof hostPayoutsSchema>;
