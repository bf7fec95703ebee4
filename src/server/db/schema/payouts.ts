import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYOUT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '#shared/schemas/payouts';
import { users } from './accounts';
import { bookings } from './bookings';
import { ledgerEntries } from './ledger';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where a host is paid (issue 28, ADR 0055): one connected account per host at the payout provider
 * (a Stripe Connect account, or the sandbox's own). `status` mirrors the provider's: payouts are sent
 * only to an `enabled` one. Updated from the provider when the host comes back from onboarding and by
 * its webhooks (`account.updated`).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    hostId: text('host_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    externalAccountId: text('external_account_id').notNull(),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('pending_verification'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_external_unique').on(t.provider, t.externalAccountId),
    check('payout_accounts_status_valid', sql`${t.status} in ('pending_verification', 'enabled', 'restricted')`),
  ],
);

/**
 * One payout to a host: the available balance when the job made it. `pending` from its creation
 * (committed before the provider is called, so a crash leaves it to be retried with the same
 * idempotency key) to `paid` (the transfer went out; its ledger transaction is posted in the same
 * database transaction) or `failed` (refused, or reported failed/reversed later: its stays go into
 * the next payout).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    provider: text('provider').notNull(),
    providerTransferId: text('provider_transfer_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /**
     * The connected account's payout to the host's bank that carried this transfer (Stripe's po_...,
     * from its payout.paid / payout.failed webhooks), its status and the bank's failure code.
     */
    bankPayoutId: text('bank_payout_id'),
    bankPayoutStatus: text('bank_payout_status', { enum: ['paid', 'failed'] }),
    bankFailureCode: text('bank_failure_code'),
    /** Provider calls begun for this payout (more than one: a crash or an unreachable provider before an answer). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    failedAt: at('failed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payouts_host_idx').on(t.hostId, t.createdAt.desc()),
    // At most one payout per host in flight: the job finishes it (same idempotency key) before making another.
    uniqueIndex('payouts_one_pending_per_host')
      .on(t.hostId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payouts_transfer_unique').on(t.provider, t.providerTransferId),
    check('payouts_status_valid', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check(
      'payouts_bank_status_valid',
      sql`${t.bankPayoutStatus} is null or ${t.bankPayoutStatus} in ('paid', 'failed')`,
    ),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_paid_has_transfer', sql`${t.status} <> 'paid' or (${t.providerTransferId} is not null)`),
  ],
);

/**
 * What a payout is made of: each host_payable ledger entry it pays (a stay's share, a deposit
 * capture: positive; a refund after an earlier payout: a negative deduction), with its booking.
 * The items of a payout sum to its amount. An entry is in at most one payout that is not failed.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    /** The ledger entry (ledger_entries.id) on the host's host_payable account. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** The ledger kind of the entry's transaction (host_share_available, refund, deposit_capture). */
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    uniqueIndex('payout_items_entry_unique').on(t.payoutId, t.ledgerEntryId),
    index('payout_items_entry_idx').on(t.ledgerEntryId),
    index('payout_items_booking_idx').on(t.bookingId),
  ],
);

/** Hosts told (once) to connect a payout account because money waits for them. */
export const payoutConnectReminders = pgTable('payout_connect_reminders', {
  hostId: text('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailedAt: at('mailed_at').notNull().defaultNow(),
});

/**
 * The `sandbox` payout provider's own records (StayHub runs the provider's test mode itself, as for
 * card payments): connected accounts a host "onboards" through StayHub's local page, and the
 * transfers made to them. Only the last four digits of the test account number are kept.
 */
export const sandboxPayoutAccounts = pgTable(
  'sandbox_payout_accounts',
  {
    id: text('id').primaryKey(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    holderName: text('holder_name'),
    accountLast4: text('account_last4'),
    /** Test data asked for failing transfers (see sandbox-payouts.ts). */
    failTransfers: integer('fail_transfers').notNull().default(0),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('pending_verification'),
    /** The onboarding page's secret (one link at a time, like an Account Link) and its end. */
    onboardingToken: text('onboarding_token'),
    onboardingExpiresAt: at('onboarding_expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payout_accounts_key_unique').on(t.idempotencyKey),
    uniqueIndex('sandbox_payout_accounts_token_unique').on(t.onboardingToken),
  ],
);

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxPayoutAccounts.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    transferGroup: text('transfer_group'),
    reversedCents: integer('reversed_cents').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_transfers_key_unique').on(t.idempotencyKey)],
);
