/**
 * The review window (ADR 0018): a confirmed stay can be reviewed from the start (00:00) of its
 * check-out date until 14 days later, both in the home's time zone (kept on the booking, ADR 0035);
 * at that instant the window closes and whatever was written publishes.
 */
import { addDays, dayNumber } from './stay';
import { zonedTimeToUtc } from './time-zones';

export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_CATEGORIES = ['cleanliness', 'accuracy', 'location', 'value'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  cleanliness: 'Cleanliness',
  accuracy: 'Accuracy',
  location: 'Location',
  value: 'Value',
};

/**
 * When reviewing a stay that checks out on `checkOut` opens and closes (half-open: [opensAt, closesAt)),
 * midnight to midnight in the home's time zone.
 */
export function reviewWindow(checkOut: string, timeZone = 'UTC'): { opensAt: Date; closesAt: Date } {
  if (dayNumber(checkOut) === null) throw new RangeError(`Not a calendar date: ${checkOut}`);
  return {
    opensAt: zonedTimeToUtc(checkOut, '00:00', timeZone),
    closesAt: zonedTimeToUtc(addDays(checkOut, REVIEW_WINDOW_DAYS), '00:00', timeZone),
  };
}

export type ReviewWindowState = 'not_yet' | 'open' | 'closed';

export function reviewWindowState(checkOut: string, now: Date, timeZone = 'UTC'): ReviewWindowState {
  const { opensAt, closesAt } = reviewWindow(checkOut, timeZone);
  if (now < opensAt) return 'not_yet';
  return now < closesAt ? 'open' : 'closed';
}

/**
 * The average of whole ratings to two decimals, halves rounded up (14 / 3 -> 4.67, 829 / 200 -> 4.15);
 * null when nothing was rated. Worked in integers, so a half is a half (in floating point
 * 829 / 200 * 100 is 414.49999…) and PostgreSQL's home_api_json (migration 0018) gets the same.
 */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.floor((sum * 200 + count) / (2 * count)) / 100 : null;
}
