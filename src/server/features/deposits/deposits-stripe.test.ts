/**
 * The security deposit on Stripe (ADR 0051), end to end through the API against the local fake
 * Stripe API, with mails read from a real SMTP inbox: the stay's card saved on a Customer, the
 * deposit pending until max(confirmation, release_at − 6 days), authorised off-session with manual
 * capture, released (both sides mailed) or, when the card cannot hold it, recorded as not held
 * (both sides mailed). The test clock starts at 2026-11-21T10:00Z; homes are in UTC with check-out
 * at 11:00 and DEPOSIT_RELEASE_DAYS is 3.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { depositListSchema } from '#shared/schemas/deposits';
import { securityDeposits } from '#server/db/schema';
import { startFakeStripe } from '#server/providers/payments/fake-stripe-server';
import { stripePayments, type StripePayments } from '#server/providers/payments/stripe-payments';
import { bookingRow, confirmBookingCall, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { useSmtpInbox } from '#server/test/smtp-inbox';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { releaseDueDeposits } from './deposits-release';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
// Before useTestApp's own beforeAll: the app is built against the fake API.
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});

const inbox = useSmtpInbox();
let stripe: StripePayments;
const t = useTestApp(() => {
  stripe = stripePayments({ secretKey: 'sk_test_stayhub', publishableKey: 'pk_test_stayhub', api: fake.api });
  return { payments: stripe, mail: inbox.provider(), deposits: { releaseDays: 3 } };
});
const depositPass = () =>
  releaseDueDeposits({
    db: t.db,
    clock: t.clock,
    payments: stripe,
    mail: t.app.mailQueue,
    deposits: { releaseDays: 3 },
  });

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});
// A fresh guest for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  guest = await signInAs(t.app, 'guest');
});
afterEach(() => t.clock.set(TEST_NOW));

async function depositRow(bookingId: string) {
  const [row] = await t.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, bookingId));
  return row;
}

let homes = 0;
/** Holds the stay at a fresh home with a $250 deposit and pays it at Stripe (the browser's part); not confirmed yet. */
async function paidHold(checkIn: string, checkOut: string) {
  const title = `Deposit cabin ${++homes}`;
  const home = await insertHome(t.db, {
    availableFrom: '2026-11-21',
    availableTo: '2027-03-01',
    hostId: host.user.id,
    hostEmail: host.user.email,
    securityDepositCents: 25_000,
    title,
  });
  const res = await createHold(t.app, guest, { homeId: home.id, checkIn, checkOut, guests: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const held = res.json() as { bookingId: string; paymentIntentId: string };
  const paid = fake.succeed(held.paymentIntentId);
  return { ...held, title, paymentMethod: paid.payment_method!, customer: paid.customer! };
}

async function confirm(held: { bookingId: string; paymentIntentId: string }) {
  const res = await confirmBookingCall(t.app, guest, {
    bookingId: held.bookingId,
    paymentIntentId: held.paymentIntentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.mailQueue.drained();
}

const depositCalls = (bookingId: string) =>
  fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `deposit:${bookingId}`);

describe('the deposit on Stripe', () => {
  it('saves the stay’s card on a Customer, waits as pending, then authorises off-session with manual capture when due', async () => {
    // Check-out 2026-12-23: released 2026-12-26 11:00, so authorised from 2026-12-20 11:00.
    const held = await paidHold('2026-12-20', '2026-12-23');
    const customerCall = fake.requests.find(
      (r) => r.path === '/v1/customers' && r.idempotencyKey === `customer:${held.bookingId}`,
    );
    expect(customerCall?.params.get('email')).toBe(guest.user.email);
    const stayCall = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === held.bookingId,
    )!;
    expect(stayCall.params.get('customer')).toBe(held.customer);
    expect(stayCall.params.get('setup_future_usage')).toBe('off_session');

    await confirm(held);
    expect(await depositRow(held.bookingId)).toMatchObject({
      status: 'pending',
      amountCents: 25_000,
      paymentIntentId: null,
      authorizeAt: new Date('2026-12-20T11:00:00.000Z'),
      releaseAt: new Date('2026-12-26T11:00:00.000Z'),
    });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${held.bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(receipt.json().depositStatus).toBe('pending');
    const mine = depositListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/deposits', headers: guest.headers })).json(),
    ).deposits;
    expect(mine.find((d) => d.bookingId === held.bookingId)?.status).toBe('pending');

    // Not due yet: nothing asked of Stripe.
    t.clock.set('2026-12-20T10:59:00.000Z');
    await depositPass();
    expect(depositCalls(held.bookingId)).toHaveLength(0);

    t.clock.set('2026-12-20T11:00:00.000Z');
    expect(await depositPass()).toMatchObject({ authorised: 1, notHeld: 0 });
    const calls = depositCalls(held.bookingId);
    expect(calls).toHaveLength(1);
    expect(
      Object.fromEntries(
        ['amount', 'capture_method', 'payment_method', 'customer', 'off_session', 'confirm'].map((k) => [
          k,
          calls[0]!.params.get(k),
        ]),
      ),
    ).toEqual({
      amount: '25000',
      capture_method: 'manual',
      payment_method: held.paymentMethod,
      customer: held.customer,
      off_session: 'true',
      confirm: 'true',
    });
    const row = await depositRow(held.bookingId);
    expect(row).toMatchObject({ status: 'held' });
    expect(fake.intents.get(row!.paymentIntentId!)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 25_000,
    });
    // The stay's own intent was charged once, apart.
    expect(fake.intents.get(held.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: expect.any(Number),
    });

    // A second pass asks nothing more.
    await depositPass();
    expect(depositCalls(held.bookingId)).toHaveLength(1);
  });

  it('authorises at confirmation when the stay is close; released after check-out + 3 days, guest and host mailed', async () => {
    // Check-out 2026-11-23: released 2026-11-26 11:00, less than 6 days away.
    const held = await paidHold('2026-11-22', '2026-11-23');
    await confirm(held);
    const row = await depositRow(held.bookingId);
    expect(row).toMatchObject({ status: 'held', releaseAt: new Date('2026-11-26T11:00:00.000Z') });
    expect(fake.intents.get(row!.paymentIntentId!)?.status).toBe('requires_capture');

    t.clock.set('2026-11-26T11:00:00.000Z');
    const before = inbox.received.length;
    expect(await depositPass()).toMatchObject({ released: 1 });
    expect(fake.intents.get(row!.paymentIntentId!)?.status).toBe('canceled');
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'released' });
    await t.app.mailQueue.drained();
    const mails = inbox.received.slice(before).filter((m) => m.text.includes(held.bookingId));
    expect(mails.map((m) => [m.to, m.subject])).toEqual(
      expect.arrayContaining([
        [[guest.user.email], 'Your security deposit is released'],
        [[host.user.email], 'Security deposit released'],
      ]),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('$250.00');
    expect(mails[0]!.text).toContain(held.title);

    // Released once: a later pass mails nobody again.
    await depositPass();
    await t.app.mailQueue.drained();
    expect(inbox.received.slice(before).filter((m) => m.text.includes(held.bookingId))).toHaveLength(2);
  });

  it('a card that cannot hold the deposit off-session leaves the stay paid; tried again, then recorded and both are told', async () => {
    const held = await paidHold('2026-11-22', '2026-11-23');
    fake.failOffSession(held.paymentMethod, 'authentication_required');
    const before = inbox.received.length;
    await confirm(held);

    expect((await bookingRow(t.db, held.bookingId)).status).toBe('confirmed');
    // Declined at confirmation: tried again a day later, twice (ADR 0051), each with its own key.
    expect(await depositRow(held.bookingId)).toMatchObject({
      status: 'pending',
      authorizeTries: 1,
      failureCode: 'authentication_required',
    });
    t.clock.set('2026-11-22T10:00:00.000Z');
    await depositPass();
    t.clock.set('2026-11-23T10:00:00.000Z');
    await depositPass();
    await t.app.mailQueue.drained();
    expect(fake.requests.filter((r) => r.idempotencyKey?.startsWith(`deposit:${held.bookingId}:try-`))).toHaveLength(2);
    const row = await depositRow(held.bookingId);
    expect(row).toMatchObject({ status: 'failed', failureCode: 'authentication_required' });
    expect(fake.intents.get(row!.paymentIntentId!)).toMatchObject({
      status: 'requires_payment_method',
      capture_method: 'manual',
    });
    const mails = inbox.received.slice(before).filter((m) => m.subject.includes('deposit'));
    expect(mails.map((m) => [m.to, m.subject])).toEqual(
      expect.arrayContaining([
        [[guest.user.email], 'Your card could not hold the security deposit: we will try again'],
        [[guest.user.email], 'No security deposit is held for your stay'],
        [[host.user.email], 'No security deposit could be held for a stay at your home'],
      ]),
    );
    expect(mails.find((m) => m.to.includes(host.user.email))!.text).toContain('message a StayHub admin');

    // The booking says so: no "held, not charged" for it.
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${held.bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(receipt.json()).toMatchObject({ depositStatus: 'failed', breakdown: { depositCents: 25_000 } });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(guest.user.email)}`,
      headers: guest.headers,
    });
    expect(
      (listed.json() as { _id: string; depositStatus: string }[]).find((b) => b._id === held.bookingId),
    ).toMatchObject({
      depositStatus: 'failed',
    });

    // No fourth try; no damage claim against a deposit that is not held.
    await depositPass();
    expect(depositCalls(held.bookingId)).toHaveLength(1);
    t.clock.set('2026-11-23T15:00:00.000Z');
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${held.bookingId}/damage-claim`,
      headers: host.headers,
      payload: { amount: 50, reason: 'A broken lamp' },
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error.code).toBe('deposit_not_held');
  });

  it('a pending deposit of a stay cancelled before it is due is never authorised', async () => {
    const held = await paidHold('2027-01-10', '2027-01-12');
    await confirm(held);
    expect((await depositRow(held.bookingId))?.status).toBe('pending');
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${held.bookingId}`,
      headers: guest.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    t.clock.set('2027-01-10T12:00:00.000Z');
    await depositPass();
    expect(depositCalls(held.bookingId)).toHaveLength(0);
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'released', paymentIntentId: null });
  });
});
