import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatAmount, formatCents } from './money';

describe('money', () => {
  it('converts between cents and decimal amounts', () => {
    expect(centsToAmount(28550)).toBe(285.5);
    expect(amountToCents(12.34)).toBe(1234);
    expect(() => amountToCents(1.234)).toThrow(RangeError);
    expect(amountToCents(0.01)).toBe(1);
    expect(amountToCents(1_000_000)).toBe(100_000_000);
    expect(amountToCents(19.99)).toBe(1999);
    // Below half a cent: a tolerance took these as 0 cents (a 500 from the database's price check).
    expect(() => amountToCents(1e-9)).toThrow(RangeError);
    expect(() => amountToCents(0.001)).toThrow(RangeError);
    expect(() => amountToCents(10.005)).toThrow(RangeError);
    expect(() => amountToCents(Number.NaN)).toThrow(RangeError);
  });

  it('takes every amount the API sends (whole cents in dollars) back to its cents', () => {
    for (const cents of [1, 30, 19_999, 28_550, 99_999_999]) expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });

  it('formats dollars with two decimals and thousands separators', () => {
    expect(formatCents(28550)).toBe('$285.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatAmount(285.5)).toBe('$285.50');
    expect(formatAmount(120)).toBe('$120.00');
  });
});
