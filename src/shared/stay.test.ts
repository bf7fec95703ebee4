import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  InvalidStayError,
  isoDateOfDay,
  nightsBetween,
  percentToBps,
  priceStay,
  shareOf,
  windowCoversStay,
} from './stay';

describe('nightsBetween', () => {
  it('counts calendar nights', () => {
    expect(nightsBetween('2026-12-01', '2026-12-04')).toBe(3);
  });
  it('crosses month and year ends', () => {
    expect(nightsBetween('2026-01-31', '2026-02-01')).toBe(1);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2); // leap year
    expect(nightsBetween('2027-02-28', '2027-03-01')).toBe(1);
  });
  it('is not shifted by daylight-saving changes', () => {
    // Europe and the US change clocks on these weekends; a stay across them is still whole nights.
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(nightsBetween('2026-11-01', '2026-11-02')).toBe(1);
  });
  it('rejects same-day, reversed and malformed dates', () => {
    expect(() => nightsBetween('2026-12-01', '2026-12-01')).toThrow(InvalidStayError);
    expect(() => nightsBetween('2026-12-05', '2026-12-01')).toThrow(/after check-in/);
    expect(() => nightsBetween('2026-02-30', '2026-03-02')).toThrow(/not a valid date/);
    expect(() => nightsBetween('12/01/2026', '2026-12-05')).toThrow(InvalidStayError);
  });
});

describe('priceStay', () => {
  it('is nights x nightly price with no fee or VAT', () => {
    expect(priceStay(3_500, '2026-12-01', '2026-12-04')).toEqual({
      nights: 3,
      nightlyCents: 3_500,
      subtotalCents: 10_500,
      cleaningFeeCents: 0,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 10_500,
    });
  });
  it('refuses a non-positive or fractional price', () => {
    expect(() => priceStay(0, '2026-12-01', '2026-12-02')).toThrow(RangeError);
    expect(() => priceStay(10.5, '2026-12-01', '2026-12-02')).toThrow(RangeError);
  });
});

describe('windowCoversStay and addDays', () => {
  it('allows check-out on the last available day', () => {
    expect(windowCoversStay('2026-12-01', '2026-12-10', '2026-12-08', '2026-12-10')).toBe(true);
    expect(windowCoversStay('2026-12-01', '2026-12-10', '2026-12-08', '2026-12-11')).toBe(false);
    expect(windowCoversStay('2026-12-01', '2026-12-10', '2026-11-30', '2026-12-02')).toBe(false);
  });
  it('adds days across month ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('dayNumber and isoDateOfDay (whole-number calendar arithmetic)', () => {
  const DAY_MS = 86_400_000;
  it('agree with Date on every day from 1900 to 2200', () => {
    const wrong: string[] = [];
    for (let n = Date.UTC(1900, 0, 1) / DAY_MS; n <= Date.UTC(2200, 11, 31) / DAY_MS; n++) {
      const iso = new Date(n * DAY_MS).toISOString().slice(0, 10);
      if (isoDateOfDay(n) !== iso || dayNumber(iso) !== n) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });
  it('refuses dates that do not exist and text that is not a date', () => {
    for (const bad of [
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-01',
      '0050-01-01',
      '',
      'x',
    ]) {
      expect(dayNumber(bad)).toBeNull();
    }
    expect(dayNumber('2028-02-29')).toBe(Date.UTC(2028, 1, 29) / DAY_MS);
    expect(dayNumber('2000-02-29')).toBe(Date.UTC(2000, 1, 29) / DAY_MS);
  });
});

describe('priceStay with fees (the one rounding rule)', () => {
  it('adds the cleaning fee, the service fee on nights + cleaning, and the tax on all of it', () => {
    const price = priceStay(12_345, '2026-12-10', '2026-12-13', {
      cleaningFeeCents: 2_550,
      serviceFeeBps: percentToBps(12.5),
      taxBps: percentToBps(7.25),
    });
    expect(price).toEqual({
      nights: 3,
      nightlyCents: 12_345,
      subtotalCents: 37_035,
      cleaningFeeCents: 2_550,
      serviceFeeCents: 4_948,
      taxCents: 3_229,
      totalCents: 47_762,
    });
  });
  it('rounds a share to the nearest cent, a half cent up', () => {
    expect(shareOf(1, 5_000)).toBe(1); // 0.5 -> 1
    expect(shareOf(3, 5_000)).toBe(2); // 1.5 -> 2
    expect(shareOf(1, 4_999)).toBe(0); // 0.4999 -> 0
    expect(shareOf(99_999_999, 10_000)).toBe(99_999_999);
    expect(shareOf(12_345, 0)).toBe(0);
  });
  it('takes percentages with at most two decimals, 0 to 100', () => {
    expect(percentToBps(0)).toBe(0);
    expect(percentToBps(7.25)).toBe(725);
    expect(percentToBps(100)).toBe(10_000);
    expect(() => percentToBps(7.125)).toThrow(RangeError);
    expect(() => percentToBps(-1)).toThrow(RangeError);
    expect(() => percentToBps(101)).toThrow(RangeError);
  });
});
