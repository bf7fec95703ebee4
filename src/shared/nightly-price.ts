/**
 * The price of one night (issue 27): a price period covering the night wins; else a Friday or
 * Saturday night takes the weekend price when the home has one; else the base price. The weekday
 * is the night's own date (its check-in day), a calendar date in the home's time zone, so no clock
 * or zone can move it. The host calendar shows each night with it; the server's quote prices a
 * stay night by night on the same rule.
 */
import { priceToCents } from './money';
import { dayNumber } from './stay';

export type NightKind = 'base' | 'weekend' | 'period';

export interface NightPrice {
  cents: number;
  kind: NightKind;
}

/** What a Home carries for it, in dollars as on the wire. */
export interface NightlyPricing {
  price: number;
  weekendPrice: number | null;
}

/** A price period as the API lists it: the nights [from, to) at `price` dollars. */
export interface PricedNights {
  from: string;
  to: string;
  price: number;
}

/** Friday and Saturday nights (the nights before Saturday and Sunday). */
export function isWeekendNight(date: string): boolean {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`Not a calendar date: ${date}`);
  // 1970-01-01 (day 0) was a Thursday: +4 makes Sunday 0 ... Saturday 6.
  const weekday = (((n + 4) % 7) + 7) % 7;
  return weekday === 5 || weekday === 6;
}

/**
 * The price of the night `date` in cents and why. Periods do not overlap (a new one cuts the older
 * ones), so the first covering the night is the one.
 */
export function nightlyPriceFor(home: NightlyPricing, periods: readonly PricedNights[], date: string): NightPrice {
  const period = periods.find((p) => p.from <= date && date < p.to);
  if (period) return { cents: priceToCents(period.price), kind: 'period' };
  if (home.weekendPrice !== null && isWeekendNight(date)) {
    return { cents: priceToCents(home.weekendPrice), kind: 'weekend' };
  }
  return { cents: priceToCents(home.price), kind: 'base' };
}
