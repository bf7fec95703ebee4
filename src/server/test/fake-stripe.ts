/**
 * The Stripe test setup the Stripe tests share: the local fake Stripe API (started before the test
 * app is built against it) and webhook events signed with the SDK's test header helper.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe } from '#server/providers/payments/fake-stripe-server';

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A fresh whsec_ secret per test file. */
export const TEST_WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

/** Starts the fake Stripe API for the file (call it before useTestApp: its beforeAll runs first). */
export function useFakeStripe(): { readonly fake: FakeStripe } {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      if (!fake) throw new Error('The fake Stripe API is not started yet (use it inside a test or useTestApp)');
      return fake;
    },
  };
}

/** A Stripe event about `object`, as Stripe would sign it (`account`: a connected account's event). */
export function signedStripeEvent(
  type: string,
  object: object,
  options: { account?: string; id?: string; secret?: string } = {},
) {
  const id = options.id ?? `evt_${randomBytes(8).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    ...(options.account ? { account: options.account } : {}),
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
  });
  return { id, payload, signature };
}

/** POSTs a (signed) event to a webhook endpoint: /api/webhooks/stripe or /api/webhooks/stripe-connect. */
export function postStripeWebhook(
  app: FastifyInstance,
  event: { payload: string; signature?: string },
  url = '/api/webhooks/stripe',
) {
  return app.inject({
    method: 'POST',
    url,
    payload: event.payload,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
  });
}
