/**
 * Issue 28: `transfer.*` events (the platform's own, so sent to the account endpoint) read into the
 * ledger idempotently, and a failed bank payout racing its transfer's reversal: the ledger ends the
 * same whichever event arrives first, and whether StayHub's own write or Stripe's event comes first.
 * Against the local fake Stripe API; events signed with the SDK's test header helper.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, payoutItems, payouts } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import type { PayoutProvider } from '#server/providers/payouts/payout-provider';
import { signedStripeEvent } from '#server/test/fake-stripe';
import { signInAs } from '#server/test/test-app';
import { useStripePayouts } from '#server/test/stripe-payouts-harness';
import { runPayouts } from './payouts-job';

const s = useStripePayouts();
const { t, stripeApi, signed, deliver, deliverToPlatform, paidOut, hostView, ledgerTotal } = s;

/** The transfer as Stripe has it now (what a transfer.* event carries). */
const transferNow = (id: string) => structuredClone(stripeApi.fake.connect.transfers.get(id)!);

async function kindsOf(payoutId: string) {
  const rows = await t.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.payoutId, payoutId));
  return rows.map((r) => r.kind).sort();
}

const bankMails = async (email: string) => {
  await t.app.mailQueue.drained();
  const sent = (t.mail as ReturnType<typeof memoryMail>).messages;
  return sent.filter((m) => m.to === email && m.subject === 'Your bank could not take your payout').length;
};

describe('transfer.* on the platform endpoint', () => {
  it('a transfer reversed whole in the Dashboard fails the payout once; a partial one changes nothing', async () => {
    const { host, booking, transfer, payout } = await paidOut('2027-02-01T10:00:00.000Z');
    stripeApi.fake.connect.reverseInDashboard(transfer.id, 1_000);
    const partly = signed('transfer.reversed', transferNow(transfer.id));
    expect((await deliverToPlatform(partly)).json()).toEqual({ received: true });
    expect(await kindsOf(payout.id)).toEqual(['transfer']);

    stripeApi.fake.connect.reverseInDashboard(transfer.id);
    const whole = signed('transfer.reversed', transferNow(transfer.id));
    expect((await deliverToPlatform(whole)).json()).toEqual({ received: true });
    expect((await deliverToPlatform(whole)).json()).toEqual({ received: true, duplicate: true });
    // The same state again under another event (transfer.updated) takes nothing more.
    expect((await deliverToPlatform(signed('transfer.updated', transferNow(transfer.id)))).statusCode).toBe(200);
    expect(await kindsOf(payout.id)).toEqual(['transfer', 'transfer_reversal']);
    const view = await hostView(host);
    expect(view.history[0]).toMatchObject({ status: 'failed', amountCents: booking.amountCents });
    expect(view.balance).toMatchObject({ availableCents: booking.amountCents, paidCents: 0 });
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses a transfer event whose signature does not verify', async () => {
    const forged = signedStripeEvent('transfer.reversed', { id: 'tr_x', object: 'transfer' }, { secret: 'whsec_x' });
    expect((await deliverToPlatform(forged)).statusCode).toBe(400);
  });

  it("a refund's reversal told by Stripe before the job's own ledger write is recorded once", async () => {
    const { host, booking, transfer, payout } = await paidOut('2027-02-10T10:00:00.000Z');
    const refund = stripeApi.fake.refundElsewhere(booking.paymentIntentId!, 4_000);
    const intent = stripeApi.fake.intents.get(booking.paymentIntentId!)!;
    const charge = { id: intent.latest_charge, object: 'charge', payment_intent: intent.id };
    expect((await deliverToPlatform(signed('charge.refunded', charge))).statusCode).toBe(200);
    expect(refund.amount).toBe(4_000);

    // Stripe's transfer.reversed reaches the app between the job's reversal call and its ledger write.
    const real = s.deps.payouts;
    const eventFirst: PayoutProvider = {
      ...real,
      reverseTransfer: async (input) => {
        const answer = await real.reverseTransfer(input);
        const event = signed('transfer.reversed', transferNow(input.transferId));
        expect((await deliverToPlatform(event)).statusCode).toBe(200);
        return answer;
      },
    };
    expect(await runPayouts({ ...s.deps, payouts: eventFirst })).toMatchObject({ reversed: 0 });
    expect(await runPayouts(s.deps)).toMatchObject({ reversed: 0, paid: 0 });
    expect(stripeApi.fake.connect.transfers.get(transfer.id)).toMatchObject({ amount_reversed: 4_000 });
    expect(await kindsOf(payout.id)).toEqual(['transfer', 'transfer_reversal']);
    const items = await t.db
      .select()
      .from(payoutItems)
      .where(and(eq(payoutItems.payoutId, payout.id), eq(payoutItems.kind, 'refund')));
    expect(items).toEqual([expect.objectContaining({ amountCents: -4_000 })]);
    const view = await hostView(host);
    expect(view.balance).toMatchObject({ availableCents: 0, paidCents: booking.amountCents - 4_000 });
    expect(view.history[0]).toMatchObject({ status: 'paid' });
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('payout.failed and transfer.reversed for the same payout, in either order', () => {
  /** What both orders must end with: one reversal of the whole, `transfer_failed` once, the host owed again and mailed once. */
  async function expectFailedOnce(paid: Awaited<ReturnType<typeof paidOut>>, bankId: string) {
    const { host, booking, transfer, payout } = paid;
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({
      status: 'failed',
      failureCode: 'bank_account_closed',
      bankPayoutId: bankId,
      bankPayoutStatus: 'failed',
      bankFailureCode: 'account_closed',
    });
    expect(stripeApi.fake.connect.transfers.get(transfer.id)!.reversals.data).toHaveLength(1);
    expect(await kindsOf(payout.id)).toEqual(['transfer', 'transfer_failed']);
    const [owed] = await t.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.hostId, host.user.id), eq(ledgerEntries.account, 'host_payable')));
    expect(Number(owed!.sum)).toBe(-booking.amountCents);
    expect(await bankMails(host.user.email)).toBe(1);
    expect(await ledgerTotal()).toBe(0);
  }

  it('payout.failed first, then transfer.reversed', async () => {
    const paid = await paidOut('2027-01-15T10:00:00.000Z');
    const bank = stripeApi.fake.connect.bankPayout(paid.account.id, [paid.transfer.id], 'failed');
    expect((await deliver(signed('payout.failed', bank, paid.account.id))).statusCode).toBe(200);
    expect((await deliverToPlatform(signed('transfer.reversed', transferNow(paid.transfer.id)))).statusCode).toBe(200);
    await expectFailedOnce(paid, bank.id);
  });

  it('transfer.reversed first (StayHub reversed, then stopped before its ledger write), then payout.failed', async () => {
    const paid = await paidOut('2027-01-25T10:00:00.000Z');
    const bank = stripeApi.fake.connect.bankPayout(paid.account.id, [paid.transfer.id], 'failed');
    // What handling payout.failed does first, as a process killed right after the call left it.
    await s.deps.payouts.reverseTransfer({
      transferId: paid.transfer.id,
      amountCents: paid.transfer.amount,
      idempotencyKey: `bank-failed:${paid.payout.id}`,
      metadata: {
        payoutId: paid.payout.id,
        reason: 'bank_payout_failed',
        bankPayoutId: bank.id,
        failureCode: 'account_closed',
      },
    });
    expect((await deliverToPlatform(signed('transfer.reversed', transferNow(paid.transfer.id)))).statusCode).toBe(200);
    // Stripe delivers payout.failed (again): nothing is left to do.
    expect((await deliver(signed('payout.failed', bank, paid.account.id))).statusCode).toBe(200);
    await expectFailedOnce(paid, bank.id);
  });

  it('reversed whole in the Dashboard first, then payout.failed: owed again once, not reversed again', async () => {
    const { host, booking, account, transfer, payout } = await paidOut('2027-02-15T10:00:00.000Z');
    const bank = stripeApi.fake.connect.bankPayout(account.id, [transfer.id], 'failed');
    stripeApi.fake.connect.reverseInDashboard(transfer.id);
    expect((await deliverToPlatform(signed('transfer.reversed', transferNow(transfer.id)))).statusCode).toBe(200);
    expect((await deliver(signed('payout.failed', bank, account.id))).statusCode).toBe(200);
    expect(stripeApi.fake.connect.transfers.get(transfer.id)!.reversals.data).toHaveLength(1);
    expect(await kindsOf(payout.id)).toEqual(['transfer', 'transfer_reversal']);
    expect((await hostView(host)).balance).toMatchObject({ availableCents: booking.amountCents, paidCents: 0 });
    expect(await ledgerTotal()).toBe(0);
  });
});

describe("the admin's Finance figures", () => {
  it('count a payout failed only when it failed; a refund taken back from a payout is a reversal', async () => {
    const paid = await paidOut('2027-02-20T10:00:00.000Z');
    const from = t.clock.now().toISOString();
    const refund = stripeApi.fake.refundElsewhere(paid.booking.paymentIntentId!, 3_000);
    const intent = stripeApi.fake.intents.get(paid.booking.paymentIntentId!)!;
    const charge = { id: intent.latest_charge, object: 'charge', payment_intent: intent.id };
    expect((await deliverToPlatform(signed('charge.refunded', charge))).statusCode).toBe(200);
    expect(await runPayouts(s.deps)).toMatchObject({ reversed: 1 });
    const admin = await signInAs(t.app, 'admin');
    const figures = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/finance?from=${from}&to=2027-03-01`,
          headers: admin.headers,
        })
      ).json();
    // The payout stands: nothing failed, the refund's share came back from the host.
    expect(await figures()).toMatchObject({
      refundsCents: refund.amount,
      payoutsFailedCents: 0,
      transferReversalsCents: 3_000,
    });

    // Then the host's bank refuses the payout: what was left of it is a failed payout.
    const bank = stripeApi.fake.connect.bankPayout(paid.account.id, [paid.transfer.id], 'failed');
    expect((await deliver(signed('payout.failed', bank, paid.account.id))).statusCode).toBe(200);
    expect(await figures()).toMatchObject({
      payoutsFailedCents: paid.transfer.amount - 3_000,
      transferReversalsCents: 3_000,
    });
  });
});
