/**
 * Stripe's platform events besides a stay's payment (ADR 0062): `charge.refunded` posts each refund
 * to the ledger once, keyed by the refund's id, whether StayHub or the Dashboard made it; a security
 * deposit's intent events are recognised (no "payment for no known booking" warning).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema';
import type { ServiceLog } from '#server/app-context';
import { stripePayments, type StripePayments } from '#server/providers/payments/stripe-payments';
import { confirmBookingCall, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { postStripeWebhook, signedStripeEvent, TEST_WEBHOOK_SECRET, useFakeStripe } from '#server/test/fake-stripe';
import { signInAs, useTestApp } from '#server/test/test-app';
import { handlePaymentEvent } from './payments-service';

const stripeApi = useFakeStripe();
let stripe: StripePayments;
const t = useTestApp(() => {
  stripe = stripePayments({
    secretKey: 'sk_test_stayhub',
    publishableKey: 'pk_test_stayhub',
    webhookSecret: TEST_WEBHOOK_SECRET,
    api: stripeApi.fake.api,
    maxNetworkRetries: 0,
  });
  return { payments: stripe };
});

let nextCheckIn = 10;
/** A confirmed stay paid at Stripe, at a new home of a new host. */
async function paidStay() {
  const guest = await signInAs(t.app, 'guest');
  const host = await signInAs(t.app, 'host');
  const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 12_000 });
  const checkIn = `2026-12-${String(nextCheckIn).padStart(2, '0')}`;
  const checkOut = `2026-12-${String(nextCheckIn + 2).padStart(2, '0')}`;
  nextCheckIn += 3;
  const hold = await createHold(t.app, guest, { homeId: home.id, checkIn, checkOut, guests: 1 });
  const { bookingId, paymentIntentId } = hold.json() as { bookingId: string; paymentIntentId: string };
  const held = { bookingId, paymentIntentId };
  stripeApi.fake.succeed(paymentIntentId);
  const res = await confirmBookingCall(t.app, guest, held);
  expect(res.statusCode, res.body).toBe(200);
  return { ...held, guest };
}

const chargeRefunded = (intentId: string) => {
  const intent = stripeApi.fake.intents.get(intentId)!;
  return signedStripeEvent('charge.refunded', {
    id: intent.latest_charge,
    object: 'charge',
    payment_intent: intentId,
    amount: intent.amount_received,
    refunded: true,
  });
};

async function refundsPosted(bookingId: string) {
  return t.db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, 'refund')));
}

async function cashOf(bookingId: string) {
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerEntries.account, 'platform_cash')));
  return Number(row!.sum);
}

describe('charge.refunded', () => {
  it("posts a refund made in Stripe's Dashboard once, however often Stripe tells", async () => {
    const stay = await paidStay();
    expect(await cashOf(stay.bookingId)).toBeGreaterThan(0);
    const refund = stripeApi.fake.refundElsewhere(stay.paymentIntentId);
    const first = await postStripeWebhook(t.app, chargeRefunded(stay.paymentIntentId));
    expect(first.json()).toEqual({ received: true });
    // Another event about the same charge (Stripe sends charge.refunded for each refund).
    expect((await postStripeWebhook(t.app, chargeRefunded(stay.paymentIntentId))).statusCode).toBe(200);
    expect(await refundsPosted(stay.bookingId)).toEqual([{ key: `refund:${stay.bookingId}:${refund.id}` }]);
    expect(await cashOf(stay.bookingId)).toBe(0);
    const [total] = await t.db.select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries);
    expect(Number(total!.sum)).toBe(0);
  });

  it('does not count a refund StayHub made a second time', async () => {
    const stay = await paidStay();
    const url = `/api/bookings/${stay.bookingId}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: stay.guest.headers })).statusCode).toBe(200);
    const before = await refundsPosted(stay.bookingId);
    expect(before).toHaveLength(1);
    const cash = await cashOf(stay.bookingId);
    expect((await postStripeWebhook(t.app, chargeRefunded(stay.paymentIntentId))).statusCode).toBe(200);
    expect(await refundsPosted(stay.bookingId)).toEqual(before);
    expect(await cashOf(stay.bookingId)).toBe(cash);
  });
});

describe("a security deposit's intent events", () => {
  function recorder() {
    const warnings: string[] = [];
    const infos: string[] = [];
    const log: ServiceLog = {
      info: (_o: unknown, msg?: string) => void infos.push(msg ?? ''),
      warn: (_o: unknown, msg?: string) => void warnings.push(msg ?? ''),
      error: (_o: unknown, msg?: string) => void warnings.push(msg ?? ''),
    } as ServiceLog;
    return { log, warnings, infos };
  }

  async function authorised(metadata: Record<string, string>) {
    const intent = await stripe.client.paymentIntents.create({
      amount: 25_000,
      currency: 'usd',
      capture_method: 'manual',
      metadata,
    });
    return stripeApi.fake.succeed(intent.id);
  }

  it('are recognised: no warning of a payment for no known booking', async () => {
    const stay = await paidStay();
    const deposit = await authorised({ bookingId: stay.bookingId, purpose: 'security_deposit' });
    const stranger = await authorised({});
    const seen = recorder();
    const deps = { db: t.db, clock: t.clock, payments: stripe, log: seen.log };
    for (const intent of [deposit, stranger]) {
      const event = signedStripeEvent('payment_intent.amount_capturable_updated', intent);
      await handlePaymentEvent(deps, stripe.verifyWebhook(event.payload, event.signature));
    }
    expect(seen.infos).toContain('deposit payment event');
    // Only the intent nobody knows is warned about.
    expect(seen.warnings).toEqual(['payment for no known booking']);
  });
});
