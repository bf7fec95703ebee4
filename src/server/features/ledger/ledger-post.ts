/**
 * Posting to the money ledger (issue 28, ADR 0053) and reading a host's balances. Every caller
 * posts in the same database transaction as the state change it records, so the two commit or
 * roll back together; the idempotency key makes a second post of one event (a retried webhook, a
 * racing process, a sweep run twice) write nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HOST_ACCOUNTS, type LedgerAccount, type LedgerKind } from '#shared/schemas/ledger';
import type { Db } from '#server/db/client';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema';

/** A Drizzle transaction (or the database: the post is one statement, so it is atomic on its own too). */
type Tx = Pick<Db, 'execute' | 'select'>;

export interface LedgerLine {
  account: LedgerAccount;
  /** Signed cents: debits positive, credits negative. */
  amountCents: number;
  /** The host, for host_pending and host_payable lines only. */
  hostId?: string | null;
}

export interface LedgerPost {
  kind: LedgerKind;
  idempotencyKey: string;
  bookingId?: string | null;
  payoutId?: string | null;
  reverses?: string | null;
  memo?: string;
  at: Date;
  lines: LedgerLine[];
  currency: string;
}

/** A caller's mistake (unbalanced lines, a host line with no host): the database would refuse it at commit anyway. */
function checkLines(input: LedgerPost): LedgerLine[] {
  const lines = input.lines.filter((l) => l.amountCents !== 0);
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) throw new Error(`ledger ${input.kind}: amount not whole cents`);
    if (HOST_ACCOUNTS.includes(line.account) !== Boolean(line.hostId)) {
      throw new Error(`ledger ${input.kind}: ${line.account} ${line.hostId ? 'takes no' : 'needs a'} host`);
    }
    total += line.amountCents;
  }
  if (total !== 0) throw new Error(`ledger ${input.kind}: lines sum to ${total}, not 0`);
  if (lines.length < 2) throw new Error(`ledger ${input.kind}: fewer than 2 non-zero lines`);
  return lines;
}

/**
 * Writes one balanced transaction, or nothing when `idempotencyKey` was posted already
 * (`created: false`, with the first post's id). Lines of 0 are left out; a transaction whose lines
 * are all 0 (a refund of nothing) is not written and answers `{ transactionId: '', created: false }`.
 */
export async function postLedgerTransaction(
  tx: Tx,
  input: LedgerPost,
): Promise<{ transactionId: string; created: boolean }> {
  if (input.lines.every((l) => l.amountCents === 0)) return { transactionId: '', created: false };
  const lines = checkLines(input);
  const values = sql.join(
    lines.map((l) => sql`(${l.account}, ${l.hostId ?? null}::text, ${l.amountCents}::bigint)`),
    sql`, `,
  );
  // One statement: the transaction row and its entries, or (the key exists) neither. A racing post
  // of the same key waits on the unique index and then writes nothing.
  const result = await tx.execute<{ id: string }>(sql`
    with t as (
      insert into ledger_transactions (kind, idempotency_key, booking_id, payout_id, reverses, memo, at)
      values (${input.kind}, ${input.idempotencyKey}, ${input.bookingId ?? null}::uuid, ${input.payoutId ?? null}::uuid,
              ${input.reverses ?? null}::uuid, ${input.memo ?? ''}, ${input.at.toISOString()}::timestamptz)
      on conflict (idempotency_key) do nothing
      returning id
    ), e as (
      insert into ledger_entries (transaction_id, account, host_id, amount_cents, currency)
      select t.id, v.account, v.host_id, v.amount_cents, ${input.currency}
      from t cross join (values ${values}) as v (account, host_id, amount_cents)
    )
    select id from t`);
  const created = rowsOf<{ id: string }>(result)[0]?.id;
  if (created) return { transactionId: created, created: true };
  const [existing] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
  return { transactionId: existing?.id ?? '', created: false };
}

/** node-postgres answers `{ rows }`, PGlite too; both behind Drizzle's `execute`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const TRANSFER_KINDS: LedgerKind[] = ['transfer', 'transfer_reversal', 'transfer_failed'];

/**
 * A host's money: `pendingCents` (shares of stays not yet payable), `availableCents` (payable now;
 * negative: the host owes, carried to the next payout), `paidCents` (transferred, less reversed or
 * failed transfers).
 */
export async function hostBalances(
  db: Pick<Db, 'select'>,
  hostId: string,
): Promise<{ pendingCents: number; availableCents: number; paidCents: number }> {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'host_pending'), 0)`,
      payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'host_payable'), 0)`,
      paid: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'host_payable' and ${inArray(ledgerTransactions.kind, TRANSFER_KINDS)}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.hostId, hostId)));
  // `0 - x` rather than `-x`: -0 would not equal 0 in a deep comparison.
  return {
    pendingCents: 0 - Number(row?.pending ?? 0),
    availableCents: 0 - Number(row?.payable ?? 0),
    paidCents: Number(row?.paid ?? 0),
  };
}
