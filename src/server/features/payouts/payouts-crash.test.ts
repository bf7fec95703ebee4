/**
 * Issue 28: a kill -9 between the provider's transfer and the ledger write loses nothing and pays
 * nothing twice. A real app process pays a host through Stripe Connect (the local fake Stripe API);
 * the fake makes the transfer and, before it answers, the process is killed with SIGKILL. After a
 * restart on the same embedded database, the job asks again with the same idempotency key, Stripe
 * answers the first transfer, and the payout is paid once with one ledger `transfer`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '#server/db/client';
import { ledgerEntries, ledgerTransactions, payoutAccounts, payouts } from '#server/db/schema';
import { startFakeStripe } from '#server/providers/payments/fake-stripe-server';
import { startAppProcess, type AppProcess } from '#server/test/app-process';
import { insertUser } from '#server/test/factories';
import { postLedgerTransaction } from '../ledger/ledger-post';

const OWED = 12_345;

/** A host owed OWED cents (a captured deposit's money) with an enabled Stripe account, in a new database. */
async function prepare(dataDir: string, stripe: Stripe, enable: (id: string) => void) {
  const database = await openPglite(join(dataDir, 'pglite'));
  try {
    await database.migrate();
    const host = await insertUser(database.db, { role: 'host', email: 'crash-host@example.test' });
    const account = await stripe.accounts.create({ email: host.email });
    enable(account.id);
    await database.db
      .insert(payoutAccounts)
      .values({ hostId: host.id, provider: 'stripe', externalAccountId: account.id, status: 'enabled' });
    await postLedgerTransaction(database.db, {
      kind: 'deposit_capture',
      idempotencyKey: 'crash-test:owed',
      at: new Date(),
      currency: 'usd',
      lines: [
        { account: 'platform_cash', amountCents: OWED },
        { account: 'host_payable', hostId: host.id, amountCents: -OWED },
      ],
    });
    return host.id;
  } finally {
    await database.close();
  }
}

describe.skipIf(inject('dbMode') === 'postgres')('killing the server between a transfer and its ledger write', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stayhub-payout-crash-'));
  const running: AppProcess[] = [];
  let fake: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
  afterAll(async () => {
    for (const app of running) await app.kill();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays the host once after a restart: one transfer, one ledger transfer, nothing owed', async () => {
    fake = await startFakeStripe();
    const stripe = new Stripe('sk_test_crash', { ...fake.api, maxNetworkRetries: 0, telemetry: false });
    const hostId = await prepare(dataDir, stripe, (id) => fake!.connect.completeOnboarding(id));
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
      STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
      PAYOUT_INTERVAL_MS: '1000',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    };

    // The transfer is made at Stripe; the process dies before it hears the answer.
    let killFirst: () => Promise<void> = async () => {};
    let killed!: () => void;
    const wasKilled = new Promise<void>((resolve) => (killed = resolve));
    fake.hooks.beforeReply = async (seen) => {
      if (seen.method !== 'POST' || seen.path !== '/v1/transfers') return;
      fake!.hooks.beforeReply = undefined;
      await killFirst();
      killed();
    };
    const first = startAppProcess(env, { dataDir, onSpawn: (kill) => (killFirst = kill) });
    // The job's first pass may run before the process answers /api/health: its start may fail, killed.
    await Promise.race([first.then((app) => running.push(app)).catch(() => undefined), wasKilled]);
    await wasKilled;
    await first.catch(() => undefined);
    const transfers = () => fake!.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
    expect(transfers()).toHaveLength(1);
    expect(fake.connect.transfers.size).toBe(1);

    const second = await startAppProcess(env, { dataDir });
    running.push(second);
    const deadline = Date.now() + 60_000;
    while (!/"paid":1\b/.test(second.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(second.output()).toMatch(/"paid":1\b/);
    await second.stop();

    // Asked again with the same key, answered the same transfer: one transfer at Stripe.
    expect(transfers()).toHaveLength(2);
    expect(new Set(transfers().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(fake.connect.transfers.size).toBe(1);
    const [transfer] = [...fake.connect.transfers.values()];
    expect(transfer).toMatchObject({ amount: OWED });

    const database = await openPglite(join(dataDir, 'pglite'));
    try {
      const rows = await database.db.select().from(payouts).where(eq(payouts.hostId, hostId));
      expect(rows).toEqual([
        expect.objectContaining({ status: 'paid', amountCents: OWED, providerTransferId: transfer!.id, attempts: 2 }),
      ]);
      const posted = await database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'transfer'));
      expect(posted).toHaveLength(1);
      const [owed] = await database.db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.hostId, hostId), eq(ledgerEntries.account, 'host_payable')));
      expect(Number(owed!.sum)).toBe(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
