/** The money ledger's invariant, for tests that change bookings or accounts (ADR 0053). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';

/** Every transaction in the ledger sums to 0 (so does the whole ledger). */
export async function expectAllBalanced(db: Db) {
  const unbalanced = await db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
  );
  expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
}
