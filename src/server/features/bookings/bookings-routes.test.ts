import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingListSchema } from '#shared/schemas/bookings';
import { paymentIntentResponseSchema } from '#shared/schemas/payments';
import { bookings, homes, paymentIntents } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { PaymentProviderError, type PaymentProvider } from '#server/providers/payments/payment-provider';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import {
  VISA_OK,
  bookStay,
  bookingRow,
  confirmBookingCall,
  createHold,
  intentRow,
  payCard,
} from './booking-test-helpers';
import { ALREADY_REFUNDED, confirmBooking, sweepOnce, type BookingDeps } from './bookings-service';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;
const deps = (): BookingDeps => ({
  db: t.db,
  clock: t.clock,
  payments: sandboxPayments({ db: t.db, clock: t.clock }),
  mail: t.mail,
});
const MIN = 60_000;

let guest: SignedIn, other: SignedIn, admin: SignedIn, host: SignedIn;
beforeAll(async () => {
  [admin, host] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'host')]);
});
// Fresh guests for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  [guest, other] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest')]);
});

const newHome = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostEmail: host.user.email, hostId: host.user.id, priceCents: 12_550, ...overrides });

describe('POST /api/payment-intent', () => {
  it('401 when not signed in', async () => {
    const home = await newHome();
    const res = await createHold(t.app, null, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 1,
    });
    expect(res.statusCode).toBe(401);
  });

  it('places a 15-minute hold priced on the server and creates the intent for it', async () => {
    const home = await newHome({ title: 'Sea view loft', location: 'Porto, Portugal' });
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 2,
      price: 376.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = paymentIntentResponseSchema.parse(res.json());
    expect(body).toMatchObject({ amount: 376.5, nights: 3, provider: 'sandbox' });
    expect(body.clientSecret).toMatch(/^pi_sbx_\w+_secret_\w+$/);
    expect(body.holdExpiresAt).toBe(new Date(t.clock.now().getTime() + 15 * MIN).toISOString());

    const row = await bookingRow(t.db, body.bookingId);
    expect(row).toMatchObject({
      status: 'held',
      homeId: home.id,
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      hostEmail: host.user.email,
      title: 'Sea view loft',
      location: 'Porto, Portugal',
      image: home.images[0],
      nightlyCents: 12_550,
      nights: 3,
      amountCents: 37_650,
      guests: 2,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      paymentProvider: 'sandbox',
      paymentIntentId: body.paymentIntentId,
    });
    const intent = await intentRow(t.db, body.paymentIntentId);
    expect(intent).toMatchObject({
      amountCents: 37_650,
      currency: 'usd',
      bookingId: body.bookingId,
      idempotencyKey: body.bookingId,
      status: 'requires_payment_method',
      receiptEmail: guest.user.email,
    });
  });

  it('409 price_changed when the shown price differs from the server total; no hold is placed', async () => {
    const home = await newHome();
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
      price: 35,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('price_changed');
    expect(res.json().error.message).toContain('$251.00');
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, home.id))).toHaveLength(0);
  });

  it('404 for an unknown or malformed home id', async () => {
    for (const homeId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await createHold(t.app, guest, { homeId, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 });
      expect(res.statusCode, homeId).toBe(404);
    }
  });

  it.each([
    ['before the window', { checkIn: '2026-11-29', checkOut: '2026-12-02' }, 'dates_outside_window'],
    ['after the window', { checkIn: '2027-02-27', checkOut: '2027-03-02' }, 'dates_outside_window'],
    ['check-out before check-in', { checkIn: '2026-12-12', checkOut: '2026-12-10' }, 'invalid_request'],
    ['zero nights', { checkIn: '2026-12-12', checkOut: '2026-12-12' }, 'invalid_request'],
    ['not a calendar date', { checkIn: '2026-02-30', checkOut: '2026-12-12' }, 'invalid_request'],
    ['more guests than the home takes', { guests: 5 }, 'too_many_guests'],
    ['no guests', { guests: 0 }, 'invalid_request'],
    ['fractional guests', { guests: 1.5 }, 'invalid_request'],
    ['an unknown field', { coupon: 'FREE' }, 'invalid_request'],
    ['a missing field', { checkOut: undefined }, 'invalid_request'],
  ])('400 for %s', async (_name, patch, code) => {
    const home = await newHome({ totalGuest: 4 });
    const body = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 2, ...patch };
    const res = await createHold(t.app, guest, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it('400 dates_in_past for a check-in that has passed everywhere', async () => {
    const home = await newHome({ availableFrom: '2026-11-01' });
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-11-10',
      checkOut: '2026-11-25',
      guests: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('dates_in_past');
  });

  it('403 when a host tries to book their own home', async () => {
    const home = await newHome();
    const res = await createHold(t.app, host, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
    });
    expect(res.statusCode).toBe(403);
  });

  it('409 dates_unavailable for overlapping dates; a stay starting on the check-out day is fine', async () => {
    const home = await newHome();
    expect(
      (await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 }))
        .statusCode,
    ).toBe(200);
    const clash = await createHold(t.app, other, {
      homeId: home.id,
      checkIn: '2026-12-12',
      checkOut: '2026-12-15',
      guests: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('dates_unavailable');
    const next = await createHold(t.app, other, {
      homeId: home.id,
      checkIn: '2026-12-13',
      checkOut: '2026-12-15',
      guests: 1,
    });
    expect(next.statusCode).toBe(200);
  });

  it('answers the same hold and intent when the guest reloads the checkout', async () => {
    const home = await newHome();
    const body = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 2 };
    const first = (await createHold(t.app, guest, body)).json();
    const again = (await createHold(t.app, guest, body)).json();
    expect(again).toEqual(first);
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, home.id))).toHaveLength(1);
    expect(await t.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, first.bookingId))).toHaveLength(
      1,
    );
  });

  it("replaces the guest's own overlapping hold when they pick other dates (its intent can no longer be paid)", async () => {
    const home = await newHome();
    const first = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    const second = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-11',
      checkOut: '2026-12-14',
      guests: 1,
    });
    expect(second.statusCode).toBe(200);
    expect((await bookingRow(t.db, first.bookingId)).status).toBe('cancelled');
    expect((await intentRow(t.db, first.paymentIntentId)).status).toBe('canceled');
    const late = await payCard(t.app, guest, first.clientSecret);
    expect(late.statusCode).toBe(409);
  });

  it('gives the hold up when the provider cannot create the intent (502), so the dates stay free', async () => {
    const home = await newHome();
    const failing: PaymentProvider = {
      ...sandboxPayments({ db: t.db, clock: t.clock }),
      createIntent: async () => {
        throw new PaymentProviderError('down');
      },
    };
    const { buildApp } = await import('#server/app');
    const app2 = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: failing,
    });
    try {
      const res = await createHold(app2, guest, {
        homeId: home.id,
        checkIn: '2026-12-10',
        checkOut: '2026-12-13',
        guests: 1,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('payment_unavailable');
    } finally {
      await app2.close();
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
    expect(row!.status).toBe('cancelled');
    expect(
      (await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/payment-intent: at most 2 live holds per guest', () => {
  const stayAt = (homeId: string, checkIn = '2026-12-10', checkOut = '2026-12-13') => ({
    homeId,
    checkIn,
    checkOut,
    guests: 1,
  });

  it('a third hold on another home answers 429 too_many_holds and places nothing; reopening a checkout or picking other dates still works', async () => {
    const [a, b, c] = await Promise.all([newHome(), newHome(), newHome()]);
    const first = await createHold(t.app, guest, stayAt(a.id));
    expect(first.statusCode, first.body).toBe(200);
    expect((await createHold(t.app, guest, stayAt(b.id))).statusCode).toBe(200);

    const third = await createHold(t.app, guest, stayAt(c.id));
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json().error.code).toBe('too_many_holds');
    expect(third.json().error.message).toMatch(/Finish or cancel one of them first/);
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, c.id))).toHaveLength(0);

    // Reopening the checkout of a held stay answers the same hold: it is not counted twice.
    const again = await createHold(t.app, guest, stayAt(a.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().bookingId).toBe(first.json().bookingId);
    // Other dates for a held home replace that hold instead of adding one.
    const moved = await createHold(t.app, guest, stayAt(a.id, '2026-12-11', '2026-12-14'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bookingRow(t.db, first.json().bookingId)).status).toBe('cancelled');
    expect((await createHold(t.app, guest, stayAt(c.id))).statusCode).toBe(429);

    // Other guests are not limited by this guest's holds.
    expect((await createHold(t.app, other, stayAt(c.id))).statusCode).toBe(200);
  });

  it('a hold past its time, a cancelled hold and a confirmed booking no longer count', async () => {
    const [a, b, c, d, e] = await Promise.all([newHome(), newHome(), newHome(), newHome(), newHome()]);
    const stale = (await createHold(t.app, guest, stayAt(a.id))).json();
    await createHold(t.app, guest, stayAt(b.id));
    expect((await createHold(t.app, guest, stayAt(c.id))).statusCode).toBe(429);

    t.clock.advance(15 * MIN);
    try {
      // Both holds are past their time (still `held` until the sweeper passes).
      expect((await bookingRow(t.db, stale.bookingId)).status).toBe('held');
      expect((await createHold(t.app, guest, stayAt(c.id))).statusCode).toBe(200);
      const held = (await createHold(t.app, guest, stayAt(d.id))).json();
      expect((await createHold(t.app, guest, stayAt(e.id))).statusCode).toBe(429);

      await t.app.inject({ method: 'DELETE', url: `/api/bookings/${held.bookingId}`, headers: guest.headers });
      const paid = await createHold(t.app, guest, stayAt(e.id));
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await createHold(t.app, guest, stayAt(a.id, '2026-12-20', '2026-12-22'))).statusCode).toBe(429);

      await payCard(t.app, guest, paid.json().clientSecret);
      const booked = await confirmBookingCall(t.app, guest, {
        bookingId: paid.json().bookingId,
        paymentIntentId: paid.json().paymentIntentId,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      expect((await createHold(t.app, guest, stayAt(a.id, '2026-12-20', '2026-12-22'))).statusCode).toBe(200);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });
});

describe('POST /api/payment-intent: totals a card payment cannot take', () => {
  it('400 amount_too_large above $999,999.99 (not a 500 from the amount column); exactly $999,999.99 is fine', async () => {
    const pricey = await newHome({ priceCents: 100_000_000 });
    for (const checkOut of ['2026-12-11', '2026-12-31']) {
      const res = await createHold(t.app, guest, { homeId: pricey.id, checkIn: '2026-12-10', checkOut, guests: 1 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('amount_too_large');
      expect(res.json().error.message).toContain('$999999.99');
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, pricey.id))).toHaveLength(0);

    const limit = await newHome({ priceCents: 33_333_333 });
    const ok = await createHold(t.app, guest, {
      homeId: limit.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().amount).toBe(999_999.99);
  });
});

describe('POST /api/payments/sandbox/confirm', () => {
  let secret: string, intentId: string, bookingId: string, payer: SignedIn;
  beforeAll(async () => {
    payer = await signInAs(t.app, 'guest');
    const home = await newHome();
    const held = (
      await createHold(t.app, payer, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    secret = held.clientSecret;
    intentId = held.paymentIntentId;
    bookingId = held.bookingId;
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', {}, 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', {}, 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', {}, 'invalid_number', 'Your card number is invalid.'],
    ['4242', {}, 'invalid_number', 'Your card number is invalid.'],
    ['4111 1111 1111 1111', {}, 'card_not_supported', 'Your card is not supported in test mode. Use a test card.'],
    [VISA_OK, { expMonth: 10, expYear: 2026 }, 'invalid_expiry_year', "Your card's expiration year is in the past."],
    [VISA_OK, { expMonth: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [VISA_OK, { cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
    [VISA_OK, { cvc: 'abc' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('402 for %s %j', async (number, extra, code, message) => {
    const res = await payCard(t.app, payer, secret, { number, ...extra });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code, message } });
    expect((await intentRow(t.db, intentId)).status).toBe('requires_payment_method');
  });

  it('401 anonymous, 403 for another user, 404 for an unknown secret', async () => {
    expect((await payCard(t.app, null, secret)).statusCode).toBe(401);
    expect((await payCard(t.app, other, secret)).statusCode).toBe(403);
    expect((await payCard(t.app, payer, 'pi_sbx_nothing_secret_nothing')).statusCode).toBe(404);
    expect((await intentRow(t.db, intentId)).status).toBe('requires_payment_method');
  });

  it('succeeds with 4242 after a decline, charges once on a repeat, and never stores the card number', async () => {
    const res = await payCard(t.app, payer, secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } });
    const again = await payCard(t.app, payer, secret, { number: '4000 0000 0000 0002' });
    expect(again.json()).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } });

    const row = await intentRow(t.db, intentId);
    expect(row).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242', lastErrorCode: null });
    const stored = JSON.stringify(await t.db.select().from(paymentIntents));
    expect(stored).not.toMatch(/4242424242424242|4242 4242 4242 4242|4000000000000002/);
    // Paying is not booking: the hold waits for POST /api/bookings (or the sweeper).
    expect((await bookingRow(t.db, bookingId)).status).toBe('held');
  });

  it('accepts the published Mastercard and 4-digit-CVC Amex test cards', async () => {
    for (const [number, cvc] of [
      ['5555 5555 5555 4444', '123'],
      ['3782 822463 10005', '1234'],
    ] as const) {
      const home = await newHome();
      const held = (
        await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-11', guests: 1 })
      ).json();
      const res = await payCard(t.app, guest, held.clientSecret, { number, cvc });
      expect(res.statusCode, number).toBe(200);
    }
  });
});

describe('POST /api/bookings', () => {
  it('confirms a paid hold once; a replay answers the same and sends no second mail', async () => {
    const home = await newHome({ title: 'Garden house' });
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-24', guests: 2 })
    ).json();
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    const sentBefore = outbox().length;

    const body = {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      message: 'Arriving late, around 10 pm.',
    };
    const res = await confirmBookingCall(t.app, guest, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: held.bookingId });
    const row = await bookingRow(t.db, held.bookingId);
    expect(row).toMatchObject({ status: 'confirmed', message: 'Arriving late, around 10 pm.' });
    expect(row.confirmedAt).not.toBeNull();

    const mails = outbox().slice(sentBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    expect(mails.find((m) => m.to === guest.user.email)!.subject).toContain('Garden house');
    expect(mails.find((m) => m.to === host.user.email)!.text).toContain('Arriving late');

    for (let i = 0; i < 3; i++) {
      const replay = await confirmBookingCall(t.app, guest, body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ acknowledged: true, insertedId: held.bookingId });
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, home.id))).toHaveLength(1);
    expect(outbox().length).toBe(sentBefore + 2);
  });

  it("accepts the spec's payload fields but keeps the server's values; other fields are refused", async () => {
    const home = await newHome({ title: 'Real title' });
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    const unknown = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      status: 'confirmed',
    });
    expect(unknown.statusCode).toBe(400);
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      message: 'Hi',
      image: 'http://evil/x.png',
      title: 'Free villa',
      location: 'Nowhere',
      from: '2026-01-01',
      to: '2027-12-31',
      price: 1,
      hostEmail: 'me@evil.test',
      guestEmail: 'someone@else.test',
      guestName: 'Mallory',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({
      title: 'Real title',
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      amountCents: 25_100,
      hostEmail: host.user.email,
      guestEmail: guest.user.email,
      message: 'Hi',
    });
  });

  it('402 for an unpaid intent: the hold stays as it is', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret, { number: '4000 0000 0000 0002' });
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'payment_required', message: 'Your card was declined.' });
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it("a forged intent (another paid booking's, or a wrong amount) never confirms", async () => {
    const homeA = await newHome();
    const homeB = await newHome();
    const paid = await bookStay(t.app, guest, { homeId: homeA.id, checkIn: '2026-12-10', checkOut: '2026-12-12' });
    const held = (
      await createHold(t.app, guest, { homeId: homeB.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();

    const reuse = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: paid.paymentIntentId,
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('payment_mismatch');
    const invented = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: 'pi_sbx_invented',
    });
    expect(invented.statusCode).toBe(409);

    // The provider's record says a smaller amount was paid: refused.
    await payCard(t.app, guest, held.clientSecret);
    await t.db.update(paymentIntents).set({ amountCents: 100 }).where(eq(paymentIntents.id, held.paymentIntentId));
    const cheap = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().error.code).toBe('payment_mismatch');
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it('401 anonymous, 403 for another user (even an admin), 404 unknown', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    const body = { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId };
    expect((await confirmBookingCall(t.app, null, body)).statusCode).toBe(401);
    expect((await confirmBookingCall(t.app, other, body)).statusCode).toBe(403);
    expect((await confirmBookingCall(t.app, admin, body)).statusCode).toBe(403);
    expect(
      (await confirmBookingCall(t.app, guest, { ...body, bookingId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it('a mail failure does not undo the booking', async () => {
    const home = await newHome();
    const original = t.mail.send;
    t.mail.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12' });
      expect((await bookingRow(t.db, stay.bookingId)).status).toBe('confirmed');
    } finally {
      t.mail.send = original;
    }
  });
});

describe('hold expiry and the sweeper', () => {
  it("an expired hold frees the dates: the next guest's hold expires it in the same transaction", async () => {
    const home = await newHome();
    const stay = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 };
    const first = (await createHold(t.app, guest, stay)).json();
    expect((await createHold(t.app, other, stay)).statusCode).toBe(409);

    t.clock.advance(15 * MIN);
    try {
      const second = await createHold(t.app, other, stay);
      expect(second.statusCode, second.body).toBe(200);
      expect((await bookingRow(t.db, first.bookingId)).status).toBe('expired');
      // The expired hold's payment can no longer be made, nor its booking confirmed.
      expect((await intentRow(t.db, first.paymentIntentId)).status).toBe('canceled');
      expect((await payCard(t.app, guest, first.clientSecret)).statusCode).toBe(409);
      const late = await confirmBookingCall(t.app, guest, {
        bookingId: first.bookingId,
        paymentIntentId: first.paymentIntentId,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('hold_expired');
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('a stale hold that was paid is confirmed, not expired, when someone else asks for the dates', async () => {
    const home = await newHome();
    const stay = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 };
    const first = (await createHold(t.app, guest, stay)).json();
    await payCard(t.app, guest, first.clientSecret);
    t.clock.advance(16 * MIN);
    try {
      const second = await createHold(t.app, other, stay);
      expect(second.statusCode).toBe(409);
      expect((await bookingRow(t.db, first.bookingId)).status).toBe('confirmed');
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('the guest is told when the hold ended before the payment came, and the payment is refunded', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    // The hold was given up (e.g. by a race with another process) although the card was charged.
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.bookingId));
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'hold_expired' });
    expect(res.json().error.message).toContain('refunded');
    expect((await intentRow(t.db, held.paymentIntentId)).refundIdempotencyKey).toBe(`refund-${held.bookingId}`);
    expect((await bookingRow(t.db, held.bookingId)).refundId).toMatch(/^re_sbx_/);
  });

  it('sweepOnce expires unpaid holds past their time and confirms paid ones the browser never confirmed', async () => {
    const home = await newHome();
    const unpaid = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    const paid = (
      await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-14', checkOut: '2026-12-16', guests: 1 })
    ).json();
    const fresh = (
      await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-22', guests: 1 })
    ).json();
    await payCard(t.app, other, paid.clientSecret);
    const sentBefore = outbox().length;

    // Within the hold nobody is touched except the paid hold, once it is old enough to be asked about.
    let result = await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
    expect(result).toEqual({ confirmed: 0, expired: 0, refunded: 0 });
    t.clock.advance(2 * MIN);
    try {
      result = await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
      expect(result.confirmed).toBeGreaterThanOrEqual(1);
      expect((await bookingRow(t.db, paid.bookingId)).status).toBe('confirmed');
      // (Paid holds left by earlier tests are confirmed too; this one gets its two mails.)
      expect(
        outbox()
          .slice(sentBefore)
          .filter((m) => m.text.includes(paid.bookingId)),
      ).toHaveLength(2);
      expect((await bookingRow(t.db, unpaid.bookingId)).status).toBe('held');

      t.clock.advance(14 * MIN);
      result = await sweepOnce(deps());
      expect(result.expired).toBeGreaterThanOrEqual(2);
      expect((await bookingRow(t.db, unpaid.bookingId)).status).toBe('expired');
      expect((await bookingRow(t.db, fresh.bookingId)).status).toBe('expired');
      expect((await intentRow(t.db, unpaid.paymentIntentId)).status).toBe('canceled');
      // The freed dates can be held again.
      expect(
        (await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 }))
          .statusCode,
      ).toBe(200);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });
});

describe('a refund the provider made but StayHub never recorded', () => {
  it('a cancelled booking whose charge was already refunded (under another key) is marked refunded, not retried forever', async () => {
    const home = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    await deps().payments.refund(stay.paymentIntentId, 'refunded-elsewhere');
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(bookings.id, stay.bookingId));

    const result = await sweepOnce(deps());
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(t.db, stay.bookingId)).refundId).toBe(ALREADY_REFUNDED);
  });
});

describe('a paid hold whose home was deleted', () => {
  async function paidHoldOfDeletedHome(who: SignedIn) {
    const home = await newHome();
    const held = (
      await createHold(t.app, who, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    expect((await payCard(t.app, who, held.clientSecret)).statusCode).toBe(200);
    // The home goes in between (home_id becomes null), e.g. a delete that raced the payment.
    await t.db.delete(homes).where(eq(homes.id, home.id));
    expect((await bookingRow(t.db, held.bookingId)).homeId).toBeNull();
    return held as { bookingId: string; paymentIntentId: string };
  }

  it('is never confirmed by POST /api/bookings: 409 hold_expired, the payment is refunded and the hold ends', async () => {
    const held = await paidHoldOfDeletedHome(guest);
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('hold_expired');
    expect(res.json().error.message).toContain('refunded');
    const row = await bookingRow(t.db, held.bookingId);
    expect(row).toMatchObject({ status: 'expired', confirmedAt: null });
    expect(row.refundId).toMatch(/^re_sbx_/);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
    // A repeat answers the same and refunds nothing more.
    expect(
      (await confirmBookingCall(t.app, guest, { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId }))
        .statusCode,
    ).toBe(409);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
  });

  it('is never confirmed by the sweeper either: refunded once, then left alone', async () => {
    const held = await paidHoldOfDeletedHome(other);
    t.clock.advance(2 * MIN);
    try {
      await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
      const row = await bookingRow(t.db, held.bookingId);
      expect(row).toMatchObject({ status: 'expired', confirmedAt: null });
      expect(row.refundId).toMatch(/^re_sbx_/);
      t.clock.advance(20 * MIN);
      await sweepOnce(deps());
      expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'expired', refundId: row.refundId });
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });
});

describe('a refund that fails when a paid hold ends without being confirmed', () => {
  /** The sandbox provider with its refunds failing (the provider unreachable) until `up()`; records the keys of refunds made. */
  function flakyDeps() {
    const sandbox = sandboxPayments({ db: t.db, clock: t.clock });
    const refunded: string[] = [];
    let down = true;
    const payments: PaymentProvider = {
      name: sandbox.name,
      createIntent: (input) => sandbox.createIntent(input),
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: (id) => sandbox.cancelIntent(id),
      publicConfig: () => sandbox.publicConfig(),
      async refund(intentId, key) {
        if (down) throw new PaymentProviderError('provider unreachable');
        const refund = await sandbox.refund(intentId, key);
        refunded.push(key);
        return refund;
      },
    };
    return {
      deps: { ...deps(), payments } satisfies BookingDeps,
      refunded,
      up: () => {
        down = false;
      },
    };
  }

  it('an expired paid hold whose refund failed is refunded on the next sweep, once', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    // The home goes while the payment is under way: the sweeper ends the hold and refunds, but the provider is down.
    await t.db.delete(homes).where(eq(homes.id, home.id));
    const { deps: flaky, refunded, up } = flakyDeps();
    const key = `refund-${held.bookingId}`;
    t.clock.advance(2 * MIN);
    try {
      await sweepOnce(flaky, { paidCheckAfterMs: 60_000 });
      expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'expired', confirmedAt: null });
      expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBeNull();

      up();
      const result = await sweepOnce(flaky);
      expect(result.refunded).toBeGreaterThanOrEqual(1);
      expect(refunded.filter((k) => k === key)).toHaveLength(1);
      const row = await bookingRow(t.db, held.bookingId);
      expect(row).toMatchObject({ status: 'expired' });
      expect(row.refundId).toMatch(/^re_sbx_/);
      expect(await intentRow(t.db, held.paymentIntentId)).toMatchObject({
        refundId: row.refundId,
        refundIdempotencyKey: key,
      });

      // Refunded: later sweeps leave it alone.
      t.clock.advance(20 * MIN);
      await sweepOnce(flaky);
      expect(refunded.filter((k) => k === key)).toHaveLength(1);
      expect((await bookingRow(t.db, held.bookingId)).refundId).toBe(row.refundId);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('a payment that arrives after the hold expired, refused by POST /api/bookings, is refunded by the next sweep when its refund failed', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.bookingId));
    const { deps: flaky, refunded, up } = flakyDeps();
    const key = `refund-${held.bookingId}`;
    await expect(
      confirmBooking(
        flaky,
        { id: guest.user.id, email: guest.user.email, role: 'guest' },
        {
          bookingId: held.bookingId,
          paymentIntentId: held.paymentIntentId,
        },
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'hold_expired' });
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBeNull();

    up();
    await sweepOnce(flaky);
    const row = await bookingRow(t.db, held.bookingId);
    expect(row.refundId).toMatch(/^re_sbx_/);
    await sweepOnce(flaky);
    expect(refunded.filter((k) => k === key)).toHaveLength(1);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
  });
});

describe('GET /api/bookings', () => {
  let lister: SignedIn;
  let ids: string[];
  beforeAll(async () => {
    lister = await signInAs(t.app, 'guest');
    const home = await newHome({ title: 'Listed home', priceCents: 9_000 });
    const a = await bookStay(
      t.app,
      lister,
      { homeId: home.id, checkIn: '2026-12-01', checkOut: '2026-12-03', guests: 2 },
      'first',
    );
    const b = await bookStay(t.app, lister, { homeId: home.id, checkIn: '2026-12-05', checkOut: '2026-12-06' });
    const held = (
      await createHold(t.app, lister, { homeId: home.id, checkIn: '2026-12-08', checkOut: '2026-12-09', guests: 1 })
    ).json();
    const gone = await bookStay(t.app, lister, { homeId: home.id, checkIn: '2026-12-11', checkOut: '2026-12-12' });
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${gone.bookingId}`, headers: lister.headers });
    ids = [held.bookingId, b.bookingId, a.bookingId];
  });

  it("lists the guest's own bookings newest first with the spec's fields, holds with their status, without cancelled ones", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(lister.user.email.toUpperCase())}`,
      headers: lister.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = bookingListSchema.parse(res.json());
    expect(list.map((b) => b._id)).toEqual(ids);
    expect(list.map((b) => b.status)).toEqual(['held', 'confirmed', 'confirmed']);
    expect(list[2]).toMatchObject({
      title: 'Listed home',
      price: 90,
      from: '2026-12-01',
      to: '2026-12-03',
      nights: 2,
      total: 180,
      guests: 2,
      guestEmail: lister.user.email,
      hostEmail: host.user.email,
      message: 'first',
      holdExpiresAt: null,
    });
    expect(list[0]!.holdExpiresAt).not.toBeNull();
  });

  it("403 for someone else's email; an admin may read anyone's and all", async () => {
    const url = `/api/bookings?email=${encodeURIComponent(lister.user.email)}`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(bookingListSchema.parse(asAdmin.json()).map((b) => b._id)).toEqual(ids);
    const all = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    const allIds = bookingListSchema.parse(all.json()).map((b) => b._id);
    expect(allIds).toEqual(expect.arrayContaining(ids));
    expect(bookingListSchema.parse(all.json()).every((b) => b.status === 'held' || b.status === 'confirmed')).toBe(
      true,
    );
  });

  it('401 anonymous, 403 for all bookings unless admin, 400 for unknown query fields', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings', headers: lister.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings', headers: host.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings?status=all', headers: admin.headers })).statusCode,
    ).toBe(400);
  });
});

describe('DELETE /api/bookings/:id', () => {
  it('cancels, refunds once through the provider, frees the dates; a second cancel changes nothing', async () => {
    const home = await newHome();
    const stayDates = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' };
    const stay = await bookStay(t.app, guest, stayDates);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${stay.bookingId}`,
      headers: guest.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const row = await bookingRow(t.db, stay.bookingId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    const intent = await intentRow(t.db, stay.paymentIntentId);
    expect(intent.refundId).toBe(row.refundId);
    expect(intent.refundIdempotencyKey).toBe(`refund-${stay.bookingId}`);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${stay.bookingId}`,
      headers: guest.headers,
    });
    expect(again.json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await intentRow(t.db, stay.paymentIntentId)).refundId).toBe(intent.refundId);

    expect((await createHold(t.app, other, { ...stayDates, guests: 1 })).statusCode).toBe(200);
  });

  it('cancelling a hold cancels its payment instead of refunding', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${held.bookingId}`,
      headers: guest.headers,
    });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await intentRow(t.db, held.paymentIntentId)).toMatchObject({ status: 'canceled', refundId: null });
  });

  it("an admin may cancel anyone's booking; others get 403, unknown ids 404, anonymous 401", async () => {
    const home = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const url = `/api/bookings/${stay.bookingId}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: host.headers })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/bookings/00000000-0000-4000-8000-000000000000',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/bookings/nope', headers: admin.headers })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await bookingRow(t.db, stay.bookingId)).refundId).toMatch(/^re_sbx_/);
  });
});

describe('GET /api/payments/config', () => {
  it('tells the client to use the sandbox card form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'sandbox' });
  });
});

describe('GET /api/home/:id/unavailable', () => {
  it('lists live holds and confirmed stays (no guest data), not expired, cancelled or past ones; 404 unknown', async () => {
    const home = await newHome();
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-23' });
    await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-05', checkOut: '2026-12-07', guests: 1 });
    const cancelled = await bookStay(t.app, other, { homeId: home.id, checkIn: '2027-01-05', checkOut: '2027-01-07' });
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled.bookingId}`, headers: other.headers });

    const res = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ranges: [
        { from: '2026-12-05', to: '2026-12-07' },
        { from: '2026-12-20', to: '2026-12-23' },
      ],
    });

    t.clock.advance(16 * MIN);
    try {
      const later = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable` });
      expect(later.json()).toEqual({ ranges: [{ from: '2026-12-20', to: '2026-12-23' }] });
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/home/00000000-0000-4000-8000-000000000000/unavailable' }))
        .statusCode,
    ).toBe(404);
  });
});
