/**
 * Card entry helpers of the sandbox card form: what a card provider's element does
 * while the guest types (groups of digits, MM/YY) and the completeness checks it
 * makes before anything is sent. Whether a card is valid, declined or expired is
 * the provider's answer (the server), never decided here.
 */

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

const MAX_DIGITS = 19;

/** American Express numbers (34, 37) have 15 digits grouped 4-6-5; others 16-19 grouped by 4. */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** The digits of a typed card number (spaces, dashes and anything else dropped), at most 19. */
export function cardDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.slice(0, isAmex(digits) ? 15 : MAX_DIGITS);
}

function groupsOf(digits: string): number[] {
  if (isAmex(digits)) return [4, 6, 5];
  return [4, 4, 4, 4, 3];
}

/** `4242424242424242` -> `4242 4242 4242 4242`; amex `378282246310005` -> `3782 822463 10005`. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value);
  const parts: string[] = [];
  let rest = digits;
  for (const size of groupsOf(digits)) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return parts.join(' ');
}

/** How many digits come before position `caret` of `value`. */
export function digitsBefore(value: string, caret: number): number {
  return value.slice(0, caret).replace(/\D/g, '').length;
}

/** The position in `formatted` just after its `count`-th digit (keeps the caret in place while spaces move). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return formatted.length;
}

/**
 * The expiry field as the guest types it, written MM/YY: a slash after the month,
 * `4` becomes `04/`, and deleting the slash deletes the month's last digit.
 */
export function formatExpiryInput(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  // Backspace over the auto-inserted slash: "12/" -> "12" means "remove the 2".
  if (previous.endsWith('/') && value.length < previous.length && !value.includes('/') && digits.length === 2) {
    digits = digits.slice(0, 1);
  }
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length === 0) return '';
  if (digits.length === 1) return digits;
  if (digits.length === 2 && value.length < previous.length) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

/** `12/34`, `12 / 34`, `1234` or `12/2034` -> { month: 12, year: 2034 }; null when incomplete or the month is not 1-12. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2]!;
  if (month < 1 || month > 12) return null;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { month, year };
}

export const CARD_INCOMPLETE = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  expiryMonth: "Your card's expiration month is invalid.",
  cvc: "Your card's security code is incomplete.",
  name: 'Enter the name on the card.',
} as const;

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface CardProblem {
  field: CardField;
  message: string;
}

/** The first incomplete field, in form order, as a card element reports it; null when all are filled in. */
export function incompleteCard(card: CardEntry): CardProblem | null {
  const digits = cardDigits(card.number);
  if (digits.length < (isAmex(digits) ? 15 : 13)) return { field: 'number', message: CARD_INCOMPLETE.number };
  const expiryDigits = card.expiry.replace(/\D/g, '');
  if (expiryDigits.length < 4) return { field: 'expiry', message: CARD_INCOMPLETE.expiry };
  if (!parseExpiry(card.expiry)) return { field: 'expiry', message: CARD_INCOMPLETE.expiryMonth };
  const cvc = card.cvc.replace(/\D/g, '');
  if (cvc.length < (isAmex(digits) ? 4 : 3)) return { field: 'cvc', message: CARD_INCOMPLETE.cvc };
  if (!card.name.trim()) return { field: 'name', message: CARD_INCOMPLETE.name };
  return null;
}

/** Which field a provider's card error code is about (for aria-invalid), if any. */
export function fieldOfCardError(code: string): CardField | null {
  if (code === 'invalid_number' || code === 'card_not_supported') return 'number';
  if (
    code === 'invalid_expiry_month' ||
    code === 'invalid_expiry_month_past' ||
    code === 'invalid_expiry_year' ||
    code === 'expired_card'
  )
    return 'expiry';
  if (code === 'invalid_cvc' || code === 'incorrect_cvc') return 'cvc';
  return null;
}

/** CVC input: digits only, at most 4. */
export function cvcDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
