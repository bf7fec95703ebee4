import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatAmount, formatCents, priceToCents } from './money';

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

  it('rounds an API price to whole cents', () => {
    expect(priceToCents(199.99)).toBe(19999);
    expect(priceToCents(0.1 + 0.2)).toBe(30);
    expect(priceToCents(10.005)).toBe(1001);
  });

  it('formats dollars with two decimals and thousands separators', () => {
    expect(formatCents(28550)).toBe('$285.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatAmount(285.5)).toBe('$285.50');
    expect(formatAmount(120)).toBe('$120.00');
  });
});
