/**
 * Stripe's webhook for a request to book (manual capture, ADR 0050): the authorisation arrives as
 * payment_intent.amount_capturable_updated, never as payment_intent.succeeded, and must turn the paid
 * hold into a request as the browser's return does, once.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { stripePayments } from '#server/providers/payments/stripe-payments';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';
import { postStripeWebhook, signedStripeEvent, TEST_WEBHOOK_SECRET, useFakeStripe } from '#server/test/fake-stripe';
import { bookingRow, confirmBookingCall, createHold } from '#server/test/booking-test-helpers';

// Started before useTestApp's own beforeAll: the app is built against the fake API.
const stripeApi = useFakeStripe();
const WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;

const t = useTestApp(() => ({
  payments: stripePayments({
    secretKey: 'sk_test_stayhub',
    publishableKey: 'pk_test_stayhub',
    webhookSecret: WEBHOOK_SECRET,
    api: stripeApi.fake.api,
    maxNetworkRetries: 0,
  }),
}));
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;

const signedEvent = (type: string, object: object, id?: string) => signedStripeEvent(type, object, id ? { id } : {});
const postWebhook = (event: { payload: string; signature: string }) => postStripeWebhook(t.app, event);

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
    const intent = stripeApi.fake.succeed(held.paymentIntentId);
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
    expect(stripeApi.fake.intents.get(held.paymentIntentId)).toMatchObject({
      status: 'requires_capture',
      amount_received: 0,
    });

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
