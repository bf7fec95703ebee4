/** Placing holds: POST /api/payment-intent (prices, dates, the live-hold cap, provider failures). */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntentResponseSchema } from '#shared/schemas/payments';
import { bookings, paymentIntents } from '#server/db/schema';
import { PaymentProviderError, type PaymentProvider } from '#server/providers/payments/payment-provider';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import {
  bookStay,
  bookingRow,
  confirmBookingCall,
  createHold,
  intentRow,
  payCard,
} from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const MIN = 60_000;

let host: SignedIn, guest: SignedIn, other: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
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

  it("409 already_booked when the caller's own booking holds exactly this stay (Back after paying); others still get dates_unavailable", async () => {
    const home = await newHome();
    const stay = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' };
    await bookStay(t.app, guest, stay);
    const again = await createHold(t.app, guest, { ...stay, guests: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'already_booked',
      message: 'You already booked this stay: it is in My Bookings.',
    });
    const someoneElse = await createHold(t.app, other, { ...stay, guests: 1 });
    expect(someoneElse.json().error.code).toBe('dates_unavailable');
    // The guest's own booking of other, overlapping dates: taken, not "already booked".
    const overlapping = await createHold(t.app, guest, { ...stay, checkOut: '2026-12-14', guests: 1 });
    expect(overlapping.json().error.code).toBe('dates_unavailable');
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
