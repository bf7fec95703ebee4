/**
 * The payout job (issue 28, ADR 0055): makes stays' shares payable once check-in + the payout
 * delay has passed, then pays every host with an enabled account their available balance, one
 * transfer per payout. Runs once across processes (its lease in the `jobs` table, ADR 0046).
 *
 * A payout is committed `pending` (with its items) before the provider is called, and its transfer
 * carries the idempotency key `payout:<id>`: a crash between the transfer and the ledger write
 * leaves the payout pending, and the next pass asks again with the same key, getting the same
 * transfer back. The `transfer` ledger transaction is posted in the same database transaction as
 * the payout becomes `paid`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { JobOptions } from '#server/app-context';
import { inTransaction } from '#server/db/transaction';
import {
  bookings,
  ledgerEntries,
  payoutAccounts,
  payoutConnectReminders,
  payoutItems,
  payouts,
  users,
} from '#server/db/schema';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { PayoutProviderError } from '#server/providers/payouts/payout-provider';
import { postLedgerTransaction } from '../ledger/ledger-post';
import { releaseDueHostShares } from '../ledger/ledger-release';
import { connectReminderMail } from './payouts-mail';
import { currencyOf, payoutLog, unpaidEntries, type PayoutDeps } from './payouts-model';
import { reverseRefundsAfterPayout } from './payouts-returns';

export interface PayoutPassResult {
  released: number;
  paid: number;
  failed: number;
  reminded: number;
  /** Refunds after a payout taken back from that payout's transfer. */
  reversed: number;
}

type PayoutRow = typeof payouts.$inferSelect;

/** One pass: shares made payable, pending payouts finished, then one payout per host with money available. */
export async function runPayouts(deps: PayoutDeps): Promise<PayoutPassResult> {
  const result: PayoutPassResult = { released: 0, paid: 0, failed: 0, reminded: 0, reversed: 0 };
  // Shares whose check-in + PAYOUT_DELAY_HOURS has passed move to host_payable first (the ledger's).
  result.released = await releaseDueHostShares(deps.db, deps.clock.now(), deps.ledger ?? {});
  // Refunds after a payout, taken back from its transfer before the next payouts are made (ADR 0062).
  const returns = await reverseRefundsAfterPayout(deps);
  result.reversed = returns.reversed;
  // Payouts a crash or an unreachable provider left pending: asked again with the same key.
  const pending = await deps.db
    .select()
    .from(payouts)
    .where(eq(payouts.status, 'pending'))
    .orderBy(asc(payouts.createdAt));
  for (const payout of pending) count(result, await sendPayout(deps, payout));

  for (const host of await hostsOwed(deps)) {
    // A reversal of theirs may have gone through unseen: paid now, the refund would be taken twice.
    if (returns.unsure.has(host.hostId)) continue;
    if (host.accountStatus !== 'enabled') {
      if (await remindToConnect(deps, host)) result.reminded++;
      continue;
    }
    const payout = await createPayout(deps, host.hostId);
    if (payout) count(result, await sendPayout(deps, payout));
  }
  return result;
}

function count(result: PayoutPassResult, outcome: 'paid' | 'failed' | 'pending') {
  if (outcome === 'paid') result.paid++;
  else if (outcome === 'failed') result.failed++;
}

/** Hosts whose host_payable balance is owed to them (credit), with their account's status. */
async function hostsOwed(deps: PayoutDeps) {
  return deps.db
    .select({
      hostId: ledgerEntries.hostId,
      email: users.email,
      name: users.name,
      accountStatus: payoutAccounts.status,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.hostId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.hostId, ledgerEntries.hostId))
    .where(eq(ledgerEntries.account, 'host_payable'))
    .groupBy(ledgerEntries.hostId, users.email, users.name, payoutAccounts.status)
    .having(sql`sum(${ledgerEntries.amountCents}) < 0`)
    .then((rows) => rows.map((r) => ({ ...r, hostId: r.hostId! })));
}

/**
 * A pending payout of everything the host is owed that no live payout holds (a failed payout's
 * stays included; a refund after an earlier payout deducted), or null when that is not above 0
 * (a negative balance waits for more stays). Committed before the provider is called.
 */
async function createPayout(deps: PayoutDeps, hostId: string): Promise<PayoutRow | null> {
  return inTransaction(deps.db, async (tx) => {
    // The host's row, locked: a second process (or a stale lease) makes its payout after this one's commit.
    await tx.execute(sql`select 1 from users where id = ${hostId} for update`);
    const [open] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.hostId, hostId), eq(payouts.status, 'pending')));
    if (open) return null;
    const items = await unpaidEntries(tx, hostId);
    const amountCents = items.reduce((sum, i) => sum + i.amountCents, 0);
    if (amountCents <= 0 || items.length === 0) return null;
    const [payout] = await tx
      .insert(payouts)
      .values({
        hostId,
        amountCents,
        currency: currencyOf(deps),
        provider: deps.payouts.name,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .returning();
    await tx.insert(payoutItems).values(
      items.map((i) => ({
        payoutId: payout!.id,
        ledgerEntryId: i.entryId,
        bookingId: i.bookingId,
        kind: i.kind,
        amountCents: i.amountCents,
      })),
    );
    return payout!;
  });
}

/** The one charge a single-stay payout pays out (Stripe's source_transaction), else the payout as the group. */
async function transferSource(deps: PayoutDeps, payout: PayoutRow) {
  const items = await deps.db
    .select({ bookingId: payoutItems.bookingId, kind: payoutItems.kind, intent: bookings.paymentIntentId })
    .from(payoutItems)
    .leftJoin(bookings, eq(bookings.id, payoutItems.bookingId))
    .where(eq(payoutItems.payoutId, payout.id));
  const bookingIds = new Set(items.map((i) => i.bookingId));
  const only = items[0];
  if (bookingIds.size === 1 && only?.bookingId && only.intent && items.every((i) => i.kind !== 'refund')) {
    return { transferGroup: only.bookingId, sourcePaymentIntentId: only.intent };
  }
  return { transferGroup: `payout_${payout.id}` };
}

/**
 * Calls the provider's transfer for a pending payout and records the answer: paid (with the ledger's
 * `transfer`), failed (the provider refused: nothing was sent, its stays go into the next payout), or
 * still pending (no answer: asked again next pass with the same key).
 */
async function sendPayout(deps: PayoutDeps, payout: PayoutRow): Promise<'paid' | 'failed' | 'pending'> {
  const [account] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, payout.hostId));
  if (!account) return 'pending';
  await deps.db
    .update(payouts)
    .set({ attempts: sql`${payouts.attempts} + 1`, updatedAt: deps.clock.now() })
    .where(eq(payouts.id, payout.id));
  let transferId: string;
  try {
    const source = await transferSource(deps, payout);
    ({ id: transferId } = await deps.payouts.transfer({
      accountId: account.externalAccountId,
      amountCents: payout.amountCents,
      currency: payout.currency,
      ...source,
      idempotencyKey: `payout:${payout.id}`,
      metadata: { payoutId: payout.id, hostId: payout.hostId },
    }));
  } catch (err) {
    if (!(err instanceof PayoutProviderError && err.definite)) {
      payoutLog(deps).warn({ err, payoutId: payout.id }, 'payout: no answer from the provider; retrying next pass');
      return 'pending';
    }
    await deps.db
      .update(payouts)
      .set({
        status: 'failed',
        failureCode: err.code,
        failureMessage: err.message.slice(0, 500),
        failedAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
    payoutLog(deps).warn({ payoutId: payout.id, code: err.code }, 'payout refused by the provider');
    return 'failed';
  }
  await markPaid(deps, payout, transferId);
  return 'paid';
}

async function markPaid(deps: PayoutDeps, payout: PayoutRow, transferId: string) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const [marked] = await tx
      .update(payouts)
      .set({ status: 'paid', providerTransferId: transferId, paidAt: now, updatedAt: now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id });
    if (!marked) return;
    await postLedgerTransaction(tx, {
      kind: 'transfer',
      idempotencyKey: `transfer:${payout.id}`,
      payoutId: payout.id,
      memo: transferId,
      at: now,
      currency: payout.currency,
      lines: [
        { account: 'host_payable', hostId: payout.hostId, amountCents: payout.amountCents },
        { account: 'platform_cash', amountCents: -payout.amountCents },
      ],
    });
  });
}

/** Mails a host once that money waits for them until they connect an account (in the reminder's transaction). */
async function remindToConnect(deps: PayoutDeps, host: { hostId: string; email: string; name: string }) {
  return inTransaction(deps.db, async (tx) => {
    const [inserted] = await tx
      .insert(payoutConnectReminders)
      .values({ hostId: host.hostId, mailedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ hostId: payoutConnectReminders.hostId });
    if (!inserted) return false;
    await deps.mail?.send(connectReminderMail(host, deps.publicUrl), tx);
    return true;
  });
}

export type PayoutJob = PeriodicJob<PayoutPassResult>;

export function startPayouts(
  deps: PayoutDeps,
  options: { intervalMs: number } & JobOptions<PayoutPassResult>,
): PayoutJob {
  return startPeriodicJob({
    ...options,
    name: 'payouts',
    pass: () => runPayouts(deps),
    worthLogging: (r) => r.released > 0 || r.paid > 0 || r.failed > 0 || r.reminded > 0 || r.reversed > 0,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
