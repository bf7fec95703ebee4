/**
 * The ledger's guarantees (issue 28, ADR 0053), held by the database itself: a transaction whose
 * entries do not sum to 0 is refused at commit, entries are never updated or deleted, and a
 * repeated idempotency key writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#server/db/client';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema';
import { insertBooking, insertHome, insertUser } from '#server/test/factories';
import { createTestDatabase } from '#server/test/test-database';
import { hostBalances, postLedgerTransaction } from './ledger-post';

let database: Database;
let db: Db;
let hostId: string;
let bookingId: string;
const at = new Date('2026-11-21T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const host = await insertUser(db);
  hostId = host.id;
  const home = await insertHome(db, { hostId });
  bookingId = (await insertBooking(db, home)).id;
});
afterAll(() => database.close());

const charge = (key: string) => ({
  kind: 'charge' as const,
  idempotencyKey: key,
  bookingId,
  at,
  currency: 'usd',
  lines: [
    { account: 'platform_cash' as const, amountCents: 11_000 },
    { account: 'host_pending' as const, amountCents: -9_000, hostId },
    { account: 'platform_fees' as const, amountCents: -1_200 },
    { account: 'taxes_collected' as const, amountCents: -800 },
  ],
});

const countOf = async (key: string) =>
  (await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key))).length;

describe('postLedgerTransaction', () => {
  it('writes a balanced transaction and its entries, and a repeated key writes nothing', async () => {
    const first = await db.transaction((tx) => postLedgerTransaction(tx, charge('charge:a')));
    expect(first.created).toBe(true);
    const again = await db.transaction((tx) => postLedgerTransaction(tx, charge('charge:a')));
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, first.transactionId));
    expect(entries.map((e) => [e.account, e.amountCents, e.hostId, e.currency])).toEqual(
      expect.arrayContaining([
        ['platform_cash', 11_000, null, 'usd'],
        ['host_pending', -9_000, hostId, 'usd'],
        ['platform_fees', -1_200, null, 'usd'],
        ['taxes_collected', -800, null, 'usd'],
      ]),
    );
    expect(entries).toHaveLength(4);
    expect(await countOf('charge:a')).toBe(1);
    expect(await hostBalances(db, hostId)).toEqual({ pendingCents: 9_000, availableCents: 0, paidCents: 0 });
  });

  it('leaves out lines of 0 and writes nothing when every line is 0', async () => {
    const input = charge('charge:zero-tax');
    input.lines[1]!.amountCents = -9_800;
    input.lines[3]!.amountCents = 0;
    const { transactionId } = await postLedgerTransaction(db, input);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
    expect(entries).toHaveLength(3);
    const none = await postLedgerTransaction(db, {
      ...charge('charge:nothing'),
      lines: [
        { account: 'platform_cash', amountCents: 0 },
        { account: 'platform_fees', amountCents: 0 },
      ],
    });
    expect(none.created).toBe(false);
    expect(await countOf('charge:nothing')).toBe(0);
  });

  it('refuses lines that do not balance before writing anything', async () => {
    const input = charge('charge:bad');
    input.lines[0]!.amountCents = 10_999;
    await expect(postLedgerTransaction(db, input)).rejects.toThrow(/sum to -1/);
    expect(await countOf('charge:bad')).toBe(0);
  });
});

describe('the database', () => {
  it('refuses an unbalanced transaction at commit, not before', async () => {
    const attempt = db.transaction(async (tx) => {
      const [t] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'charge', idempotencyKey: 'raw:unbalanced', bookingId, at })
        .returning();
      await tx
        .insert(ledgerEntries)
        .values({ transactionId: t!.id, account: 'platform_cash', amountCents: 500, currency: 'usd' });
      await tx
        .insert(ledgerEntries)
        .values({ transactionId: t!.id, account: 'platform_fees', amountCents: -400, currency: 'usd' });
      // Inside the transaction the entries are in: the check waits for COMMIT.
      const inside = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, t!.id));
      expect(inside).toHaveLength(2);
    });
    await expect(attempt).rejects.toThrow();
    expect(await countOf('raw:unbalanced')).toBe(0);
  });

  it('refuses a transaction with no entries or a single one', async () => {
    await expect(
      db.insert(ledgerTransactions).values({ kind: 'charge', idempotencyKey: 'raw:empty', at }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        const [t] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'charge', idempotencyKey: 'raw:single', at })
          .returning();
        await tx
          .insert(ledgerEntries)
          .values({ transactionId: t!.id, account: 'platform_cash', amountCents: 1, currency: 'usd' });
      }),
    ).rejects.toThrow();
    expect(await countOf('raw:empty')).toBe(0);
    expect(await countOf('raw:single')).toBe(0);
  });

  it('refuses to update or delete an entry or a transaction', async () => {
    const { transactionId } = await postLedgerTransaction(db, charge('charge:immutable'));
    await expect(
      db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.transactionId, transactionId)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId))).rejects.toThrow();
    await expect(
      db.update(ledgerTransactions).set({ memo: 'changed' }).where(eq(ledgerTransactions.id, transactionId)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId))).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries, ledger_transactions`)).rejects.toThrow();
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect(entries).toHaveLength(4);
  });

  it('refuses a host account entry without a host, and a host on another account', async () => {
    await expect(
      db.transaction(async (tx) => {
        const [t] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'charge', idempotencyKey: 'raw:nohost', at })
          .returning();
        await tx.insert(ledgerEntries).values([
          { transactionId: t!.id, account: 'platform_cash', amountCents: 5, currency: 'usd' },
          { transactionId: t!.id, account: 'host_pending', amountCents: -5, currency: 'usd' },
        ]);
      }),
    ).rejects.toThrow();
    expect(await countOf('raw:nohost')).toBe(0);
  });
});
