/**
 * Request to book (issue 27, ADR 0050): how long the host has to answer a request.
 */
import { zonedTimeToUtc } from './time-zones';

/** The host answers within 24 hours of the request... */
export const REQUEST_RESPONSE_HOURS = 24;
/** ...and at the latest this long before the check-in day begins in the home's zone (the guest must know in time). */
const REQUEST_MARGIN_HOURS = 2;
/** A request is refused when the host would have less than this to answer (a stay starting too soon). */
const MIN_REQUEST_WINDOW_HOURS = 1;

const HOUR_MS = 3_600_000;

/** When a request made at `now` expires: min(now + 24 h, the check-in day's start in the home's zone - 2 h). */
export function respondByFor(now: Date, checkIn: string, timeZone: string): Date {
  const checkInStart = zonedTimeToUtc(checkIn, '00:00', timeZone).getTime();
  return new Date(
    Math.min(now.getTime() + REQUEST_RESPONSE_HOURS * HOUR_MS, checkInStart - REQUEST_MARGIN_HOURS * HOUR_MS),
  );
}

/** Whether a request placed at `now` (paid within `payWithinMs`) still leaves the host MIN_REQUEST_WINDOW_HOURS to answer. */
export function requestLeavesTime(now: Date, checkIn: string, timeZone: string, payWithinMs: number): boolean {
  const paidBy = new Date(now.getTime() + payWithinMs);
  return respondByFor(paidBy, checkIn, timeZone).getTime() - paidBy.getTime() >= MIN_REQUEST_WINDOW_HOURS * HOUR_MS;
}

/** The guest's checkout note in request mode (the wording). */
export const REQUEST_TO_BOOK_NOTE = "Request to book — you won't be charged unless the host accepts";
export const REQUEST_TO_BOOK_BUTTON = 'Request to book';
