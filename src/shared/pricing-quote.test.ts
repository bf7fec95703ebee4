import { describe, expect, it } from 'vitest';
import { isWeekendNight, nightPrice, quoteStayPrice, type HomePriceSettings } from './pricing-quote';
import { priceLines, priceLinesText } from './price-lines';
import { InvalidStayError } from './stay';

const flat: HomePriceSettings = {
  priceCents: 10_000,
  weekendPriceCents: null,
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  lastMinuteDiscountPercent: 0,
  lastMinuteDays: 7,
  earlyBirdDiscountPercent: 0,
  earlyBirdDays: 90,
  guestsIncluded: 2,
  extraGuestFeeCents: 0,
  securityDepositCents: 0,
};
const noFees = { cleaningFeeCents: 0, serviceFeeBps: 0, taxBps: 0 };
const stay = (checkIn: string, checkOut: string, more: Partial<{ guests: number; bookedOn: string }> = {}) => ({
  checkIn,
  checkOut,
  guests: more.guests ?? 1,
  bookedOn: more.bookedOn ?? '2026-11-27',
  fees: noFees,
});

describe('nightPrice', () => {
  const home = { priceCents: 10_000, weekendPriceCents: 15_000 };
  it('prices Friday and Saturday nights at the weekend price, by the night’s own date', () => {
    expect(isWeekendNight('2026-12-11')).toBe(true); // Friday
    expect(isWeekendNight('2026-12-12')).toBe(true); // Saturday
    expect(isWeekendNight('2026-12-13')).toBe(false); // Sunday night: Monday is a working day
    expect(nightPrice(home, [], '2026-12-11')).toEqual({ cents: 15_000, kind: 'weekend' });
    expect(nightPrice(home, [], '2026-12-10')).toEqual({ cents: 10_000, kind: 'base' });
    expect(nightPrice({ ...home, weekendPriceCents: null }, [], '2026-12-11')).toEqual({ cents: 10_000, kind: 'base' });
  });
  it('lets a price period win over the weekend price, its end date excluded', () => {
    const periods = [{ from: '2026-12-12', to: '2026-12-14', priceCents: 20_000 }];
    expect(nightPrice(home, periods, '2026-12-12')).toEqual({ cents: 20_000, kind: 'period' });
    expect(nightPrice(home, periods, '2026-12-13')).toEqual({ cents: 20_000, kind: 'period' });
    expect(nightPrice(home, periods, '2026-12-14')).toEqual({ cents: 10_000, kind: 'base' });
  });
});

describe('quoteStayPrice', () => {
  it('prices a 9-night stay over a weekend with a price period and a weekly discount night by night', () => {
    const home = { ...flat, weekendPriceCents: 15_000, weeklyDiscountPercent: 10, extraGuestFeeCents: 1_500 };
    const b = quoteStayPrice(home, [{ from: '2026-12-12', to: '2026-12-14', priceCents: 20_000 }], {
      ...stay('2026-12-07', '2026-12-16', { guests: 3 }),
      fees: { cleaningFeeCents: 5_000, serviceFeeBps: 1_000, taxBps: 500 },
    });
    expect(b.nightly.map((n) => `${n.date.slice(8)}:${n.kind}:${n.cents}`)).toEqual([
      '07:base:10000',
      '08:base:10000',
      '09:base:10000',
      '10:base:10000',
      '11:weekend:15000',
      '12:period:20000',
      '13:period:20000',
      '14:base:10000',
      '15:base:10000',
    ]);
    expect(b).toMatchObject({
      nights: 9,
      subtotalCents: 115_000,
      nightlyCents: 12_778, // 115000 / 9 = 12777.8
      discounts: [{ kind: 'weekly', percent: 10, cents: 11_500 }],
      guests: 3,
      extraGuests: 1,
      extraGuestFeeCents: 13_500,
      cleaningFeeCents: 5_000,
      serviceFeeCents: 12_200, // 10 % of 115000 - 11500 + 13500 + 5000
      taxCents: 6_710, // 5 % of 122000 + 12200
      totalCents: 140_910,
      depositCents: 0,
    });
    expect(priceLines(b).map((l) => [l.label, l.cents])).toEqual([
      ['$100.00 × 6 nights', 60_000],
      ['$150.00 × 1 weekend night', 15_000],
      ['$200.00 × 2 nights (price period)', 40_000],
      ['Weekly discount (10%)', -11_500],
      ['Extra guests (1 × $15.00 × 9 nights)', 13_500],
      ['Cleaning fee', 5_000],
      ['Service fee', 12_200],
      ['VAT', 6_710],
    ]);
  });

  it('takes the monthly discount instead of the weekly one for 28+ nights', () => {
    const home = { ...flat, weeklyDiscountPercent: 10, monthlyDiscountPercent: 25 };
    expect(quoteStayPrice(home, [], stay('2026-12-01', '2026-12-28')).discounts).toEqual([
      { kind: 'weekly', percent: 10, cents: 27_000 },
    ]);
    expect(quoteStayPrice(home, [], stay('2026-12-01', '2026-12-29')).discounts).toEqual([
      { kind: 'monthly', percent: 25, cents: 70_000 },
    ]);
    expect(quoteStayPrice(home, [], stay('2026-12-01', '2026-12-07')).discounts).toEqual([]);
  });

  it('applies last-minute within lastMinuteDays of the booking day and early-bird from earlyBirdDays', () => {
    const home = {
      ...flat,
      lastMinuteDiscountPercent: 15,
      lastMinuteDays: 7,
      earlyBirdDiscountPercent: 5,
      earlyBirdDays: 60,
    };
    const on = (bookedOn: string) => quoteStayPrice(home, [], stay('2026-12-10', '2026-12-12', { bookedOn })).discounts;
    expect(on('2026-12-03')).toEqual([{ kind: 'last_minute', percent: 15, cents: 3_000 }]);
    expect(on('2026-12-02')).toEqual([]);
    expect(on('2026-10-11')).toEqual([{ kind: 'early_bird', percent: 5, cents: 1_000 }]);
    expect(on('2026-10-12')).toEqual([]);
  });

  it('stacks one length and one timing discount, the larger timing one when both would apply, never below 0', () => {
    const overlapping = {
      ...flat,
      lastMinuteDiscountPercent: 10,
      lastMinuteDays: 200,
      earlyBirdDiscountPercent: 20,
      earlyBirdDays: 1,
    };
    expect(quoteStayPrice(overlapping, [], stay('2026-12-10', '2026-12-12')).discounts).toEqual([
      { kind: 'early_bird', percent: 20, cents: 4_000 },
    ]);
    const steep = { ...flat, weeklyDiscountPercent: 90, lastMinuteDiscountPercent: 90, lastMinuteDays: 365 };
    const b = quoteStayPrice(steep, [], {
      ...stay('2026-12-10', '2026-12-17'),
      fees: { ...noFees, cleaningFeeCents: 100 },
    });
    expect(b.discounts).toEqual([
      { kind: 'weekly', percent: 90, cents: 63_000 },
      { kind: 'last_minute', percent: 90, cents: 7_000 },
    ]);
    expect(b.totalCents).toBe(100);
  });

  it('charges extra guests above the included ones, undiscounted, and keeps the deposit out of the total', () => {
    const home = { ...flat, weeklyDiscountPercent: 50, extraGuestFeeCents: 2_000, securityDepositCents: 30_000 };
    const b = quoteStayPrice(home, [], stay('2026-12-01', '2026-12-08', { guests: 4 }));
    expect(b).toMatchObject({ extraGuests: 2, extraGuestFeeCents: 28_000, subtotalCents: 70_000, totalCents: 63_000 });
    expect(b.depositCents).toBe(30_000);
    expect(priceLinesText(b, 'Total')).toBe(
      [
        '$100.00 × 7 nights: $700.00',
        'Weekly discount (50%): -$350.00',
        'Extra guests (2 × $20.00 × 7 nights): $280.00',
        'VAT: $0.00',
        'Total: $630.00',
        'Security deposit: $300.00 — held, not charged',
      ].join('\n'),
    );
    expect(quoteStayPrice(home, [], stay('2026-12-01', '2026-12-03', { guests: 2 })).extraGuestFeeCents).toBe(0);
  });

  it('rounds the service fee and the tax as shareOf does, and matches the flat price of before', () => {
    const b = quoteStayPrice({ ...flat, priceCents: 8_050 }, [], {
      ...stay('2026-12-01', '2026-12-03'),
      fees: { cleaningFeeCents: 1_999, serviceFeeBps: 1_250, taxBps: 700 },
    });
    // 16100 + 1999 = 18099; 12.5 % = 2262.375 -> 2262; 7 % of 20361 = 1425.27 -> 1425
    expect(b).toMatchObject({
      nightlyCents: 8_050,
      subtotalCents: 16_100,
      serviceFeeCents: 2_262,
      taxCents: 1_425,
      totalCents: 21_786,
    });
    expect(priceLines(b)[0]).toMatchObject({ key: 'nights', label: '$80.50 × 2 nights', cents: 16_100 });
  });

  it('refuses dates that make no stay and fewer than one guest', () => {
    expect(() => quoteStayPrice(flat, [], stay('2026-12-05', '2026-12-05'))).toThrow(InvalidStayError);
    expect(() => quoteStayPrice(flat, [], stay('2026-12-05', '2026-12-07', { guests: 0 }))).toThrow(RangeError);
  });
});
