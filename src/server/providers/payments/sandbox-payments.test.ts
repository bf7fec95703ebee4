import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#server/test/test-app';
import { intentRow } from '#server/test/booking-test-helpers';
import { sandboxPayments } from './sandbox-payments';

const t = useTestApp();
const provider = () => sandboxPayments({ db: t.db, clock: t.clock });
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const billing = { name: 'Test Guest', email: 'guest@example.test' };

async function authorised(amountCents = 10_000, number = card.number) {
  const payments = provider();
  const bookingId = randomUUID();
  const created = await payments.createIntent({
    amountCents,
    currency: 'usd',
    bookingId,
    idempotencyKey: bookingId,
    description: 'A request',
    receiptEmail: billing.email,
    captureMethod: 'manual',
  });
  const paid = await payments.confirmCard(created.clientSecret, { ...card, number }, billing);
  expect(paid).toMatchObject({ ok: true, intent: { status: 'requires_capture', amountReceivedCents: 0 } });
  return { payments, id: created.id, clientSecret: created.clientSecret };
}

describe('sandbox provider: manual capture', () => {
  it('an automatic intent is charged when paid (the default)', async () => {
    const payments = provider();
    const bookingId = randomUUID();
    const created = await payments.createIntent({
      amountCents: 5_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: bookingId,
      description: 'A stay',
      receiptEmail: billing.email,
    });
    const paid = await payments.confirmCard(created.clientSecret, card, billing);
    expect(paid).toMatchObject({
      ok: true,
      intent: { status: 'succeeded', captureMethod: 'automatic', amountReceivedCents: 5_000 },
    });
  });

  it('paying a manual intent only authorises it; a second confirmation answers the same', async () => {
    const { payments, id, clientSecret } = await authorised();
    expect(await payments.retrieveIntent(id)).toMatchObject({ status: 'requires_capture', captureMethod: 'manual' });
    expect(await payments.confirmCard(clientSecret, card, billing)).toMatchObject({
      ok: true,
      intent: { status: 'requires_capture' },
    });
    expect((await intentRow(t.db, id)).authorizedAt).toEqual(t.clock.now());
  });

  it('captures in full once; the same key answers the same capture, another key is refused', async () => {
    const { payments, id } = await authorised(12_345);
    const captured = await payments.captureIntent(id, `capture-${id}`);
    expect(captured).toMatchObject({ status: 'succeeded', amountReceivedCents: 12_345 });
    expect(await payments.captureIntent(id, `capture-${id}`)).toMatchObject({ status: 'succeeded' });
    await expect(payments.captureIntent(id, 'another-key')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // Captured: cancelling no longer releases anything.
    expect(await payments.cancelIntent(id)).toMatchObject({ status: 'succeeded' });
  });

  it('captures part of an authorisation (the rest is released) and refunds at most what was captured', async () => {
    const { payments, id } = await authorised(10_000);
    await expect(payments.captureIntent(id, 'too-much', 10_001)).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await payments.captureIntent(id, 'part', 2_500)).toMatchObject({
      status: 'succeeded',
      amountCents: 10_000,
      amountReceivedCents: 2_500,
    });
    await expect(payments.refund(id, 'refund-too-much', 3_000)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(await payments.refund(id, 'refund-part', 2_500)).toMatchObject({ id: expect.stringMatching(/^re_sbx_/) });
  });

  it('cancelling an authorised intent releases it: nothing is charged and it can no longer be captured', async () => {
    const { payments, id, clientSecret } = await authorised();
    expect(await payments.cancelIntent(id)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    await expect(payments.captureIntent(id, `capture-${id}`)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(await payments.confirmCard(clientSecret, card, billing)).toMatchObject({
      ok: false,
      code: 'payment_intent_unexpected_state',
    });
  });

  it('an intent that was never paid cannot be captured', async () => {
    const payments = provider();
    const bookingId = randomUUID();
    const created = await payments.createIntent({
      amountCents: 5_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: bookingId,
      description: 'A request',
      receiptEmail: billing.email,
      captureMethod: 'manual',
    });
    await expect(payments.captureIntent(created.id, 'k')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // The same idempotency key with another capture method is another request.
    await expect(
      payments.createIntent({
        amountCents: 5_000,
        currency: 'usd',
        bookingId,
        idempotencyKey: bookingId,
        description: 'A request',
        receiptEmail: billing.email,
      }),
    ).rejects.toMatchObject({ code: 'idempotency_error' });
  });
});

describe('sandbox provider: off-session authorisation on a saved card', () => {
  const offSession = (savedWith: string, key: string) =>
    provider().authorizeOffSession({
      savedWith,
      amountCents: 7_500,
      currency: 'usd',
      bookingId: 'b-deposit',
      idempotencyKey: key,
      description: 'Security deposit',
    });

  it('holds the amount with the card that paid the earlier intent; the same key answers the same intent', async () => {
    const { id } = await authorised();
    const key = `deposit:${randomUUID()}`;
    const first = await offSession(id, key);
    expect(first).toMatchObject({
      ok: true,
      intent: { status: 'requires_capture', amountCents: 7_500, captureMethod: 'manual' },
    });
    const again = await offSession(id, key);
    expect(again.ok && again.intent.id).toBe(first.ok && first.intent.id);
    expect((await intentRow(t.db, first.ok ? first.intent.id : '')).cardLast4).toBe('4242');
  });

  it('an intent no card paid has no card saved', async () => {
    const bookingId = randomUUID();
    const unpaid = await provider().createIntent({
      amountCents: 1_000,
      currency: 'usd',
      bookingId,
      idempotencyKey: bookingId,
      description: 'A stay',
      receiptEmail: billing.email,
    });
    expect(await offSession(unpaid.id, `deposit:${bookingId}`)).toMatchObject({ ok: false, code: 'no_saved_card' });
  });

  it('the test card 4000 0000 0000 0341 pays on the spot but declines off-session, leaving the new intent unpaid', async () => {
    const { id } = await authorised(10_000, '4000 0000 0000 0341');
    const declined = await offSession(id, `deposit:${randomUUID()}`);
    expect(declined).toMatchObject({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
    const intentId = declined.ok ? '' : declined.intentId!;
    expect(await provider().retrieveIntent(intentId)).toMatchObject({
      status: 'requires_payment_method',
      captureMethod: 'manual',
      lastError: { code: 'card_declined' },
    });
  });
});
