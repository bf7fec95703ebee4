import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, paymentEvents } from '#server/db/schema';
import type { memoryMail } from '../mail/mail';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { postStripeWebhook, signedStripeEvent, TEST_WEBHOOK_SECRET, useFakeStripe } from '#server/test/fake-stripe';
import { bookingRow, confirmBookingCall, createHold, payCard } from '#server/test/booking-test-helpers';
import type { BookingDeps } from '#server/features/bookings/bookings-model';
import { sweepOnce } from '#server/features/bookings/bookings-sweeper';
import { stripePayments, type StripePayments } from './stripe-payments';

// Started before useTestApp's own beforeAll: the app is built against the fake API.
const stripeApi = useFakeStripe();
const WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;

let stripe: StripePayments;
const t = useTestApp(() => {
  stripe = stripePayments({
    secretKey: 'sk_test_stayhub',
    publishableKey: 'pk_test_stayhub',
    webhookSecret: WEBHOOK_SECRET,
    api: stripeApi.fake.api,
    maxNetworkRetries: 0,
  });
  return { payments: stripe };
});
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;

let guest: SignedIn;
// A fresh guest for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  guest = await signInAs(t.app, 'guest');
});

const signedEvent = (type: string, object: object, id?: string) => signedStripeEvent(type, object, id ? { id } : {});
const postWebhook = (payload: string, signature?: string) =>
  postStripeWebhook(t.app, { payload, ...(signature ? { signature } : {}) });

async function holdFor(nights = 3) {
  const home = await insertHome(t.db, { priceCents: 9_999 });
  const res = await createHold(t.app, guest, {
    homeId: home.id,
    checkIn: '2026-12-10',
    checkOut: `2026-12-${10 + nights}`,
    guests: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { bookingId: string; paymentIntentId: string; clientSecret: string; amount: number };
}

describe('stripe adapter against a local Stripe API', () => {
  it('creates the PaymentIntent with amount, currency, metadata and the booking id as idempotency key', async () => {
    const before = stripeApi.fake.requests.length;
    const held = await holdFor(3);
    const sent = stripeApi.fake.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
    expect(sent).toHaveLength(1);
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.authorization).toBe('Bearer sk_test_stayhub');
    expect(req.idempotencyKey).toBe(held.bookingId);
    expect(req.params.get('amount')).toBe('29997');
    expect(req.params.get('currency')).toBe('usd');
    expect(req.params.get('metadata[bookingId]')).toBe(held.bookingId);
    expect(req.params.get('receipt_email')).toBe(guest.user.email);
    expect(held.amount).toBe(299.97);
    expect(held.clientSecret).toMatch(/^pi_fake_\w+_secret_/);
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({
      paymentProvider: 'stripe',
      paymentIntentId: held.paymentIntentId,
    });
  });

  it('tells the client to use Stripe Elements with the publishable key; the sandbox endpoint is off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_stayhub' });
    const held = await holdFor(1);
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(404);
  });

  it('confirms only after Stripe says succeeded, then refunds once on cancel with key refund-<id>', async () => {
    const held = await holdFor(2);
    const body = { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId, message: 'Hello' };
    stripeApi.fake.decline(held.paymentIntentId);
    const unpaid = await confirmBookingCall(t.app, guest, body);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error.message).toBe('Your card was declined.');

    stripeApi.fake.succeed(held.paymentIntentId);
    const res = await confirmBookingCall(t.app, guest, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('confirmed');

    const url = `/api/bookings/${held.bookingId}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: guest.headers })).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await t.app.inject({ method: 'DELETE', url, headers: guest.headers })).json()).toEqual({
      acknowledged: true,
      deletedCount: 0,
    });
    const refundCalls = stripeApi.fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === held.paymentIntentId,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.idempotencyKey).toBe(`refund-${held.bookingId}`);
    const refund = [...stripeApi.fake.refunds.values()].find((r) => r.payment_intent === held.paymentIntentId)!;
    expect((await bookingRow(t.db, held.bookingId)).refundId).toBe(refund.id);
  });

  it("a refund Stripe made but StayHub never recorded (charge_already_refunded) is recorded from Stripe's list, and not retried again", async () => {
    const held = await holdFor(2);
    stripeApi.fake.succeed(held.paymentIntentId);
    expect(
      (await confirmBookingCall(t.app, guest, { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId }))
        .statusCode,
    ).toBe(200);
    // Cancelled and refunded at Stripe (an answer lost with its idempotency key long expired, or the dashboard),
    // but the refund id never reached the database.
    const earlier = stripeApi.fake.refundElsewhere(held.paymentIntentId);
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(bookings.id, held.bookingId));

    const deps: BookingDeps = { db: t.db, clock: t.clock, payments: stripe, mail: t.app.mailQueue };
    const refundCalls = () =>
      stripeApi.fake.requests.filter(
        (r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === held.paymentIntentId,
      );
    const first = await sweepOnce(deps);
    expect(first.refunded).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(t.db, held.bookingId)).refundId).toBe(earlier.id);
    expect(refundCalls().map((r) => r.method)).toEqual(['POST', 'GET']);
    expect([...stripeApi.fake.refunds.values()].filter((r) => r.payment_intent === held.paymentIntentId)).toHaveLength(
      1,
    );

    await sweepOnce(deps);
    expect(refundCalls()).toHaveLength(2);
  });

  it('cancelling a hold cancels the PaymentIntent at Stripe', async () => {
    const held = await holdFor(1);
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${held.bookingId}`, headers: guest.headers });
    expect(stripeApi.fake.intents.get(held.paymentIntentId)!.status).toBe('canceled');
  });
});

describe('stripe adapter: manual capture', () => {
  async function authorised(amountCents = 20_000) {
    const bookingId = randomBytes(8).toString('hex');
    const created = await stripe.createIntent({
      amountCents,
      currency: 'usd',
      bookingId,
      idempotencyKey: `manual-${bookingId}`,
      description: 'A request',
      receiptEmail: 'guest@example.test',
      captureMethod: 'manual',
    });
    const sent = stripeApi.fake.requests.findLast((r) => r.path === '/v1/payment_intents')!;
    expect(sent.params.get('capture_method')).toBe('manual');
    stripeApi.fake.succeed(created.id);
    expect(await stripe.retrieveIntent(created.id)).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amountReceivedCents: 0,
    });
    return created.id;
  }

  it('captures an authorisation in full with paymentIntents.capture and its idempotency key', async () => {
    const id = await authorised();
    expect(await stripe.captureIntent(id, `capture-${id}`)).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 20_000,
    });
    const call = stripeApi.fake.requests.findLast((r) => r.path === `/v1/payment_intents/${id}/capture`)!;
    expect(call.idempotencyKey).toBe(`capture-${id}`);
    expect(call.params.get('amount_to_capture')).toBeNull();
    // Captured already (a lost answer retried under a new key): answers the captured intent.
    expect(await stripe.captureIntent(id, 'another-key')).toMatchObject({ status: 'succeeded' });
  });

  it('captures part with amount_to_capture; a refund is bounded by what was captured', async () => {
    const id = await authorised(20_000);
    await expect(stripe.captureIntent(id, 'too-much', 20_001)).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await stripe.captureIntent(id, `capture-${id}`, 5_000)).toMatchObject({
      status: 'succeeded',
      amountCents: 20_000,
      amountReceivedCents: 5_000,
    });
    expect(stripeApi.fake.requests.findLast((r) => r.path.endsWith('/capture'))!.params.get('amount_to_capture')).toBe(
      '5000',
    );
    await expect(stripe.refund(id, 'refund-too-much', 6_000)).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it('cancelling an authorisation releases it; it can no longer be captured', async () => {
    const id = await authorised();
    expect(await stripe.cancelIntent(id)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    expect(stripeApi.fake.intents.get(id)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    await expect(stripe.captureIntent(id, `capture-${id}`)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });
});

describe('stripe adapter: off-session authorisation on a saved card (ADR 0051)', () => {
  async function savedCard() {
    const bookingId = randomBytes(8).toString('hex');
    const created = await stripe.createIntent({
      amountCents: 30_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: bookingId,
      description: 'A stay',
      receiptEmail: 'guest@example.test',
      saveCard: true,
    });
    return { bookingId, intent: stripeApi.fake.succeed(created.id) };
  }
  const authorize = (savedWith: string, bookingId: string) =>
    stripe.authorizeOffSession({
      savedWith,
      amountCents: 10_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: `deposit:${bookingId}`,
      description: 'Security deposit',
    });

  it('a declined saved card answers the decline and the failed intent; the same key replays it', async () => {
    const { bookingId, intent } = await savedCard();
    stripeApi.fake.failOffSession(intent.payment_method!, 'card_declined');
    const failed = await authorize(intent.id, bookingId);
    expect(failed).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const failedId = failed.ok ? '' : failed.intentId!;
    expect(stripeApi.fake.intents.get(failedId)).toMatchObject({
      status: 'requires_payment_method',
      capture_method: 'manual',
    });
    expect(await authorize(intent.id, bookingId)).toEqual(failed);
    expect(stripeApi.fake.requests.filter((r) => r.idempotencyKey === `deposit:${bookingId}`)).toHaveLength(2);
  });

  it('an intent paid without a saved card (no Customer) has nothing to authorise with', async () => {
    const bookingId = randomBytes(8).toString('hex');
    const created = await stripe.createIntent({
      amountCents: 30_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: bookingId,
      description: 'A stay',
      receiptEmail: 'guest@example.test',
    });
    stripeApi.fake.succeed(created.id);
    expect(await authorize(created.id, bookingId)).toMatchObject({ ok: false, code: 'no_saved_card' });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('confirms the hold on payment_intent.succeeded exactly once, however often Stripe delivers it', async () => {
    const held = await holdFor(3);
    const intent = stripeApi.fake.succeed(held.paymentIntentId);
    const event = signedEvent('payment_intent.succeeded', intent);
    await t.app.mailQueue.drained();
    const sentBefore = outbox().length;

    const res = await postWebhook(event.payload, event.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('confirmed');
    await expect.poll(() => outbox().length).toBe(sentBefore + 2);

    // A redelivery: same event, freshly signed.
    const again = await postWebhook(
      event.payload,
      Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: WEBHOOK_SECRET }),
    );
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await t.app.mailQueue.drained();
    expect(outbox().length).toBe(sentBefore + 2);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);

    // The browser's own call afterwards answers the same.
    const booked = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(booked.json()).toEqual({ acknowledged: true, insertedId: held.bookingId });
  });

  it('leaves the hold on payment_intent.payment_failed (the guest may try another card)', async () => {
    const held = await holdFor(1);
    const event = signedEvent('payment_intent.payment_failed', stripeApi.fake.decline(held.paymentIntentId));
    const res = await postWebhook(event.payload, event.signature);
    expect(res.json()).toEqual({ received: true });
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it('refunds a payment that succeeded after its hold had expired', async () => {
    const held = await holdFor(2);
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.bookingId));
    const event = signedEvent('payment_intent.succeeded', stripeApi.fake.succeed(held.paymentIntentId));
    expect((await postWebhook(event.payload, event.signature)).json()).toEqual({ received: true });
    const refund = [...stripeApi.fake.refunds.values()].find((r) => r.payment_intent === held.paymentIntentId);
    expect(refund).toBeDefined();
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'expired', refundId: refund!.id });
  });

  it('refuses a bad or missing signature and a forged body, and changes nothing', async () => {
    const held = await holdFor(1);
    const intent = { ...stripeApi.fake.intents.get(held.paymentIntentId)!, status: 'succeeded' };
    const event = signedEvent('payment_intent.succeeded', intent);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_wrong' });
    expect((await postWebhook(event.payload, wrongSecret)).statusCode).toBe(400);
    expect((await postWebhook(event.payload)).statusCode).toBe(400);
    const tampered = event.payload.replace('"livemode":false', '"livemode":true');
    const res = await postWebhook(tampered, event.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
    expect(await t.db.select().from(bookings).where(eq(bookings.status, 'confirmed'))).not.toContainEqual(
      expect.objectContaining({ id: held.bookingId }),
    );
  });
});
