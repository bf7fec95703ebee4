import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid } from './sandbox-cards';

const now = new Date('2026-11-21T10:00:00Z');
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, now);

describe('sandbox card rules', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42a2')).toBe(false);
  });

  it('knows the brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('accepts 4242 with spaces or dashes and keeps only brand and last four', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(card('4242-4242-4242-4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
  });

  it('takes a card expiring this month, two-digit years, and refuses last month', () => {
    expect(card('4242424242424242', { expMonth: 11, expYear: 2026 }).ok).toBe(true);
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 }).ok).toBe(true);
    expect(card('4242424242424242', { expMonth: 10, expYear: 26 })).toMatchObject({
      ok: false,
      code: 'invalid_expiry_month_past',
      message: "Your card's expiration month is in the past: the card expired at the end of that month.",
    });
    expect(card('4242424242424242', { expMonth: 12, expYear: 25 })).toMatchObject({
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is in the past.",
    });
    expect(card('4242424242424242', { expMonth: 0 })).toMatchObject({ ok: false, code: 'invalid_expiry_month' });
  });

  it('wants 4 CVC digits for Amex and 3 for the others', () => {
    expect(card('378282246310005', { cvc: '123' })).toMatchObject({ ok: false, code: 'invalid_cvc' });
    expect(card('378282246310005', { cvc: '1234' }).ok).toBe(true);
    expect(card('4242424242424242', { cvc: '1234' })).toMatchObject({ ok: false, code: 'invalid_cvc' });
  });

  it('checks the number before the expiry and the CVC, like the provider', () => {
    expect(card('1234', { expMonth: 1, expYear: 2001, cvc: '' })).toMatchObject({
      code: 'invalid_number',
      last4: null,
    });
    expect(card('4000000000000002', { cvc: '1' })).toMatchObject({ code: 'invalid_cvc' });
  });
});
