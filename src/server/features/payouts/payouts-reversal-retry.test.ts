/**
 * Issue 28: every provider call carries an idempotency key, reversals too. In the sandbox, a reversal
 * asked again with its key answers the first one and takes nothing more; the payout job that lost the
 * answer of a refund's reversal asks again next pass, and the money comes back from the host once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, ledgerEntries, ledgerTransactions, payoutAccounts, sandboxTransfers } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { PayoutProviderError, type ReversalInput } from '#server/providers/payouts/payout-provider';
import { sandboxPayouts, type SandboxPayouts } from '#server/providers/payouts/sandbox-payouts';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';
import { addDays } from '#shared/stay';
import { postLedgerTransaction } from '../ledger/ledger-post';
import { runPayouts } from './payouts-job';
import type { PayoutDeps } from './payouts-model';

const t = useTestApp();
let sandbox: SandboxPayouts;
let deps: PayoutDeps;
beforeAll(() => {
  sandbox = sandboxPayouts({ db: t.db, clock: t.clock, publicUrl: TEST_ORIGIN });
  deps = { db: t.db, clock: t.clock, payments: sandboxPayments({ db: t.db, clock: t.clock }), payouts: sandbox };
  t.clock.set('2026-12-01T10:00:00.000Z');
});

/** A host with an enabled sandbox account (its onboarding finished with Stripe's test account number). */
async function connectedHost(): Promise<{ host: SignedIn; accountId: string }> {
  const host = await signInAs(t.app, 'host');
  const account = await sandbox.createAccount({
    hostId: host.user.id,
    email: host.user.email,
    idempotencyKey: host.user.id,
  });
  const secret = (await sandbox.onboardingLink(account.id, { returnUrl: '', refreshUrl: '' })).url.split('/').at(-1)!;
  await sandbox.completeOnboarding(secret, { holderName: 'Rita Retry', accountNumber: '000123456789' });
  await t.db
    .insert(payoutAccounts)
    .values({ hostId: host.user.id, provider: 'sandbox', externalAccountId: account.id, status: 'enabled' });
  return { host, accountId: account.id };
}

const reversalsOf = (transferId: string) =>
  t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, transferId));

describe('sandbox reversals (idempotency keys)', () => {
  it('the same key answers the same reversal and takes nothing more; another amount under it is refused', async () => {
    const { accountId } = await connectedHost();
    const transfer = await sandbox.transfer({
      accountId,
      amountCents: 10_000,
      currency: 'usd',
      transferGroup: 'group-1',
      idempotencyKey: 'payout:key-test',
      metadata: {},
    });
    const input: ReversalInput = {
      transferId: transfer.id,
      amountCents: 4_000,
      idempotencyKey: 'reversal:key-test',
      metadata: { payoutId: 'p', reason: 'refund', ledgerEntryId: '1' },
    };
    const first = await sandbox.reverseTransfer(input);
    const again = await sandbox.reverseTransfer(input);
    expect(again.id).toBe(first.id);
    const [row] = await t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transfer.id));
    expect(row!.reversedCents).toBe(4_000);
    expect(await reversalsOf(transfer.id)).toEqual([expect.objectContaining({ id: first.id, amountCents: -4_000 })]);

    const misused = await sandbox.reverseTransfer({ ...input, amountCents: 1_000 }).catch((e: unknown) => e);
    expect(misused).toMatchObject({ code: 'idempotency_error', definite: true });
    // More than is left is refused, and leaves nothing behind.
    const tooMuch = await sandbox
      .reverseTransfer({ ...input, amountCents: 6_001, idempotencyKey: 'reversal:too-much' })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: 'amount_too_large' });
    expect(await reversalsOf(transfer.id)).toHaveLength(1);
  });

  it("a refund's reversal whose answer was lost is asked again next pass: taken back once", async () => {
    const { host } = await connectedHost();
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 10_000 });
    const checkIn = addDays(t.clock.now().toISOString().slice(0, 10), 2);
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, 2) });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, stay.bookingId));
    t.clock.advance(4 * 86_400_000);
    expect(await runPayouts(deps)).toMatchObject({ paid: 1 });
    const [transfer] = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.transferGroup, booking!.id));

    // A refund after the payout (the host's 3,000 of it), as the ledger posts one.
    await postLedgerTransaction(t.db, {
      kind: 'refund',
      idempotencyKey: `refund:${booking!.id}:retry`,
      bookingId: booking!.id,
      at: t.clock.now(),
      currency: 'usd',
      lines: [
        { account: 'platform_cash', amountCents: -3_000 },
        { account: 'host_payable', hostId: host.user.id, amountCents: 3_000 },
      ],
    });
    // The sandbox reverses, then the answer never arrives (the connection dropped).
    const lost: SandboxPayouts = {
      ...sandbox,
      reverseTransfer: async (input) => {
        await sandbox.reverseTransfer(input);
        throw new PayoutProviderError('socket hang up', 'provider_error', false);
      },
    };
    t.clock.advance(60_000);
    expect(await runPayouts({ ...deps, payouts: lost })).toMatchObject({ reversed: 0 });
    t.clock.advance(60_000);
    expect(await runPayouts(deps)).toMatchObject({ reversed: 1 });
    t.clock.advance(60_000);
    expect(await runPayouts(deps)).toMatchObject({ reversed: 0, paid: 0 });

    const [after] = await t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transfer!.id));
    expect(after!.reversedCents).toBe(3_000);
    expect(await reversalsOf(transfer!.id)).toHaveLength(1);
    const [posted] = await t.db
      .select({ n: sql<number>`count(*)::int`, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.kind, 'transfer_reversal'), eq(ledgerEntries.account, 'platform_cash')));
    expect(posted).toEqual({ n: 1, sum: '3000' });
    const [payable] = await t.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.hostId, host.user.id), eq(ledgerEntries.account, 'host_payable')));
    expect(Number(payable!.sum)).toBe(0);
  });

  it('a host whose reversal answer was lost is not paid in that pass: the refund is not taken twice', async () => {
    const { host } = await connectedHost();
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 10_000 });
    const today = t.clock.now().toISOString().slice(0, 10);
    const first = await bookStay(t.app, guest, {
      homeId: home.id,
      checkIn: addDays(today, 2),
      checkOut: addDays(today, 4),
    });
    const second = await bookStay(t.app, guest, {
      homeId: home.id,
      checkIn: addDays(today, 6),
      checkOut: addDays(today, 8),
    });
    t.clock.advance(4 * 86_400_000);
    expect(await runPayouts(deps)).toMatchObject({ paid: 1 });
    await postLedgerTransaction(t.db, {
      kind: 'refund',
      idempotencyKey: `refund:${first.bookingId}:unsure`,
      bookingId: first.bookingId,
      at: t.clock.now(),
      currency: 'usd',
      lines: [
        { account: 'platform_cash', amountCents: -3_000 },
        { account: 'host_payable', hostId: host.user.id, amountCents: 3_000 },
      ],
    });
    // The second stay's share is payable in the pass whose reversal answer is lost.
    t.clock.advance(4 * 86_400_000);
    const lost: SandboxPayouts = {
      ...sandbox,
      reverseTransfer: async (input) => {
        await sandbox.reverseTransfer(input);
        throw new PayoutProviderError('socket hang up', 'provider_error', false);
      },
    };
    expect(await runPayouts({ ...deps, payouts: lost })).toMatchObject({ reversed: 0, paid: 0 });
    t.clock.advance(60_000);
    expect(await runPayouts(deps)).toMatchObject({ reversed: 1, paid: 1 });

    // The second payout is the second stay's whole share: the 3,000 came back once, by the reversal.
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, second.bookingId));
    const [paidOut] = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.transferGroup, second.bookingId));
    expect(paidOut!.amountCents).toBe(booking!.amountCents - booking!.serviceFeeCents - booking!.taxCents);
    const [payable] = await t.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.hostId, host.user.id), eq(ledgerEntries.account, 'host_payable')));
    expect(Number(payable!.sum)).toBe(0);
  });
});
