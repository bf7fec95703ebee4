/**
 * Date helpers of the browse screens. A stay is a pair of calendar dates
 * (YYYY-MM-DD, see src/shared/stay.ts); the search form also carries the
 * arrival's time of day, which only the calendar date matters for.
 */
import { addDays, calendarDate, dayNumber, isIsoDate, windowCoversStay } from '#shared/stay';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a `datetime-local` input value (local time, minutes precision). */
export function toDateTimeLocalValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The search form's defaults: arrival now, departure one day (24 h) later. */
export function defaultSearchDates(now: Date): { arrivalDate: string; departureDate: string } {
  return {
    arrivalDate: toDateTimeLocalValue(now),
    departureDate: calendarDate(new Date(now.getTime() + 24 * 60 * 60 * 1000)),
  };
}

/** Years before this are a date still being typed (a date input reads "2" as the year 0002). */
const FIRST_YEAR = 1900;

/** A whole calendar date of a plausible year, else null. */
function wholeDate(isoDate: string): string | null {
  return isIsoDate(isoDate) && Number(isoDate.slice(0, 4)) >= FIRST_YEAR ? isoDate : null;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The calendar date of a search value: a date (`2026-05-01`), a datetime-local
 * value (`2026-05-01T14:30`, local time) or an ISO instant. Null when unreadable,
 * including a date still being typed (its year below 1900): partial input never throws.
 */
export function toCalendarDate(value: string | null | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (isIsoDate(trimmed)) return wholeDate(trimmed);
  // A datetime-local value has no zone: it is local time, so its date part is the local calendar date.
  const local = LOCAL_DATE_TIME.exec(trimmed);
  if (local && !timeZone) return wholeDate(local[1]!);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed)) return null;
  const instant = new Date(trimmed);
  if (Number.isNaN(instant.getTime())) return null;
  return wholeDate(calendarDate(instant, timeZone));
}

export interface SearchDateProblem {
  field: 'arrival' | 'departure';
  message: string;
}

export const SEARCH_DATE_MESSAGES = {
  arrivalUnreadable: 'Enter the whole arrival date and time.',
  arrivalPast: 'Arrival is in the past: choose today or a later date.',
  departureUnreadable: 'Enter the whole departure date.',
  departureNotAfter: 'Departure must be after arrival.',
} as const;

/** Why the searched dates cannot be used (`today` is the local calendar date), or null when they can. */
export function searchDateProblem(
  arrival: string | null | undefined,
  departure: string | null | undefined,
  today: string,
): SearchDateProblem | null {
  const checkIn = toCalendarDate(arrival);
  if (!checkIn) return { field: 'arrival', message: SEARCH_DATE_MESSAGES.arrivalUnreadable };
  if ((dayNumber(checkIn) ?? 0) < (dayNumber(today) ?? 0))
    return { field: 'arrival', message: SEARCH_DATE_MESSAGES.arrivalPast };
  const checkOut = toCalendarDate(departure);
  if (!checkOut) return { field: 'departure', message: SEARCH_DATE_MESSAGES.departureUnreadable };
  if ((dayNumber(checkOut) ?? 0) <= (dayNumber(checkIn) ?? 0))
    return { field: 'departure', message: SEARCH_DATE_MESSAGES.departureNotAfter };
  return null;
}

export interface Stay {
  checkIn: string;
  checkOut: string;
}

/** The stay a search asks for, or null when the dates are missing or not in order. */
export function searchStay(arrival: string | null | undefined, departure: string | null | undefined): Stay | null {
  const checkIn = toCalendarDate(arrival);
  const checkOut = toCalendarDate(departure);
  if (!checkIn || !checkOut) return null;
  if ((dayNumber(checkOut) ?? 0) <= (dayNumber(checkIn) ?? 0)) return null;
  return { checkIn, checkOut };
}

/**
 * The stay to pre-fill on a home's page: the first candidate that fits the home's
 * availability window [from, to], else the window's first night (from today on
 * when the window has already started).
 */
export function initialStay(
  window: { from: string; to: string },
  candidates: Array<Partial<Stay> | null>,
  today: string,
): Stay {
  for (const candidate of candidates) {
    if (
      candidate?.checkIn &&
      candidate.checkOut &&
      windowCoversStay(window.from, window.to, candidate.checkIn, candidate.checkOut)
    ) {
      return { checkIn: candidate.checkIn, checkOut: candidate.checkOut };
    }
  }
  const start = (dayNumber(today) ?? 0) > (dayNumber(window.from) ?? 0) ? today : window.from;
  if (isIsoDate(start)) {
    const next = addDays(start, 1);
    if (windowCoversStay(window.from, window.to, start, next)) return { checkIn: start, checkOut: next };
  }
  return { checkIn: window.from, checkOut: isIsoDate(window.from) ? addDays(window.from, 1) : window.to };
}
