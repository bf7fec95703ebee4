import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/stay';
import { bookings, ledgerEntries, ledgerTransactions, payoutAccounts } from '#server/db/schema';
import { startFakeStripe } from '#server/providers/payments/fake-stripe-server';
import { stripePayments } from '#server/providers/payments/stripe-payments';
import { stripePayouts } from '#server/providers/payouts/stripe-payouts';
import { confirmBookingCall, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';
import { runPayouts } from './payouts-job';
import type { PayoutDeps } from './payouts-model';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});

let deps: PayoutDeps;
const t = useTestApp((base) => {
  const settings = { secretKey: 'sk_test_stayhub', api: fake.api, maxNetworkRetries: 0 };
  const payments = stripePayments({ ...settings, publishableKey: 'pk_test_stayhub' });
  const payouts = stripePayouts({ ...settings, webhookSecret: WEBHOOK_SECRET });
  deps = { db: base.db, clock: base.clock, payments, payouts, publicUrl: TEST_ORIGIN };
  return { payments, payouts };
});

function signed(type: string, object: object, account?: string, id = `evt_${randomBytes(8).toString('hex')}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    account,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const deliver = (e: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe-connect',
    payload: e.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
  });

async function stripeStay(host: SignedIn, guest: SignedIn) {
  const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 15_000 });
  const checkIn = addDays(t.clock.now().toISOString().slice(0, 10), 2);
  const held = (
    await createHold(t.app, guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, 2), guests: 1 })
  ).json();
  fake.succeed(held.paymentIntentId);
  const res = await confirmBookingCall(t.app, guest, {
    bookingId: held.bookingId,
    paymentIntentId: held.paymentIntentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, held.bookingId as string));
  return row!;
}

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
    const account = fake.connect.completeOnboarding(stored!.externalAccountId);
    const updated = signed('account.updated', account, account.id);
    expect((await deliver(updated)).json()).toEqual({ received: true });
    expect((await deliver(updated)).json()).toEqual({ received: true, duplicate: true });
    const status = await t.app.inject({ method: 'GET', url: '/api/host/payouts/account', headers: host.headers });
    expect(status.json()).toEqual({ status: 'enabled', provider: 'stripe' });

    t.clock.advance(4 * 86_400_000);
    expect(await runPayouts(deps)).toMatchObject({ released: 1, paid: 1 });
    const transfer = [...fake.connect.transfers.values()].find((tr) => tr.transfer_group === booking.id)!;
    expect(transfer).toMatchObject({ amount: booking.amountCents, destination: account.id });
    expect(transfer.source_transaction).toBe(fake.intents.get(booking.paymentIntentId!)!.latest_charge);
    const sent = fake.requests.filter((r) => r.path === '/v1/transfers');
    expect(sent.at(-1)!.idempotencyKey).toMatch(/^payout:[0-9a-f-]{36}$/);

    // Reversed in Stripe's Dashboard: the payout is failed and the ledger owes the host again.
    fake.connect.transfers.get(transfer.id)!.reversed = true;
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

  it('refuses a webhook whose signature does not verify', async () => {
    const forged = signed('account.updated', { id: 'acct_x', object: 'account' });
    const res = await deliver({ payload: forged.payload, signature: `t=1,v1=${'0'.repeat(64)}` });
    expect(res.statusCode).toBe(400);
  });
});
