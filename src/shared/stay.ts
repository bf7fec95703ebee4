/**
 * The rules of a stay, shared by the browser (to show a total) and the server
 * (to charge it). A stay is the half-open range [checkIn, checkOut) of calendar
 * dates written as YYYY-MM-DD; nights are counted on the calendar, never from
 * clock time, so DST changes and month ends cannot shift the count.
 */

import { MAX_STAY_NIGHTS } from './constants';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a calendar date, or null when it is not a real date. */
export function dayNumber(isoDate: string): number | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March; a real date round-trips.
  if (back.getUTCFullYear() !== Number(y) || back.getUTCMonth() !== Number(m) - 1 || back.getUTCDate() !== Number(d)) {
    return null;
  }
  return ms / DAY_MS;
}

export function isIsoDate(value: string): boolean {
  return dayNumber(value) !== null;
}

export function addDays(isoDate: string, days: number): string {
  const n = dayNumber(isoDate);
  if (n === null) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return new Date((n + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant in the given IANA time zone (default: the runtime's). */
export function calendarDate(instant: Date, timeZone?: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
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

export const VAT_RATE = 0;
export const SERVICE_FEE_CENTS = 0;

export interface StayPrice {
  nights: number;
  nightlyCents: number;
  subtotalCents: number;
  feeCents: number;
  vatCents: number;
  totalCents: number;
}

/** Total for a stay: nights x nightly price; the spec's fee and VAT are 0. */
export function priceStay(nightlyCents: number, checkIn: string, checkOut: string): StayPrice {
  if (!Number.isSafeInteger(nightlyCents) || nightlyCents <= 0) {
    throw new RangeError('The nightly price must be a positive whole number of cents');
  }
  const nights = nightsBetween(checkIn, checkOut);
  const subtotalCents = nights * nightlyCents;
  const vatCents = Math.round(subtotalCents * VAT_RATE);
  return {
    nights,
    nightlyCents,
    subtotalCents,
    feeCents: SERVICE_FEE_CENTS,
    vatCents,
    totalCents: subtotalCents + SERVICE_FEE_CENTS + vatCents,
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
