import { describe, expect, it } from 'vitest';
import { isWeekendNight, nightlyPriceFor } from './nightly-price';

// 2027-03-01 is a Monday.
const home = { price: 99, weekendPrice: 120.5 };

describe('isWeekendNight', () => {
  it('is Friday and Saturday nights only', () => {
    const week = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07'];
    expect(week.map(isWeekendNight)).toEqual([false, false, false, false, true, true, false]);
  });
  it('counts across year ends and leap days', () => {
    expect(isWeekendNight('2027-01-01')).toBe(true); // a Friday
    expect(isWeekendNight('2028-02-29')).toBe(false); // a Tuesday
    expect(isWeekendNight('1969-12-27')).toBe(true); // a Saturday, before day 0
  });
  it('refuses what is not a date', () => {
    expect(() => isWeekendNight('2027-02-30')).toThrow(RangeError);
  });
});

describe('nightlyPriceFor', () => {
  it('is the base price on weekdays and the weekend price on Friday and Saturday nights', () => {
    expect(nightlyPriceFor(home, [], '2027-03-04')).toEqual({ cents: 9_900, kind: 'base' });
    expect(nightlyPriceFor(home, [], '2027-03-05')).toEqual({ cents: 12_050, kind: 'weekend' });
    expect(nightlyPriceFor(home, [], '2027-03-06')).toEqual({ cents: 12_050, kind: 'weekend' });
    expect(nightlyPriceFor(home, [], '2027-03-07')).toEqual({ cents: 9_900, kind: 'base' });
  });

  it('without a weekend price, weekends are at the base price', () => {
    expect(nightlyPriceFor({ price: 99, weekendPrice: null }, [], '2027-03-05')).toEqual({
      cents: 9_900,
      kind: 'base',
    });
  });

  it("a period's price wins over both, for its nights [from, to) only", () => {
    const periods = [{ from: '2027-03-05', to: '2027-03-08', price: 200 }];
    expect(nightlyPriceFor(home, periods, '2027-03-04')).toEqual({ cents: 9_900, kind: 'base' });
    expect(nightlyPriceFor(home, periods, '2027-03-05')).toEqual({ cents: 20_000, kind: 'period' });
    expect(nightlyPriceFor(home, periods, '2027-03-07')).toEqual({ cents: 20_000, kind: 'period' });
    // `to` is the night after the last one priced.
    expect(nightlyPriceFor(home, periods, '2027-03-08')).toEqual({ cents: 9_900, kind: 'base' });
  });

  it('a period may be cheaper than the base price', () => {
    expect(nightlyPriceFor(home, [{ from: '2027-03-01', to: '2027-03-02', price: 45.25 }], '2027-03-01')).toEqual({
      cents: 4_525,
      kind: 'period',
    });
  });
});
