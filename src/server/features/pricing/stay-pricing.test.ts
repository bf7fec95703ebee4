/**
 * Prices by date (issue 27, ADR 0049) as a guest and a host observe them: the quote night by night,
 * discounts, extra guests, the hold charging exactly the quote, the stored breakdown everywhere,
 * the database refusing parts that do not sum, and the host's price periods.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, stayQuoteSchema } from '#shared/schemas/bookings';
import { paymentIntentResponseSchema } from '#shared/schemas/payments';
import { pricePeriodListSchema, pricePeriodSchema } from '#shared/schemas/pricing';
import { sqlState } from '#server/db/client';
import { memoryMail, type MailMessage } from '#server/providers/mail/mail';
import { bookStay, createHold, intentRow } from '#server/test/booking-test-helpers';
import { insertBooking, insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const mail = memoryMail();
const t = useTestApp(() => ({ pricing: { serviceFeePercent: 10, taxPercent: 5 }, mail }));

let host: SignedIn;
let otherHost: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  otherHost = await signInAs(t.app, 'host');
  admin = await signInAs(t.app, 'admin');
});

const seasonalHome = () =>
  insertHome(t.db, {
    hostId: host.user.id,
    hostEmail: host.user.email,
    priceCents: 10_000,
    weekendPriceCents: 15_000,
    weeklyDiscountPercent: 10,
    guestsIncluded: 2,
    extraGuestFeeCents: 1_500,
    cleaningFeeCents: 5_000,
    securityDepositCents: 30_000,
    totalGuest: 4,
  });

const quote = (homeId: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/home/${homeId}/quote?${query}` });
const addPeriod = (homeId: string, body: Record<string, unknown>, who: SignedIn = host) =>
  t.app.inject({ method: 'POST', url: `/api/home/${homeId}/price-periods`, headers: who.headers, payload: body });
const patchPeriod = (homeId: string, periodId: string, body: Record<string, unknown>, who: SignedIn = host) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/home/${homeId}/price-periods/${periodId}`,
    headers: who.headers,
    payload: body,
  });
const listPeriods = async (homeId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/home/${homeId}/price-periods`, headers: host.headers });
  expect(res.statusCode).toBe(200);
  return pricePeriodListSchema.parse(res.json()).periods.map((p) => `${p.from}..${p.to}@${p.price}`);
};

async function mailWhere(match: (m: MailMessage) => boolean): Promise<MailMessage> {
  await expect.poll(() => mail.messages.some(match)).toBe(true);
  return mail.messages.find(match)!;
}

describe('the price of a stay, night by night', () => {
  it('prices 9 nights over a weekend with a price period and a weekly discount as specified; the hold charges it', async () => {
    t.clock.set(TEST_NOW);
    const home = await seasonalHome();
    expect((await addPeriod(home.id, { from: '2026-12-12', to: '2026-12-14', price: 200 })).statusCode).toBe(201);

    // Monday 7 to Wednesday 16 December: Friday 11 at the weekend price, Saturday 12 and Sunday 13 in the period.
    const res = await quote(home.id, 'checkIn=2026-12-07&checkOut=2026-12-16&guests=3');
    expect(res.statusCode).toBe(200);
    const { breakdown, bookingMode, cancellationPolicy } = stayQuoteSchema.parse(res.json());
    expect(bookingMode).toBe('instant');
    expect(cancellationPolicy).toBe('flexible');
    expect(breakdown.nightly.map((n) => [n.date, n.kind, n.cents])).toEqual([
      ['2026-12-07', 'base', 10_000],
      ['2026-12-08', 'base', 10_000],
      ['2026-12-09', 'base', 10_000],
      ['2026-12-10', 'base', 10_000],
      ['2026-12-11', 'weekend', 15_000],
      ['2026-12-12', 'period', 20_000],
      ['2026-12-13', 'period', 20_000],
      ['2026-12-14', 'base', 10_000],
      ['2026-12-15', 'base', 10_000],
    ]);
    // $1150 of nights - 10 % + 1 extra guest x $15 x 9 + $50 cleaning = $1220; service 10 % = $122; tax 5 % of $1342 = $67.10.
    expect(breakdown).toMatchObject({
      nights: 9,
      nightlyCents: 12_778,
      subtotalCents: 115_000,
      discounts: [{ kind: 'weekly', percent: 10, cents: 11_500 }],
      guests: 3,
      extraGuests: 1,
      extraGuestFeeCents: 13_500,
      cleaningFeeCents: 5_000,
      serviceFeeCents: 12_200,
      taxCents: 6_710,
      totalCents: 140_910,
      depositCents: 30_000,
    });

    // The hold, the provider's intent, the booking and the receipt carry that breakdown; the deposit is not charged.
    const guest = await signInAs(t.app, 'guest');
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-07',
      checkOut: '2026-12-16',
      guests: 3,
      price: 1409.1,
    });
    expect(held.statusCode).toBe(200);
    const intent = paymentIntentResponseSchema.parse(held.json());
    expect(intent.breakdown).toEqual(breakdown);
    expect((await intentRow(t.db, intent.paymentIntentId)).amountCents).toBe(140_910);

    const stay = await bookStay(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-07',
      checkOut: '2026-12-16',
      guests: 3,
    });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${stay.bookingId}/receipt`,
      headers: guest.headers,
    });
    const booking = bookingSchema.parse(receipt.json());
    expect(booking.breakdown).toEqual(breakdown);
    expect(booking.total).toBe(1409.1);
    expect(booking.price).toBe(127.78);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(guest.user.email)}`,
      headers: guest.headers,
    });
    expect(
      (mine.json() as { _id: string; breakdown: unknown }[]).find((b) => b._id === stay.bookingId)?.breakdown,
    ).toEqual(breakdown);

    const toGuest = await mailWhere((m) => m.to === guest.user.email && m.subject.startsWith('Booking confirmed'));
    expect(toGuest.text).toContain(
      [
        '$100.00 × 6 nights: $600.00',
        '$150.00 × 1 weekend night: $150.00',
        '$200.00 × 2 nights (price period): $400.00',
        'Weekly discount (10%): -$115.00',
        'Extra guests (1 × $15.00 × 9 nights): $135.00',
        'Cleaning fee: $50.00',
        'Service fee: $122.00',
        'VAT: $67.10',
        'Total paid: $1,409.10',
        'Security deposit: $300.00 — held, not charged',
      ].join('\n'),
    );

    // A later period leaves the booking as charged; new quotes take it.
    expect((await addPeriod(home.id, { from: '2026-12-07', to: '2026-12-16', price: 300 })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${stay.bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(bookingSchema.parse(again.json()).breakdown).toEqual(breakdown);
    const later = await quote(home.id, 'checkIn=2026-12-20&checkOut=2026-12-22');
    expect(stayQuoteSchema.parse(later.json()).breakdown.subtotalCents).toBe(20_000);
  });

  it('charges extra guests above the included ones; 1 guest by default; more than total_guest is 400', async () => {
    t.clock.set(TEST_NOW);
    const home = await seasonalHome();
    // Monday to Wednesday: base nights only, no weekly discount.
    const priced = async (guests?: number) => {
      const res = await quote(home.id, `checkIn=2026-12-07&checkOut=2026-12-09${guests ? `&guests=${guests}` : ''}`);
      expect(res.statusCode).toBe(200);
      return stayQuoteSchema.parse(res.json()).breakdown;
    };
    expect(await priced()).toMatchObject({ guests: 1, extraGuests: 0, extraGuestFeeCents: 0 });
    expect(await priced(2)).toMatchObject({ guests: 2, extraGuests: 0, extraGuestFeeCents: 0 });
    const four = await priced(4);
    expect(four).toMatchObject({ guests: 4, extraGuests: 2, extraGuestFeeCents: 6_000 });
    // 20000 + 6000 + 5000 = 31000; service 3100; tax 5 % of 34100 = 1705.
    expect(four.totalCents).toBe(35_805);

    const tooMany = await quote(home.id, 'checkIn=2026-12-07&checkOut=2026-12-09&guests=5');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('too_many_guests');
    expect((await quote(home.id, 'checkIn=2026-12-07&checkOut=2026-12-09&guests=0')).statusCode).toBe(400);

    // The hold prices the guests it carries.
    const guest = await signInAs(t.app, 'guest');
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-07',
      checkOut: '2026-12-09',
      guests: 4,
    });
    expect(held.statusCode).toBe(200);
    expect(paymentIntentResponseSchema.parse(held.json()).amount).toBe(358.05);
  });

  it('refuses a stay longer than a booking may be before pricing its nights one by one', async () => {
    const home = await seasonalHome();
    const started = Date.now();
    const res = await quote(home.id, 'checkIn=2026-12-01&checkOut=9999-12-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('stay_too_long');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives the last-minute discount close to check-in and the early-bird one far ahead, as of the booking day', async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 10_000,
      lastMinuteDiscountPercent: 20,
      lastMinuteDays: 7,
      earlyBirdDiscountPercent: 10,
      earlyBirdDays: 30,
    });
    const discounts = async () =>
      stayQuoteSchema.parse((await quote(home.id, 'checkIn=2026-12-24&checkOut=2026-12-26')).json()).breakdown
        .discounts;

    t.clock.set('2026-11-21T10:00:00.000Z'); // 33 days ahead
    expect(await discounts()).toEqual([{ kind: 'early_bird', percent: 10, cents: 2_000 }]);
    const guest = await signInAs(t.app, 'guest');
    const early = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-24',
      checkOut: '2026-12-26',
      guests: 1,
    });
    expect(paymentIntentResponseSchema.parse(early.json()).amount).toBe(207.9); // $180 + 10 % service = $198, + 5 % tax

    t.clock.set('2026-12-10T10:00:00.000Z'); // 14 days ahead: neither
    expect(await discounts()).toEqual([]);

    t.clock.set('2026-12-17T10:00:00.000Z'); // 7 days ahead: last-minute
    expect(await discounts()).toEqual([{ kind: 'last_minute', percent: 20, cents: 4_000 }]);
    // The earlier hold kept the discount of its own time (it is long expired; its row says what it was priced at).
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${paymentIntentResponseSchema.parse(early.json()).bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(bookingSchema.parse(receipt.json()).breakdown.discounts).toEqual([
      { kind: 'early_bird', percent: 10, cents: 2_000 },
    ]);
    t.clock.set(TEST_NOW);
  });
});

describe('the database keeps the parts summing to the total', () => {
  it('refuses a booking whose parts do not add up, and keeps the deposit out of the total', async () => {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const refused = await insertBooking(t.db, home, {
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
      discountCents: 1_000,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(sqlState(refused)).toBe('23514');
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toContain('bookings_breakdown_sum');

    const withDeposit = await insertBooking(t.db, home, {
      checkIn: '2027-01-14',
      checkOut: '2027-01-16',
      discountCents: 1_000,
      amountCents: 19_000,
      depositCents: 50_000,
    });
    expect(withDeposit.amountCents).toBe(19_000);

    // A booking from before prices by date reads as every night at its one price.
    const legacy = await insertBooking(t.db, home, { checkIn: '2027-01-20', checkOut: '2027-01-22' });
    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${legacy.id}/receipt`, headers: host.headers });
    expect(bookingSchema.parse(res.json()).breakdown).toMatchObject({
      nightly: [
        { date: '2027-01-20', cents: 10_000, kind: 'base' },
        { date: '2027-01-21', cents: 10_000, kind: 'base' },
      ],
      subtotalCents: 20_000,
      discounts: [],
      totalCents: 20_000,
    });
  });
});

describe("a host's price periods", () => {
  it('cuts and splits the periods a new one covers, in one step', async () => {
    t.clock.set(TEST_NOW);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const created = await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-20', price: 150 });
    expect(created.statusCode).toBe(201);
    expect(pricePeriodSchema.parse(created.json())).toMatchObject({ from: '2026-12-10', to: '2026-12-20', price: 150 });

    // Inside: the old one splits around it.
    await addPeriod(home.id, { from: '2026-12-14', to: '2026-12-16', price: 200.5 });
    expect(await listPeriods(home.id)).toEqual([
      '2026-12-10..2026-12-14@150',
      '2026-12-14..2026-12-16@200.5',
      '2026-12-16..2026-12-20@150',
    ]);
    // Over the start of one: it keeps its later nights.
    await addPeriod(home.id, { from: '2026-12-08', to: '2026-12-12', price: 120 });
    expect(await listPeriods(home.id)).toEqual([
      '2026-12-08..2026-12-12@120',
      '2026-12-12..2026-12-14@150',
      '2026-12-14..2026-12-16@200.5',
      '2026-12-16..2026-12-20@150',
    ]);
    const q = stayQuoteSchema.parse((await quote(home.id, 'checkIn=2026-12-11&checkOut=2026-12-15')).json()).breakdown;
    expect(q.nightly.map((n) => n.cents)).toEqual([12_000, 15_000, 15_000, 20_050]);

    // Over all of them: one period is left.
    await addPeriod(home.id, { from: '2026-12-01', to: '2026-12-31', price: 90 });
    expect(await listPeriods(home.id)).toEqual(['2026-12-01..2026-12-31@90']);
  });

  it('removes a period; another home’s period or an unknown id is 404', async () => {
    t.clock.set(TEST_NOW);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const other = await insertHome(t.db, { hostId: otherHost.user.id, hostEmail: otherHost.user.email });
    const mine = pricePeriodSchema.parse(
      (await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-12', price: 150 })).json(),
    );
    const theirs = pricePeriodSchema.parse(
      (await addPeriod(other.id, { from: '2026-12-10', to: '2026-12-12', price: 150 }, otherHost)).json(),
    );
    const del = (homeId: string, periodId: string, who: SignedIn = host) =>
      t.app.inject({ method: 'DELETE', url: `/api/home/${homeId}/price-periods/${periodId}`, headers: who.headers });

    expect((await del(home.id, theirs._id)).statusCode).toBe(404);
    expect((await del(home.id, 'not-a-uuid')).statusCode).toBe(404);
    expect((await del(home.id, mine._id, otherHost)).statusCode).toBe(403);
    const removed = await del(home.id, mine._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect(await listPeriods(home.id)).toEqual([]);
    expect((await del(home.id, mine._id)).statusCode).toBe(404);
    // The other home's period is untouched.
    const theirList = await t.app.inject({
      method: 'GET',
      url: `/api/home/${other.id}/price-periods`,
      headers: otherHost.headers,
    });
    expect(pricePeriodListSchema.parse(theirList.json()).periods).toHaveLength(1);
  });

  it('changes a period in place: its price, its nights (taken from others), keeping its id', async () => {
    t.clock.set(TEST_NOW);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const period = pricePeriodSchema.parse(
      (await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-20', price: 150 })).json(),
    );
    await addPeriod(home.id, { from: '2026-12-20', to: '2026-12-24', price: 90 });

    const cheaper = await patchPeriod(home.id, period._id, { price: 140 });
    expect(cheaper.statusCode).toBe(200);
    expect(pricePeriodSchema.parse(cheaper.json())).toEqual({ ...period, price: 140 });
    // Longer: the next period gives up the nights it now covers.
    const longer = await patchPeriod(home.id, period._id, { to: '2026-12-22' });
    expect(longer.statusCode).toBe(200);
    expect(await listPeriods(home.id)).toEqual(['2026-12-10..2026-12-22@140', '2026-12-22..2026-12-24@90']);

    expect((await patchPeriod(home.id, period._id, {})).statusCode).toBe(400);
    expect((await patchPeriod(home.id, period._id, { to: '2026-12-10' })).statusCode).toBe(400);
    expect((await patchPeriod(home.id, period._id, { price: 100, note: 'x' })).statusCode).toBe(400);
    expect((await patchPeriod(home.id, period._id, { price: 100 }, otherHost)).statusCode).toBe(403);
    expect((await patchPeriod(home.id, 'not-a-uuid', { price: 100 })).statusCode).toBe(404);
    const other = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    expect((await patchPeriod(other.id, period._id, { price: 100 })).statusCode).toBe(404);
    expect(await listPeriods(home.id)).toEqual(['2026-12-10..2026-12-22@140', '2026-12-22..2026-12-24@90']);
  });

  it('changes the price and the end of a period already under way, not its start', async () => {
    t.clock.set(TEST_NOW);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const period = pricePeriodSchema.parse(
      (await addPeriod(home.id, { from: '2026-11-21', to: '2026-11-30', price: 150 })).json(),
    );
    t.clock.set(new Date('2026-11-25T12:00:00Z'));

    const price = await patchPeriod(home.id, period._id, { price: 170 });
    expect(price.statusCode).toBe(200);
    const end = await patchPeriod(home.id, period._id, { to: '2026-12-05', price: 175 });
    expect(end.statusCode).toBe(200);
    expect(await listPeriods(home.id)).toEqual(['2026-11-21..2026-12-05@175']);

    const start = await patchPeriod(home.id, period._id, { from: '2026-11-26' });
    expect(start.statusCode).toBe(400);
    expect(start.json().error.code).toBe('dates_in_past');
    // Nor may nights already over leave it.
    const pastEnd = await patchPeriod(home.id, period._id, { to: '2026-11-23' });
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.json().error.code).toBe('dates_in_past');
    // The same start, sent back unchanged, is fine (the client sends the whole period).
    expect(
      (await patchPeriod(home.id, period._id, { from: '2026-11-21', to: '2026-12-05', price: 160 })).statusCode,
    ).toBe(200);
    expect(await listPeriods(home.id)).toEqual(['2026-11-21..2026-12-05@160']);
    t.clock.set(TEST_NOW);
  });

  it('lets only the host or an admin see and change them; refuses past nights and reversed dates', async () => {
    t.clock.set(TEST_NOW);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const guest = await signInAs(t.app, 'guest');
    expect((await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-12', price: 150 }, otherHost)).statusCode).toBe(
      403,
    );
    expect((await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-12', price: 150 }, guest)).statusCode).toBe(
      403,
    );
    expect((await addPeriod(home.id, { from: '2026-12-10', to: '2026-12-12', price: 150 }, admin)).statusCode).toBe(
      201,
    );
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/price-periods` });
    expect(anonymous.statusCode).toBe(401);
    const asOther = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/price-periods`,
      headers: otherHost.headers,
    });
    expect(asOther.statusCode).toBe(403);

    const past = await addPeriod(home.id, { from: '2026-11-20', to: '2026-11-25', price: 150 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('dates_in_past');
    expect((await addPeriod(home.id, { from: '2026-12-12', to: '2026-12-12', price: 150 })).statusCode).toBe(400);
    expect((await addPeriod(home.id, { from: '2026-12-12', to: '2026-12-14', price: 0 })).statusCode).toBe(400);
    expect((await addPeriod(home.id, { from: '2026-12-12', to: '2026-12-14', price: 10, note: 'x' })).statusCode).toBe(
      400,
    );
  });
});
