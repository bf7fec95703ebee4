import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '#shared/schemas/ledger';
import { users } from './accounts';
import { bookings } from './bookings';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The money ledger (issue 28, ADR 0053). A transaction is one event (a charge, a refund, a
 * transfer...) with its balanced entries. Triggers in migration 0029 refuse a transaction whose
 * entries do not sum to 0 (at commit) and any UPDATE or DELETE: a mistake is reversed by a new
 * transaction naming the old one in `reverses`. `idempotency_key` makes posting an event twice
 * (a retried webhook, a second process) write nothing the second time.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** The payout (payouts feature's table); no FK so the two features' migrations stay apart. */
    payoutId: uuid('payout_id'),
    reverses: uuid('reverses'),
    memo: text('memo').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.reverses], foreignColumns: [t.id], name: 'ledger_transactions_reverses_fk' }),
    check('ledger_transactions_kind_valid', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    index('ledger_transactions_booking_idx').on(t.bookingId),
    index('ledger_transactions_payout_idx').on(t.payoutId),
    index('ledger_transactions_at_idx').on(t.at),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    hostId: text('host_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Signed cents: debits positive, credits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    check('ledger_entries_account_valid', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_entries_host_account',
      sql`(${t.hostId} is not null) = (${t.account} in ('host_pending', 'host_payable'))`,
    ),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_host_idx')
      .on(t.hostId, t.account)
      .where(sql`${t.hostId} is not null`),
  ],
);

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
