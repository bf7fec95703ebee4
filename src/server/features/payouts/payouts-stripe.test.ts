import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, payoutAccounts, payouts } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { postStripeWebhook, signedStripeEvent } from '#server/test/fake-stripe';
import { useStripePayouts } from '#server/test/stripe-payouts-harness';
import { signInAs } from '#server/test/test-app';
import { runPayouts } from './payouts-job';

const s = useStripePayouts();
const { t, stripeApi, signed, deliver, stripeStay, paidOut, hostView, ledgerTotal } = s;

describe('payouts through Stripe Connect (local Stripe API)', () => {
  it('onboards, pays a stay from its charge, and a reversed transfer puts the money back in the balance', async () => {
    t.clock.set('2026-12-01T10:00:00.000Z');
    const host = await signInAs(t.app, 'host');
    const guest = await signInAs(t.app, 'guest');
    const booking = await stripeStay(host, guest);

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/host/payouts/account',
      headers: host.headers,
      payload: {},
    });
    expect(link.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const [stored] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, host.user.id));
    expect(stored).toMatchObject({ provider: 'stripe', status: 'pending_verification' });

    // The host finishes Stripe's onboarding; Stripe says so with account.updated (delivered twice).
    const account = stripeApi.fake.connect.completeOnboarding(stored!.externalAccountId);
    const updated = signed('account.updated', account, account.id);
    expect((await deliver(updated)).json()).toEqual({ received: true });
    expect((await deliver(updated)).json()).toEqual({ received: true, duplicate: true });
    const status = await t.app.inject({ method: 'GET', url: '/api/host/payouts/account', headers: host.headers });
    expect(status.json()).toEqual({ status: 'enabled', provider: 'stripe' });

    t.clock.advance(4 * 86_400_000);
    expect(await runPayouts(s.deps)).toMatchObject({ released: 1, paid: 1 });
    const transfer = [...stripeApi.fake.connect.transfers.values()].find((tr) => tr.transfer_group === booking.id)!;
    expect(transfer).toMatchObject({ amount: booking.amountCents, destination: account.id });
    expect(transfer.source_transaction).toBe(stripeApi.fake.intents.get(booking.paymentIntentId!)!.latest_charge);
    const sent = stripeApi.fake.requests.filter((r) => r.path === '/v1/transfers');
    expect(sent.at(-1)!.idempotencyKey).toMatch(/^payout:[0-9a-f-]{36}$/);

    // Reversed in Stripe's Dashboard: the payout is failed and the ledger owes the host again.
    stripeApi.fake.connect.transfers.get(transfer.id)!.reversed = true;
    const reversed = signed('transfer.reversed', { ...transfer, reversed: true, amount_reversed: transfer.amount });
    expect((await deliver(reversed)).statusCode).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: '/api/host/payouts', headers: host.headers })).json();
    expect(view.history[0]).toMatchObject({ status: 'failed', amountCents: booking.amountCents });
    expect(view.balance).toMatchObject({ availableCents: booking.amountCents, paidCents: 0 });
    const kinds = await t.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.payoutId} is not null`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['transfer', 'transfer_reversal']);
    const [total] = await t.db.select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries);
    expect(Number(total!.sum)).toBe(0);
  });

  it("records a bank payout's status; a failed one takes the transfer back, owes the host again, mails them", async () => {
    const { host, booking, account, transfer, payout } = await paidOut('2026-12-20T10:00:00.000Z');
    const bank = stripeApi.fake.connect.bankPayout(account.id, [transfer.id], 'paid');
    expect((await deliver(signed('payout.paid', bank, account.id))).json()).toEqual({ received: true });
    const [paid] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(paid).toMatchObject({ status: 'paid', bankPayoutId: bank.id, bankPayoutStatus: 'paid' });

    // Days later the bank sends it back: Stripe says payout.failed (twice, as two events).
    const failed = { ...bank, status: 'failed', failure_code: 'account_closed' };
    expect((await deliver(signed('payout.failed', failed, account.id))).statusCode).toBe(200);
    expect((await deliver(signed('payout.failed', failed, account.id))).statusCode).toBe(200);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({
      status: 'failed',
      failureCode: 'bank_account_closed',
      bankPayoutStatus: 'failed',
      bankFailureCode: 'account_closed',
    });
    const reversals = stripeApi.fake.requests.filter((r) => r.path === `/v1/transfers/${transfer.id}/reversals`);
    // The second event finds nothing left to take back: one reversal.
    expect(reversals.map((r) => r.idempotencyKey)).toEqual([`bank-failed:${payout.id}`]);
    expect(stripeApi.fake.connect.transfers.get(transfer.id)).toMatchObject({ amount_reversed: transfer.amount });
    expect((await hostView(host)).balance).toMatchObject({ availableCents: booking.amountCents, paidCents: 0 });
    const kinds = await t.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.payoutId, payout.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['transfer', 'transfer_failed']);
    expect(await ledgerTotal()).toBe(0);
    await t.app.mailQueue.drained();
    const sent = (t.mail as ReturnType<typeof memoryMail>).messages.filter((m) => m.to === host.user.email);
    expect(sent.filter((m) => m.subject === 'Your bank could not take your payout')).toHaveLength(1);

    // The next pass sends the money again (a new transfer), once.
    expect(await runPayouts(s.deps)).toMatchObject({ paid: 1 });
    expect((await hostView(host)).balance).toMatchObject({ availableCents: 0, paidCents: booking.amountCents });
  });

  it("a refund made after the payout takes the host's share back from the transfer (transfer_reversal)", async () => {
    const { host, booking, transfer, payout } = await paidOut('2027-01-10T10:00:00.000Z');
    // The operator refunds part of the stay in Stripe's Dashboard; Stripe tells the platform endpoint.
    const refund = stripeApi.fake.refundElsewhere(booking.paymentIntentId!, 5_000);
    const intent = stripeApi.fake.intents.get(booking.paymentIntentId!)!;
    const event = signedStripeEvent('charge.refunded', {
      id: intent.latest_charge,
      object: 'charge',
      payment_intent: intent.id,
    });
    expect((await postStripeWebhook(t.app, event)).statusCode).toBe(200);
    expect((await hostView(host)).balance.availableCents).toBe(-5_000);

    expect(await runPayouts(s.deps)).toMatchObject({ reversed: 1, paid: 0 });
    expect(await runPayouts(s.deps)).toMatchObject({ reversed: 0, paid: 0 });
    const reversals = stripeApi.fake.requests.filter((r) => r.path === `/v1/transfers/${transfer.id}/reversals`);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.params.get('amount')).toBe('5000');
    expect(reversals[0]!.idempotencyKey).toMatch(/^reversal:\d+$/);
    // A partial reversal: Stripe's transfer.reversed (not reversed whole) changes nothing more.
    const partly = stripeApi.fake.connect.transfers.get(transfer.id)!;
    expect(partly).toMatchObject({ amount_reversed: 5_000, reversed: false });
    expect((await deliver(signed('transfer.reversed', partly))).statusCode).toBe(200);

    const view = await hostView(host);
    expect(view.balance).toMatchObject({ availableCents: 0, paidCents: booking.amountCents - 5_000 });
    expect(view.history[0]).toMatchObject({ status: 'paid' });
    const posted = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.payoutId, payout.id));
    expect(posted.map((p) => p.kind).sort()).toEqual(['transfer', 'transfer_reversal']);
    const [refunded] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `refund:${booking.id}:${refund.id}`));
    expect(refunded).toBeDefined();
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses a webhook whose signature does not verify', async () => {
    const forged = signed('account.updated', { id: 'acct_x', object: 'account' });
    const res = await deliver({ payload: forged.payload, signature: `t=1,v1=${'0'.repeat(64)}` });
    expect(res.statusCode).toBe(400);
  });
});
