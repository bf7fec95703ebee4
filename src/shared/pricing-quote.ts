/**
 * THE price of a stay (issue 27, ADR 0049): one pure function turns a home's pricing settings,
 * its price periods, the stay, the guests and the booking day into the breakdown every screen,
 * mail and charge uses. Integer cents only; every share is rounded by `shareOf` (ADR 0019).
 * The server calls it for a quote and for a hold; a dated search can reuse `nightPrice`.
 */
import type { DiscountKind, NightKind, PriceBreakdown } from './schemas/bookings';
import { InvalidStayError, dayNumber, isoDateOfDay, nightsBetween, shareOf, type StayFees } from './stay';

/** What a home charges, in cents and whole percents (homes columns of migration 0025). */
export interface HomePriceSettings {
  priceCents: number;
  /** Friday and Saturday nights; null: the base price. */
  weekendPriceCents: number | null;
  weeklyDiscountPercent: number;
  monthlyDiscountPercent: number;
  lastMinuteDiscountPercent: number;
  lastMinuteDays: number;
  earlyBirdDiscountPercent: number;
  earlyBirdDays: number;
  guestsIncluded: number;
  extraGuestFeeCents: number;
  securityDepositCents: number;
}

/** A host's price for the nights [from, to) (exclusive, as blocks). Periods of one home never overlap. */
export interface PricePeriodSpan {
  from: string;
  to: string;
  priceCents: number;
  /** The host's name for it, shown in the breakdown ("High season"); null or absent: none. */
  name?: string | null;
}

export interface StayPriceInput {
  checkIn: string;
  checkOut: string;
  guests: number;
  /** The home's calendar date when the stay is booked (a hold's time, or now for a quote). */
  bookedOn: string;
  fees: StayFees;
}

/** Stays of this many nights take the weekly discount, of MONTHLY_NIGHTS the monthly one (issue 27). */
const WEEKLY_NIGHTS = 7;
const MONTHLY_NIGHTS = 28;

/** Friday or Saturday (0 Sunday .. 6 Saturday; 1970-01-01, day 0, was a Thursday). */
function isWeekendDay(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday === 5 || weekday === 6;
}

/** Friday and Saturday nights: the night of a date is spent after that day, so its weekday is the check-in day's. */
export const isWeekendNight = (isoDate: string) => {
  const day = dayNumber(isoDate);
  if (day === null) throw new InvalidStayError(`Not a calendar date: ${isoDate}`);
  return isWeekendDay(day);
};

/**
 * One night's price and why: a price period covering it wins; else a Friday or Saturday night takes
 * the weekend price when the home has one; else the base price.
 */
export function nightPrice(
  settings: Pick<HomePriceSettings, 'priceCents' | 'weekendPriceCents'>,
  periods: readonly PricePeriodSpan[],
  date: string,
): { cents: number; kind: NightKind; periodName?: string } {
  const day = dayNumber(date);
  if (day === null) throw new InvalidStayError(`Not a calendar date: ${date}`);
  return priceOfNight(settings, periods, date, day);
}

/** nightPrice for a date already known with its day number (a stay's nights, walked by number). */
function priceOfNight(
  settings: Pick<HomePriceSettings, 'priceCents' | 'weekendPriceCents'>,
  periods: readonly PricePeriodSpan[],
  date: string,
  day: number,
): { cents: number; kind: NightKind; periodName?: string } {
  // ISO dates compare as strings.
  const period = periods.find((p) => p.from <= date && date < p.to);
  if (period) return { cents: period.priceCents, kind: 'period', ...(period.name ? { periodName: period.name } : {}) };
  if (settings.weekendPriceCents !== null && isWeekendDay(day)) {
    return { cents: settings.weekendPriceCents, kind: 'weekend' };
  }
  return { cents: settings.priceCents, kind: 'base' };
}

/**
 * The discounts of a stay, off its subtotal: at most one by length (monthly for 28+ nights when
 * the home has one, else weekly for 7+ nights) and one by timing (last-minute when check-in is at
 * most lastMinuteDays after the booking day, early-bird when it is at least earlyBirdDays after;
 * if settings let both apply, the larger). Their sum never exceeds the subtotal.
 */
function stayDiscounts(
  settings: HomePriceSettings,
  nights: number,
  subtotalCents: number,
  daysAhead: number,
): PriceBreakdown['discounts'] {
  const picked: { kind: DiscountKind; percent: number }[] = [];
  if (nights >= MONTHLY_NIGHTS && settings.monthlyDiscountPercent > 0) {
    picked.push({ kind: 'monthly', percent: settings.monthlyDiscountPercent });
  } else if (nights >= WEEKLY_NIGHTS && settings.weeklyDiscountPercent > 0) {
    picked.push({ kind: 'weekly', percent: settings.weeklyDiscountPercent });
  }
  const lastMinute = settings.lastMinuteDiscountPercent > 0 && daysAhead <= settings.lastMinuteDays;
  const earlyBird = settings.earlyBirdDiscountPercent > 0 && daysAhead >= settings.earlyBirdDays;
  if (lastMinute && (!earlyBird || settings.lastMinuteDiscountPercent >= settings.earlyBirdDiscountPercent)) {
    picked.push({ kind: 'last_minute', percent: settings.lastMinuteDiscountPercent });
  } else if (earlyBird) {
    picked.push({ kind: 'early_bird', percent: settings.earlyBirdDiscountPercent });
  }
  let left = subtotalCents;
  return picked.map(({ kind, percent }) => {
    const cents = Math.min(left, shareOf(subtotalCents, percent * 100));
    left -= cents;
    return { kind, percent, cents };
  });
}

function assertCents(value: number, what: string, min: number) {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a whole number of cents`);
}

/**
 * The breakdown of a stay. Throws InvalidStayError for dates that make no stay and RangeError for
 * settings that are not whole cents; the stay's length and the guest limit are the caller's rules.
 */
export function quoteStayPrice(
  settings: HomePriceSettings,
  periods: readonly PricePeriodSpan[],
  input: StayPriceInput,
): PriceBreakdown {
  assertCents(settings.priceCents, 'The nightly price', 1);
  assertCents(input.fees.cleaningFeeCents, 'The cleaning fee', 0);
  assertCents(settings.extraGuestFeeCents, 'The extra-guest fee', 0);
  if (!Number.isSafeInteger(input.guests) || input.guests < 1) throw new RangeError('At least 1 guest');
  const nights = nightsBetween(input.checkIn, input.checkOut);
  const bookedOn = dayNumber(input.bookedOn);
  if (bookedOn === null) throw new RangeError(`Not a calendar date: ${input.bookedOn}`);

  const firstNight = dayNumber(input.checkIn)!;
  const nightly: PriceBreakdown['nightly'] = [];
  for (let i = 0; i < nights; i++) {
    const date = isoDateOfDay(firstNight + i);
    nightly.push({ date, ...priceOfNight(settings, periods, date, firstNight + i) });
  }
  const subtotalCents = nightly.reduce((sum, n) => sum + n.cents, 0);
  const discounts = stayDiscounts(settings, nights, subtotalCents, firstNight - bookedOn);
  const discountCents = discounts.reduce((sum, d) => sum + d.cents, 0);
  const extraGuests = Math.max(0, input.guests - settings.guestsIncluded);
  const extraGuestFeeCents = extraGuests * settings.extraGuestFeeCents * nights;
  const cleaningFeeCents = input.fees.cleaningFeeCents;
  const beforeService = subtotalCents - discountCents + extraGuestFeeCents + cleaningFeeCents;
  const serviceFeeCents = shareOf(beforeService, input.fees.serviceFeeBps);
  const taxCents = shareOf(beforeService + serviceFeeCents, input.fees.taxBps);
  return {
    nights,
    // Round half up of the average (integers only).
    nightlyCents: Math.floor((2 * subtotalCents + nights) / (2 * nights)),
    nightly,
    subtotalCents,
    discounts,
    guests: input.guests,
    extraGuests,
    extraGuestFeeCents,
    cleaningFeeCents,
    serviceFeeCents,
    taxCents,
    totalCents: beforeService + serviceFeeCents + taxCents,
    depositCents: settings.securityDepositCents,
  };
}

/** Sum of a breakdown's discounts (the bookings.discount_cents column). */
export const discountTotal = (b: Pick<PriceBreakdown, 'discounts'>) => b.discounts.reduce((sum, d) => sum + d.cents, 0);
