/**
 * Money that comes back from a host's connected account (issue 28, ADR 0062): a transfer reversed
 * whole (in Stripe's Dashboard), a bank payout the host's bank refused (StayHub takes the transfer
 * back so the ledger's "available" is true and the next payout sends it again), and the host's
 * share of a refund made after the stay was paid out (a partial reversal of that payout's transfer).
 */
import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { inTransaction } from '#server/db/transaction';
import { ledgerEntries, ledgerTransactions, payoutItems, payouts, users } from '#server/db/schema';
import { PayoutProviderError } from '#server/providers/payouts/payout-provider';
import { postLedgerTransaction } from '../ledger/ledger-post';
import { bankPayoutFailedMail } from './payouts-mail';
import { heldEntryIds, payoutLog, type PayoutDeps, type Reader } from './payouts-model';

type PayoutRow = typeof payouts.$inferSelect;

/** What of a payout's transfer was taken back already (its transfer_reversal / transfer_failed credits). */
export async function reversedOf(db: Reader, payoutId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.payoutId, payoutId),
        eq(ledgerEntries.account, 'host_payable'),
        inArray(ledgerTransactions.kind, ['transfer_reversal', 'transfer_failed']),
      ),
    );
  return 0 - Number(row?.sum ?? 0);
}

interface Returned {
  kind: 'transfer_reversal' | 'transfer_failed';
  failureCode: string;
  bank?: { id: string; code: string };
}

/**
 * A paid payout's transfer came back (what was left of it): the payout is failed, the ledger gets
 * `kind` (host_payable owed again), its stays go into the next payout; for a refused bank payout the
 * host gets a mail. Answers false when the payout was not `paid` (handled before: nothing written).
 */
export async function transferReturned(deps: PayoutDeps, payoutId: string, returned: Returned): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({
        status: 'failed',
        failureCode: returned.failureCode,
        failedAt: now,
        updatedAt: now,
        ...(returned.bank
          ? { bankPayoutId: returned.bank.id, bankPayoutStatus: 'failed' as const, bankFailureCode: returned.bank.code }
          : {}),
      })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'paid')))
      .returning();
    if (!payout) return false;
    const amountCents = payout.amountCents - (await reversedOf(tx, payout.id));
    const [posted] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `transfer:${payout.id}`));
    await postLedgerTransaction(tx, {
      kind: returned.kind,
      idempotencyKey: `${returned.kind === 'transfer_failed' ? 'transfer-failed' : 'transfer-reversal'}:${payout.id}`,
      payoutId: payout.id,
      reverses: posted?.id ?? null,
      memo: returned.bank?.id ?? payout.providerTransferId ?? '',
      at: now,
      currency: payout.currency,
      lines: [
        { account: 'platform_cash', amountCents },
        { account: 'host_payable', hostId: payout.hostId, amountCents: -amountCents },
      ],
    });
    if (returned.bank && deps.mail) {
      const [host] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, payout.hostId));
      if (host) await deps.mail.send(bankPayoutFailedMail(host, amountCents, returned.bank.code, deps.publicUrl), tx);
    }
    return true;
  });
}

/**
 * Stripe says a connected account's bank payout was paid or failed (`payout.paid`, `payout.failed`):
 * the status goes on each of our payouts whose transfer it carried. A failed one means the money sits
 * in the host's Stripe balance, not in their bank: StayHub reverses what is left of each transfer
 * (the idempotency key makes a redelivery take nothing more) and owes it again (ledger
 * `transfer_failed`, the payout failed, a mail to the host), so the next payout sends it once the
 * host's bank details work; when the reversal is refused the money stays at Stripe (logged).
 */
export async function bankPayoutSettled(
  deps: PayoutDeps,
  transfersOf: (accountId: string, bankPayoutId: string) => Promise<string[]>,
  accountId: string,
  bank: { id: string; status: 'paid' | 'failed'; failureCode: string | null },
): Promise<void> {
  const transferIds = await transfersOf(accountId, bank.id);
  if (transferIds.length === 0) return;
  const ours = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, deps.payouts.name), inArray(payouts.providerTransferId, transferIds)));
  const now = deps.clock.now();
  if (bank.status === 'paid') {
    // A bank payout reported failed stays failed (Stripe may send `paid` first and `failed` days later).
    await deps.db
      .update(payouts)
      .set({ bankPayoutId: bank.id, bankPayoutStatus: 'paid', updatedAt: now })
      .where(
        and(
          inArray(
            payouts.id,
            ours.map((p) => p.id),
          ),
          sql`${payouts.bankPayoutStatus} is distinct from 'failed'`,
        ),
      );
    return;
  }
  const code = bank.failureCode ?? 'bank_payout_failed';
  for (const payout of ours) {
    const left = payout.amountCents - (await reversedOf(deps.db, payout.id));
    if (payout.status !== 'paid' || !payout.providerTransferId || left <= 0) continue;
    try {
      await deps.payouts.reverseTransfer({
        transferId: payout.providerTransferId,
        amountCents: left,
        idempotencyKey: `bank-failed:${payout.id}`,
        metadata: { payoutId: payout.id, reason: 'bank_payout_failed', bankPayoutId: bank.id, failureCode: code },
      });
    } catch (err) {
      if (!(err instanceof PayoutProviderError && err.definite)) throw err; // Stripe delivers the event again.
      payoutLog(deps).error(
        { err, payoutId: payout.id, bankPayoutId: bank.id },
        "bank payout failed and its transfer could not be taken back: the money waits in the host's Stripe balance",
      );
      await deps.db
        .update(payouts)
        .set({ bankPayoutId: bank.id, bankPayoutStatus: 'failed', bankFailureCode: code, updatedAt: now })
        .where(eq(payouts.id, payout.id));
      continue;
    }
    await transferReturned(deps, payout.id, {
      kind: 'transfer_failed',
      failureCode: `bank_${code}`,
      bank: { id: bank.id, code },
    });
  }
}

/** A refund's host_payable debit (the host's share taken back), as the payout job finds it. */
interface RefundLine {
  entryId: number;
  hostId: string | null;
  amountCents: number;
  bookingId: string | null;
  currency: string;
}

function refundLines(db: Reader) {
  return db
    .select({
      entryId: ledgerEntries.id,
      hostId: ledgerEntries.hostId,
      amountCents: sql<number>`${ledgerEntries.amountCents}::int`.mapWith(Number),
      bookingId: ledgerTransactions.bookingId,
      currency: ledgerEntries.currency,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .$dynamic();
}

const isRefundLine = and(
  eq(ledgerEntries.account, 'host_payable'),
  eq(ledgerTransactions.kind, 'refund'),
  sql`${ledgerEntries.amountCents} > 0`,
);

/**
 * Refunds posted after their stay was paid out (host_payable debits no payout holds), whose paid
 * payout's transfer still has that much: each is taken back from the transfer (`transfers.createReversal`,
 * key `reversal:<entry>`), then recorded (refundReversed). A refund the transfer cannot cover, or
 * whose reversal is refused, stays a negative balance carried to the next payout. A reversal whose
 * answer was lost may have happened: its host is in `unsure`, not paid in this pass (the refund
 * would be deducted a second time), and the next pass asks again under the same key.
 */
export async function reverseRefundsAfterPayout(deps: PayoutDeps): Promise<{ reversed: number; unsure: Set<string> }> {
  const refunds = await refundLines(deps.db)
    .where(and(isRefundLine, notInArray(ledgerEntries.id, heldEntryIds(deps.db))))
    .orderBy(ledgerEntries.id);
  let reversed = 0;
  const unsure = new Set<string>();
  for (const refund of refunds) {
    if (!refund.bookingId || !refund.hostId) continue;
    const payout = await paidPayoutOf(deps.db, refund.bookingId, refund.hostId);
    if (!payout?.providerTransferId) continue;
    if (refund.amountCents > payout.amountCents - (await reversedOf(deps.db, payout.id))) continue;
    try {
      await deps.payouts.reverseTransfer({
        transferId: payout.providerTransferId,
        amountCents: refund.amountCents,
        idempotencyKey: `reversal:${refund.entryId}`,
        metadata: { payoutId: payout.id, reason: 'refund', ledgerEntryId: String(refund.entryId) },
      });
    } catch (err) {
      payoutLog(deps).warn({ err, payoutId: payout.id }, 'refund after payout: the transfer reversal failed');
      if (!(err instanceof PayoutProviderError && err.definite)) unsure.add(refund.hostId);
      continue;
    }
    if (await recordRefundReversal(deps, payout, refund)) reversed++;
  }
  return { reversed, unsure };
}

/**
 * A reversal StayHub made for a refund after a payout (the `reason: 'refund'` metadata), recorded
 * from the `transfer.reversed` event: the same as the payout job does after its call, so whichever
 * comes first records it and the other finds it done.
 */
export async function refundReversed(deps: PayoutDeps, payoutId: string, entryId: number): Promise<boolean> {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  const [refund] = await refundLines(deps.db).where(and(isRefundLine, eq(ledgerEntries.id, entryId)));
  if (!payout || !refund || refund.hostId !== payout.hostId) return false;
  return recordRefundReversal(deps, payout, refund);
}

/**
 * In one transaction: the ledger's `transfer_reversal` (key `transfer-reversal:<payout>:<entry>`) and
 * the refund as a deduction of that payout, so the next payout does not take it a second time. Both
 * writes are idempotent (a key, a unique item); answers whether the ledger line is new.
 */
async function recordRefundReversal(deps: PayoutDeps, payout: PayoutRow, refund: RefundLine): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const { created } = await postLedgerTransaction(tx, {
      kind: 'transfer_reversal',
      idempotencyKey: `transfer-reversal:${payout.id}:${refund.entryId}`,
      bookingId: refund.bookingId,
      payoutId: payout.id,
      memo: payout.providerTransferId ?? '',
      at: deps.clock.now(),
      currency: refund.currency,
      lines: [
        { account: 'platform_cash', amountCents: refund.amountCents },
        { account: 'host_payable', hostId: refund.hostId, amountCents: -refund.amountCents },
      ],
    });
    await tx
      .insert(payoutItems)
      .values({
        payoutId: payout.id,
        ledgerEntryId: refund.entryId,
        bookingId: refund.bookingId,
        kind: 'refund',
        amountCents: -refund.amountCents,
      })
      .onConflictDoNothing();
    return created;
  });
}

/** The latest paid payout that paid the booking's share (not only a deduction of it). */
async function paidPayoutOf(db: Reader, bookingId: string, hostId: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select({ payout: payouts })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(
      and(
        eq(payoutItems.bookingId, bookingId),
        ne(payoutItems.kind, 'refund'),
        eq(payouts.hostId, hostId),
        eq(payouts.status, 'paid'),
      ),
    )
    .orderBy(desc(payouts.paidAt))
    .limit(1);
  return row?.payout;
}
