import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardDigits,
  cvcDigits,
  digitsBefore,
  fieldOfCardError,
  formatCardNumber,
  formatExpiryInput,
  incompleteCard,
  parseExpiry,
  CARD_INCOMPLETE,
} from './card';

describe('card number', () => {
  it('inserts a space after every 4 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });
  it('ignores what is not a digit, wherever it was typed', () => {
    expect(formatCardNumber('4000-0000 0000 000a2')).toBe('4000 0000 0000 0002');
    expect(cardDigits(' 4242 4242 ')).toBe('42424242');
  });
  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
  });
  it('stops other cards at 19 digits', () => {
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
    expect(formatCardNumber('6'.repeat(19))).toBe('6666 6666 6666 6666 666');
  });
  it('keeps the caret after the same digit once spaces move', () => {
    // "4242 424|2" with a digit typed in the middle: 7 digits before the caret.
    expect(digitsBefore('4242 4249|2'.replace('|', ''), 9)).toBe(8);
    const formatted = formatCardNumber('424242492');
    expect(formatted).toBe('4242 4249 2');
    expect(caretAfterDigits(formatted, 8)).toBe(9);
    expect(caretAfterDigits(formatted, 4)).toBe(4);
    expect(caretAfterDigits(formatted, 0)).toBe(0);
    expect(caretAfterDigits(formatted, 99)).toBe(formatted.length);
  });
});

describe('expiry', () => {
  it('writes MM/YY as the guest types', () => {
    expect(formatExpiryInput('1', '')).toBe('1');
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12/3', '12/')).toBe('12/3');
    expect(formatExpiryInput('12/34', '12/3')).toBe('12/34');
    expect(formatExpiryInput('12/345', '12/34')).toBe('12/34');
  });
  it('pads a month that can only be one digit', () => {
    expect(formatExpiryInput('4', '')).toBe('04/');
    expect(formatExpiryInput('0', '')).toBe('0');
  });
  it('deleting the slash deletes the month digit before it', () => {
    expect(formatExpiryInput('12', '12/')).toBe('1');
    expect(formatExpiryInput('12/', '12/3')).toBe('12');
  });
  it('accepts pasted forms', () => {
    expect(formatExpiryInput('1234', '')).toBe('12/34');
    expect(formatExpiryInput('12 / 34', '')).toBe('12/34');
  });
  it('parses to a month and a four-digit year', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('04 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('0434')).toEqual({ month: 4, year: 2034 });
  });
  it('refuses incomplete values and months outside 1-12', () => {
    for (const value of ['', '1', '12/', '12/3', '13/30', '00/30', 'ab/cd', '12/345'])
      expect(parseExpiry(value)).toBeNull();
  });
});

describe('completeness (before anything is sent)', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Rivera' };
  it('passes a complete card', () => {
    expect(incompleteCard(good)).toBeNull();
  });
  it('names the first incomplete field with the card element wording', () => {
    expect(incompleteCard({ ...good, number: '4242 4242' })).toEqual({
      field: 'number',
      message: CARD_INCOMPLETE.number,
    });
    expect(incompleteCard({ ...good, expiry: '12/' })).toEqual({ field: 'expiry', message: CARD_INCOMPLETE.expiry });
    expect(incompleteCard({ ...good, expiry: '13/34' })).toEqual({
      field: 'expiry',
      message: CARD_INCOMPLETE.expiryMonth,
    });
    expect(incompleteCard({ ...good, cvc: '12' })).toEqual({ field: 'cvc', message: CARD_INCOMPLETE.cvc });
    expect(incompleteCard({ ...good, name: '  ' })).toEqual({ field: 'name', message: CARD_INCOMPLETE.name });
  });
  it('wants 4 CVC digits for American Express', () => {
    expect(incompleteCard({ ...good, number: '3782 822463 10005', cvc: '123' })?.field).toBe('cvc');
    expect(incompleteCard({ ...good, number: '3782 822463 10005', cvc: '1234' })).toBeNull();
  });
  it('leaves the validity of the number to the provider', () => {
    expect(incompleteCard({ ...good, number: '4242 4242 4242 4241' })).toBeNull();
  });
  it('keeps CVC digits only', () => {
    expect(cvcDigits('1a2 3 45')).toBe('1234');
  });
  it('maps provider error codes to the field they are about', () => {
    expect(fieldOfCardError('invalid_number')).toBe('number');
    expect(fieldOfCardError('expired_card')).toBe('expiry');
    expect(fieldOfCardError('incorrect_cvc')).toBe('cvc');
    expect(fieldOfCardError('card_declined')).toBeNull();
    expect(fieldOfCardError('insufficient_funds')).toBeNull();
  });
});
