/**
 * The Stripe Connect payout tests' set-up (issue 28): the test app built against the local fake
 * Stripe API with Stripe's card and payout providers, and the steps those tests share (a stay paid
 * through Stripe, a host onboarded through Stripe's hosted onboarding as the fake plays it, a stay
 * paid out). Call it at a test file's top level: it registers the file's beforeAll hooks.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '#shared/stay';
import { bookings, ledgerEntries, payoutAccounts, payouts } from '#server/db/schema';
import { runPayouts } from '#server/features/payouts/payouts-job';
import type { PayoutDeps } from '#server/features/payouts/payouts-model';
import { stripePayments } from '#server/providers/payments/stripe-payments';
import { stripePayouts } from '#server/providers/payouts/stripe-payouts';
import { confirmBookingCall, createHold } from './booking-test-helpers';
import { insertHome } from './factories';
import { postStripeWebhook, signedStripeEvent, TEST_WEBHOOK_SECRET, useFakeStripe } from './fake-stripe';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from './test-app';

export function useStripePayouts() {
  // Started before useTestApp's own beforeAll: the app is built against the fake API.
  const stripeApi = useFakeStripe();
  const holder = {} as { deps: PayoutDeps };
  const t = useTestApp((base) => {
    const settings = { secretKey: 'sk_test_stayhub', api: stripeApi.fake.api, maxNetworkRetries: 0 };
    const payments = stripePayments({
      ...settings,
      publishableKey: 'pk_test_stayhub',
      webhookSecret: TEST_WEBHOOK_SECRET,
    });
    const payouts = stripePayouts({ ...settings, webhookSecret: TEST_WEBHOOK_SECRET });
    holder.deps = { db: base.db, clock: base.clock, payments, payouts, publicUrl: TEST_ORIGIN };
    return { payments, payouts };
  });

  /** An event as Stripe signs it (`account`: a connected account's event). */
  const signed = (type: string, object: object, account?: string) =>
    signedStripeEvent(type, object, account ? { account } : {});
  /** To the Connect endpoint (connected accounts' events). */
  const deliver = (e: { payload: string; signature: string }) =>
    postStripeWebhook(t.app, e, '/api/webhooks/stripe-connect');
  /** To the account endpoint (the platform's own events: charges, refunds, transfers). */
  const deliverToPlatform = (e: { payload: string; signature: string }) => postStripeWebhook(t.app, e);

  async function stripeStay(host: SignedIn, guest: SignedIn) {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 15_000 });
    const checkIn = addDays(t.clock.now().toISOString().slice(0, 10), 2);
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, 2), guests: 1 })
    ).json();
    stripeApi.fake.succeed(held.paymentIntentId);
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

  /** Through the API and Stripe's onboarding (played by the fake), told by account.updated: the host can be paid. */
  async function onboard(host: SignedIn) {
    await t.app.inject({ method: 'POST', url: '/api/host/payouts/account', headers: host.headers, payload: {} });
    const [stored] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, host.user.id));
    const account = stripeApi.fake.connect.completeOnboarding(stored!.externalAccountId);
    expect((await deliver(signed('account.updated', account, account.id))).statusCode).toBe(200);
    return account;
  }

  /** A stay of a new host's, paid out through Stripe: the booking, the host's account and the transfer. */
  async function paidOut(clock: string) {
    t.clock.set(clock);
    const host = await signInAs(t.app, 'host');
    const booking = await stripeStay(host, await signInAs(t.app, 'guest'));
    const account = await onboard(host);
    t.clock.advance(4 * 86_400_000);
    // (Other tests' hosts with money owed are paid in the same pass.)
    expect((await runPayouts(holder.deps)).paid).toBeGreaterThanOrEqual(1);
    const transfer = [...stripeApi.fake.connect.transfers.values()].find((tr) => tr.transfer_group === booking.id)!;
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.providerTransferId, transfer.id));
    return { host, booking, account, transfer, payout: payout! };
  }

  const hostView = async (host: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/host/payouts', headers: host.headers })).json();

  async function ledgerTotal() {
    const [total] = await t.db.select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries);
    return Number(total!.sum);
  }

  return {
    t,
    stripeApi,
    get deps() {
      return holder.deps;
    },
    signed,
    deliver,
    deliverToPlatform,
    stripeStay,
    onboard,
    paidOut,
    hostView,
    ledgerTotal,
  };
}
