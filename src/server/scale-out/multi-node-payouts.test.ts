/**
 * Issue 28 "payouts run once with two nodes": two real app processes on one PostgreSQL database, each
 * running the payout job every second (PAYOUT_INTERVAL_MS), with the sandbox provider. Every host
 * owed money is paid exactly once: one paid payout, one provider transfer, one ledger `transfer`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ledgerEntries,
  ledgerTransactions,
  payoutAccounts,
  payouts,
  sandboxPayoutAccounts,
  sandboxTransfers,
} from '#server/db/schema';
import { postLedgerTransaction } from '#server/features/ledger/ledger-post';
import { describeTwoNodes } from './two-nodes';

const HOSTS = 8;

describeTwoNodes(
  'the payout job',
  (c) => {
    /** A host with an enabled sandbox account, owed `cents` (a captured deposit's money, as the crash test owes). */
    async function owedHost(cents: number) {
      const host = await c.userWithSession('host');
      const accountId = `acct_sbx_mn${randomUUID().slice(0, 8)}`;
      await c.database.db.insert(sandboxPayoutAccounts).values({
        id: accountId,
        hostId: host.id,
        idempotencyKey: `mn:${host.id}`,
        holderName: 'Multi Node',
        accountLast4: '6789',
        status: 'enabled',
      });
      await c.database.db
        .insert(payoutAccounts)
        .values({ hostId: host.id, provider: 'sandbox', externalAccountId: accountId, status: 'enabled' });
      await owe(host.id, cents);
      return { ...host, accountId };
    }

    const owe = (hostId: string, cents: number) =>
      postLedgerTransaction(c.database.db, {
        kind: 'deposit_capture',
        idempotencyKey: `mn:owed:${randomUUID()}`,
        at: new Date(),
        currency: 'usd',
        lines: [
          { account: 'platform_cash', amountCents: cents },
          { account: 'host_payable', hostId, amountCents: -cents },
        ],
      });

    async function paidOf(hostId: string) {
      return c.database.db.select().from(payouts).where(eq(payouts.hostId, hostId));
    }

    async function expectPaidOnce(host: { id: string; accountId: string }, amounts: number[]) {
      const rows = await paidOf(host.id);
      expect(rows.map((p) => p.status)).toEqual(amounts.map(() => 'paid'));
      expect(rows.map((p) => p.amountCents).sort()).toEqual([...amounts].sort());
      const sent = await c.database.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.accountId, host.accountId));
      expect(sent.map((s) => s.amountCents).sort()).toEqual([...amounts].sort());
      const [posted] = await c.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .innerJoin(payouts, eq(payouts.id, ledgerTransactions.payoutId))
        .where(and(eq(payouts.hostId, host.id), eq(ledgerTransactions.kind, 'transfer')));
      expect(posted!.n).toBe(amounts.length);
      const [owed] = await c.database.db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.hostId, host.id), eq(ledgerEntries.account, 'host_payable')));
      expect(Number(owed!.sum)).toBe(0);
    }

    it('pays every host once while both processes run the job, and again once for new money', async () => {
      const hosts = await Promise.all(Array.from({ length: HOSTS }, (_, i) => owedHost(10_000 + i)));
      await expect
        .poll(
          async () => {
            const rows = await Promise.all(hosts.map((h) => paidOf(h.id)));
            return rows.every((r) => r.some((p) => p.status === 'paid'));
          },
          { timeout: 60_000, interval: 250 },
        )
        .toBe(true);
      // Several more passes on both processes: nothing more is sent.
      await new Promise((r) => setTimeout(r, 3_000));
      for (const [i, host] of hosts.entries()) await expectPaidOnce(host, [10_000 + i]);

      // New money for the first half: one more payout each, whichever process's pass takes it.
      const again = hosts.slice(0, HOSTS / 2);
      for (const host of again) await owe(host.id, 500);
      await expect
        .poll(async () => (await Promise.all(again.map((h) => paidOf(h.id)))).every((r) => r.length === 2), {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(true);
      await new Promise((r) => setTimeout(r, 3_000));
      for (const [i, host] of again.entries()) await expectPaidOnce(host, [10_000 + i, 500]);
      const total = await c.database.db
        .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
        .from(ledgerEntries);
      expect(Number(total[0]!.sum)).toBe(0);
    }, 180_000);
  },
  { PAYOUT_INTERVAL_MS: '1000' },
);
