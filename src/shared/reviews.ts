/**
 * The review window (ADR 0018): a confirmed stay can be reviewed from the start (00:00 UTC) of its
 * check-out date until 14 days later; at that instant the window closes and whatever was written
 * publishes. Calendar dates carry no time zone (homes have none), so UTC is the reference.
 */
import { dayNumber } from './stay';

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

const DAY_MS = 86_400_000;

/** When reviewing a stay that checks out on `checkOut` opens and closes (half-open: [opensAt, closesAt)). */
export function reviewWindow(checkOut: string): { opensAt: Date; closesAt: Date } {
  const day = dayNumber(checkOut);
  if (day === null) throw new RangeError(`Not a calendar date: ${checkOut}`);
  return { opensAt: new Date(day * DAY_MS), closesAt: new Date((day + REVIEW_WINDOW_DAYS) * DAY_MS) };
}

export type ReviewWindowState = 'not_yet' | 'open' | 'closed';

export function reviewWindowState(checkOut: string, now: Date): ReviewWindowState {
  const { opensAt, closesAt } = reviewWindow(checkOut);
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
