/**
 * Stripe's webhook for a request to book (manual capture, ADR 0050): the authorisation arrives as
 * payment_intent.amount_capturable_updated, never as payment_intent.succeeded, and must turn the paid
 * hold into a request as the browser's return does, once.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { startFakeStripe } from '#server/providers/payments/fake-stripe-server';
import { stripePayments } from '#server/providers/payments/stripe-payments';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';
import { bookingRow, confirmBookingCall, createHold } from '#server/test/booking-test-helpers';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
// Runs before useTestApp's own beforeAll: the app is built against the fake API.
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});

const t = useTestApp(() => ({
  payments: stripePayments({
    secretKey: 'sk_test_stayhub',
    publishableKey: 'pk_test_stayhub',
    webhookSecret: WEBHOOK_SECRET,
    api: fake.api,
    maxNetworkRetries: 0,
  }),
}));
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;

function signedEvent(type: string, intent: object, id = `evt_${randomBytes(8).toString('hex')}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: intent },
  });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

const postWebhook = (event: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });

describe('POST /api/webhooks/stripe: a request to book', () => {
  it('payment_intent.amount_capturable_updated makes the authorised hold a request, once', async () => {
    const guest = await signInAs(t.app, 'guest');
    const host = await signInAs(t.app, 'host');
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, bookingMode: 'request' });
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const held = res.json() as { bookingId: string; paymentIntentId: string };
    // The card is authorised at Stripe; the browser never comes back.
    const intent = fake.succeed(held.paymentIntentId);
    expect(intent.status).toBe('requires_capture');
    await t.app.mailQueue.drained();
    const sentBefore = outbox().length;

    const event = signedEvent('payment_intent.amount_capturable_updated', intent);
    const first = await postWebhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const row = await bookingRow(t.db, held.bookingId);
    expect(row).toMatchObject({ status: 'requested' });
    expect(row.respondBy).not.toBeNull();
    await t.app.mailQueue.drained();
    const requestMails = outbox().slice(sentBefore);
    expect(requestMails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Booking request', 'Request sent']);
    // Nothing was charged.
    expect(fake.intents.get(held.paymentIntentId)).toMatchObject({ status: 'requires_capture', amount_received: 0 });

    // Stripe delivers it again; another event about the same authorisation changes nothing either.
    const again = await postWebhook({
      ...event,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: WEBHOOK_SECRET }),
    });
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await postWebhook(signedEvent('payment_intent.amount_capturable_updated', intent))).statusCode).toBe(200);
    // The browser's own return afterwards answers the same request.
    const booked = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await t.app.mailQueue.drained();
    expect(outbox().length).toBe(sentBefore + 2);
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'requested', respondBy: row.respondBy });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });
});
