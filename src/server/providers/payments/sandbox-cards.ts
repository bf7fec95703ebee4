/**
 * The card rules of the sandbox provider: what the card provider's test mode
 * checks and answers, with its published test numbers. Only the result and the
 * card's brand and last four digits leave this module.
 */

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export type CardErrorCode =
  | 'invalid_number'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year'
  | 'invalid_expiry_month_past'
  | 'invalid_cvc'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'card_not_supported';

export type CardOutcome =
  | { ok: true; brand: CardBrand; last4: string }
  | { ok: false; code: CardErrorCode; message: string; brand: CardBrand; last4: string | null };

const CARD_MESSAGES: Record<CardErrorCode, string> = {
  invalid_number: 'Your card number is invalid.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is in the past.",
  invalid_expiry_month_past: "Your card's expiration month is in the past: the card expired at the end of that month.",
  invalid_cvc: "Your card's security code is invalid.",
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  card_not_supported: 'Your card is not supported in test mode. Use a test card.',
};

/** The provider's published test numbers and what each one does. */
const TEST_CARDS: Record<string, 'succeeds' | CardErrorCode> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '378282246310005': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  // Pays while the guest is there, then every off-session charge is declined (offSessionDecline).
  '4000000000000341': 'succeeds',
};

/**
 * The provider's test card that can be saved and pays on the spot but declines every later
 * off-session charge (Stripe's 4000 0000 0000 0341). Only brand and last four digits are kept, so
 * the saved card is known by them.
 */
const OFF_SESSION_DECLINED = { brand: 'visa', last4: '0341' } as const;

/** How a saved card answers an off-session charge: null when it goes through. */
export function offSessionDecline(saved: {
  cardBrand: string | null;
  cardLast4: string | null;
}): { code: 'card_declined'; message: string } | null {
  return saved.cardBrand === OFF_SESSION_DECLINED.brand && saved.cardLast4 === OFF_SESSION_DECLINED.last4
    ? { code: 'card_declined', message: CARD_MESSAGES.card_declined }
    : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Decides a card charge like the provider's test mode; `now` decides whether the expiry is past. */
export function checkCard(card: CardInput, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  const brand = /^\d+$/.test(digits) ? cardBrand(digits) : 'unknown';
  const fail = (code: CardErrorCode, last4: string | null = digits.slice(-4)): CardOutcome => ({
    ok: false,
    code,
    message: CARD_MESSAGES[code],
    brand,
    last4,
  });

  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return fail('invalid_number', null);

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return fail('invalid_expiry_month');
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year < thisYear) return fail('invalid_expiry_year');
  // A card is valid through the last day of its expiry month: this year's earlier months have the wrong month, not year.
  if (year === thisYear && card.expMonth < thisMonth) return fail('invalid_expiry_month_past');
  if (year > thisYear + 50) return fail('invalid_expiry_year');

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!/^\d{3,4}$/.test(card.cvc) || (brand !== 'unknown' && card.cvc.length !== cvcLength)) return fail('invalid_cvc');

  const behaviour = TEST_CARDS[digits];
  if (!behaviour) return fail('card_not_supported');
  if (behaviour !== 'succeeds') return fail(behaviour);
  return { ok: true, brand, last4: digits.slice(-4) };
}
