/** Money is whole cents inside; the API's `price` is a decimal amount, as in the spec. */

export function centsToAmount(cents: number): number {
  return cents / 100;
}

/**
 * 12.34 -> 1234; rejects more than two decimals instead of rounding a charge silently. The test is
 * exact: the whole cents, divided back, must give the very same number (so 1e-9, which a tolerance
 * would take as 0 cents, is refused like 0.001).
 */
export function amountToCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || cents / 100 !== amount) throw new RangeError('At most two decimals');
  return cents;
}

const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 28550 -> "$285.50". */
export function formatCents(cents: number): string {
  return formatter.format(cents / 100);
}

/** A decimal amount from the API as dollars: 285.5 -> "$285.50" (a typed amount with more decimals is rounded for display). */
export function formatAmount(amount: number): string {
  return formatter.format(amount);
}
