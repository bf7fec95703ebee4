import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../payments/fake-stripe-server';
import { stripePayments } from '../payments/stripe-payments';
import { PayoutProviderError } from './payout-provider';
import { stripePayouts, type StripePayouts } from './stripe-payouts';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let payouts: StripePayouts;

beforeAll(async () => {
  fake = await startFakeStripe();
  payouts = stripePayouts({
    secretKey: 'sk_test_stayhub',
    webhookSecret: WEBHOOK_SECRET,
    api: fake.api,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake?.close();
});

const sent = (path: string, from: number) => fake.requests.slice(from).filter((r) => r.path === path);

async function paidIntent(amountCents: number) {
  const payments = stripePayments({ secretKey: 'sk_test_stayhub', publishableKey: 'pk_test_x', api: fake.api });
  const intent = await payments.createIntent({
    amountCents,
    currency: 'usd',
    bookingId: 'b-1',
    idempotencyKey: randomBytes(8).toString('hex'),
    description: 'stay',
    receiptEmail: 'g@example.com',
  });
  return fake.succeed(intent.id);
}

async function enabledAccount() {
  const account = await payouts.createAccount({
    hostId: `host-${randomBytes(4).toString('hex')}`,
    email: 'host@example.com',
    idempotencyKey: `payout-account:${randomBytes(4).toString('hex')}`,
  });
  fake.connect.completeOnboarding(account.id);
  return account.id;
}

describe('stripe Connect payouts against a local Stripe API', () => {
  it('creates a recipient account whose losses the platform carries, once per idempotency key', async () => {
    const from = fake.requests.length;
    const input = { hostId: 'host-a', email: 'host-a@example.com', idempotencyKey: 'payout-account:host-a' };
    const account = await payouts.createAccount(input);
    const again = await payouts.createAccount(input);
    expect(again.id).toBe(account.id);
    expect(account.status).toBe('pending_verification');
    const [req] = sent('/v1/accounts', from);
    expect(req!.idempotencyKey).toBe('payout-account:host-a');
    expect(req!.params.get('controller[losses][payments]')).toBe('application');
    expect(req!.params.get('controller[stripe_dashboard][type]')).toBe('express');
    expect(req!.params.get('capabilities[transfers][requested]')).toBe('true');
    expect(req!.params.get('tos_acceptance[service_agreement]')).toBe('recipient');
    expect(req!.params.get('metadata[hostId]')).toBe('host-a');
  });

  it('onboards through an Account Link, then reports enabled and opens the Express dashboard', async () => {
    const account = await payouts.createAccount({ hostId: 'h-b', email: 'b@example.com', idempotencyKey: 'k-b' });
    const from = fake.requests.length;
    const link = await payouts.onboardingLink(account.id, {
      returnUrl: 'https://stayhub.test/dashboard/payouts?onboarding=done',
      refreshUrl: 'https://stayhub.test/dashboard/payouts?onboarding=again',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const [req] = sent('/v1/account_links', from);
    expect(req!.params.get('type')).toBe('account_onboarding');
    expect(req!.params.get('account')).toBe(account.id);
    expect(req!.params.get('return_url')).toBe('https://stayhub.test/dashboard/payouts?onboarding=done');

    await expect(payouts.dashboardLink(account.id)).rejects.toBeInstanceOf(PayoutProviderError);
    fake.connect.completeOnboarding(account.id);
    expect(await payouts.retrieveAccount(account.id)).toEqual({ id: account.id, status: 'enabled' });
    expect((await payouts.dashboardLink(account.id)).url).toContain(account.id);
  });

  it('transfers from the charge (source_transaction) with the booking as transfer group; the key answers the same transfer', async () => {
    const accountId = await enabledAccount();
    const intent = await paidIntent(20_000);
    const input = {
      accountId,
      amountCents: 17_000,
      currency: 'usd',
      transferGroup: 'booking-1',
      sourcePaymentIntentId: intent.id,
      idempotencyKey: 'payout:p-1',
      metadata: { payoutId: 'p-1' },
    };
    const from = fake.requests.length;
    const first = await payouts.transfer(input);
    const second = await payouts.transfer(input);
    expect(second.id).toBe(first.id);
    expect(fake.connect.transfers.size).toBeGreaterThanOrEqual(1);
    const reqs = sent('/v1/transfers', from);
    expect(reqs.map((r) => r.idempotencyKey)).toEqual(['payout:p-1', 'payout:p-1']);
    expect(reqs[0]!.params.get('source_transaction')).toBe(intent.latest_charge);
    expect(reqs[0]!.params.get('transfer_group')).toBe('booking-1');
    expect(reqs[0]!.params.get('destination')).toBe(accountId);
    expect(fake.connect.transfers.get(first.id)).toMatchObject({ amount: 17_000, destination: accountId });
  });

  it('a refused transfer is a definite PayoutProviderError; a reversal takes the money back with its key', async () => {
    const accountId = await enabledAccount();
    fake.connect.failTransfersTo(accountId);
    const input = {
      accountId,
      amountCents: 500,
      currency: 'usd',
      transferGroup: 'g',
      idempotencyKey: 'k-f',
      metadata: {},
    };
    const refused = await payouts.transfer(input).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PayoutProviderError);
    expect(refused).toMatchObject({ code: 'account_closed', definite: true });

    fake.connect.failTransfersTo(accountId, false);
    const ok = await payouts.transfer({ ...input, idempotencyKey: 'k-ok' });
    const from = fake.requests.length;
    await payouts.reverseTransfer({
      transferId: ok.id,
      amountCents: 500,
      idempotencyKey: 'transfer-reversal:p-2',
      metadata: { payoutId: 'p-2', reason: 'refund', ledgerEntryId: '7' },
    });
    expect(sent(`/v1/transfers/${ok.id}/reversals`, from)[0]!.idempotencyKey).toBe('transfer-reversal:p-2');
    expect(fake.connect.transfers.get(ok.id)).toMatchObject({ reversed: true, amount_reversed: 500 });
    // The reason goes with the reversal (read back from transfer.reversed).
    expect(fake.connect.reversals.at(-1)!.metadata).toEqual({ payoutId: 'p-2', reason: 'refund', ledgerEntryId: '7' });
  });

  it('an unreachable API is not definite (the caller asks again with the same key)', async () => {
    const down = stripePayouts({
      secretKey: 'sk_test_x',
      api: { host: '127.0.0.1', port: 1, protocol: 'http' },
      maxNetworkRetries: 0,
    });
    const err = await down
      .transfer({
        accountId: 'acct_x',
        amountCents: 1,
        currency: 'usd',
        transferGroup: 'g',
        idempotencyKey: 'k',
        metadata: {},
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'PayoutProviderError', definite: false });
  });

  it('verifies webhook signatures made with the SDK test helper and refuses others', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      account: 'acct_1',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'acct_1', object: 'account' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(payouts.verifyWebhook(payload, signature)).toMatchObject({
      id: 'evt_1',
      type: 'account.updated',
      account: 'acct_1',
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => payouts.verifyWebhook(payload, forged)).toThrow(/signature/);
  });
});
