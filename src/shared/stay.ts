/**
 * The rules of a stay, shared by the browser (to show a total) and the server
 * (to charge it). A stay is the half-open range [checkIn, checkOut) of calendar
 * dates written as YYYY-MM-DD; nights are counted on the calendar, never from
 * clock time, so DST changes and month ends cannot shift the count.
 */

import { MAX_STAY_NIGHTS } from './constants';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/*
 * Calendar arithmetic in whole numbers (the days_from_civil and civil_from_days algorithms of the
 * proleptic Gregorian calendar): a dated search prices every night of every home on its page, and
 * going through Date objects and toISOString cost microseconds a night, most of a page's pricing.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date (YYYY-MM-DD) of a day number (days since 1970-01-01). */
export function isoDateOfDay(dayNumber: number): string {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** Days since 1970-01-01 for a calendar date, or null when it is not a real date (2026-02-30). */
export function dayNumber(isoDate: string): number | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Years below 100 stay refused, as when this went through Date.UTC (which reads them as 19xx).
  if (year < 100 || month < 1 || month > 12 || day < 1) return null;
  if (day > (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!)) return null;
  return daysFromCivil(year, month, day);
}

export function isIsoDate(value: string): boolean {
  return dayNumber(value) !== null;
}

export function addDays(isoDate: string, days: number): string {
  const n = dayNumber(isoDate);
  if (n === null) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return isoDateOfDay(n + days);
}

/** The calendar date of an instant in the given IANA time zone (default: the runtime's). */
/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than formatting (server renders). */
const calendarFormatters = new Map<string, Intl.DateTimeFormat>();

export function calendarDate(instant: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let formatter = calendarFormatters.get(key);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarFormatters.set(key, formatter);
  }
  return formatter.format(instant);
}

export class InvalidStayError extends Error {
  override name = 'InvalidStayError';
}

/** Nights between check-in and check-out; throws for malformed, same-day or reversed dates. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const start = dayNumber(checkIn);
  const end = dayNumber(checkOut);
  if (start === null) throw new InvalidStayError(`Check-in is not a valid date: ${checkIn}`);
  if (end === null) throw new InvalidStayError(`Check-out is not a valid date: ${checkOut}`);
  if (end === start) throw new InvalidStayError('Check-out must be at least one night after check-in');
  if (end < start) throw new InvalidStayError('Check-out must be after check-in');
  return end - start;
}

/**
 * The percentages a stay's price adds on top of the nights, in basis points
 * (1 % = 100), so every computation stays in whole numbers. Default 0: the
 * spec's "vat 0" and no fee.
 */
export interface StayFees {
  /** The home's cleaning fee, once per stay, in cents. */
  cleaningFeeCents: number;
  /** SERVICE_FEE_PERCENT in basis points; charged on the nights and the cleaning fee. */
  serviceFeeBps: number;
  /** TAX_PERCENT in basis points; charged on everything above (nights, cleaning fee, service fee). */
  taxBps: number;
}

const NO_FEES: StayFees = { cleaningFeeCents: 0, serviceFeeBps: 0, taxBps: 0 };

/** A percentage (two decimals at most) as basis points: 12.5 -> 1250. */
export function percentToBps(percent: number): number {
  const bps = Math.round(percent * 100);
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000 || Math.abs(bps - percent * 100) > 1e-6) {
    throw new RangeError('A percentage from 0 to 100 with at most two decimals');
  }
  return bps;
}

/**
 * THE rounding rule of StayHub's money (ADR 0019): a share of an amount is
 * rounded to the nearest cent, a half cent up. Integer arithmetic only:
 * cents x bps stays far below 2^53 for any amount a card may be charged.
 */
export function shareOf(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5_000) / 10_000);
}

export interface StayPrice {
  nights: number;
  nightlyCents: number;
  /** nights x nightly price */
  subtotalCents: number;
  cleaningFeeCents: number;
  serviceFeeCents: number;
  /** Shown on the spec's "VAT" line. */
  taxCents: number;
  /** What the card is charged: the sum of the four lines above. */
  totalCents: number;
}

/**
 * The price of a stay: nights x nightly price, the home's cleaning fee, the
 * service fee on those two and the tax on all three (each share rounded by
 * `shareOf`). Only the server calls it with real fees; the browser shows what
 * the server answered.
 */
export function priceStay(
  nightlyCents: number,
  checkIn: string,
  checkOut: string,
  fees: StayFees = NO_FEES,
): StayPrice {
  if (!Number.isSafeInteger(nightlyCents) || nightlyCents <= 0) {
    throw new RangeError('The nightly price must be a positive whole number of cents');
  }
  if (!Number.isSafeInteger(fees.cleaningFeeCents) || fees.cleaningFeeCents < 0) {
    throw new RangeError('The cleaning fee must be a whole number of cents, 0 or more');
  }
  const nights = nightsBetween(checkIn, checkOut);
  const subtotalCents = nights * nightlyCents;
  const cleaningFeeCents = fees.cleaningFeeCents;
  const serviceFeeCents = shareOf(subtotalCents + cleaningFeeCents, fees.serviceFeeBps);
  const taxCents = shareOf(subtotalCents + cleaningFeeCents + serviceFeeCents, fees.taxBps);
  return {
    nights,
    nightlyCents,
    subtotalCents,
    cleaningFeeCents,
    serviceFeeCents,
    taxCents,
    totalCents: subtotalCents + cleaningFeeCents + serviceFeeCents + taxCents,
  };
}

/** Does the window [from, to] (available dates) contain the stay [checkIn, checkOut)? */
export function windowCoversStay(from: string, to: string, checkIn: string, checkOut: string): boolean {
  const f = dayNumber(from),
    t = dayNumber(to),
    i = dayNumber(checkIn),
    o = dayNumber(checkOut);
  if (f === null || t === null || i === null || o === null) return false;
  return f <= i && o <= t && i < o;
}

/** The terms' limit on one stay, as the browser and the server both word it. */
export const STAY_TOO_LONG = `A stay can be at most ${MAX_STAY_NIGHTS} nights (the terms' limit). Choose fewer nights.`;

/** True when a stay of `nights` nights is longer than one booking may be. */
export const isStayTooLong = (nights: number) => nights > MAX_STAY_NIGHTS;
