/** How a calendar date (YYYY-MM-DD, see stay.ts) reads on screen, the same in every time zone. */
import { dayNumber } from './stay';

const DAY_MS = 86_400_000;

const dayFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

const weekdayFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * `2026-12-03` -> `Dec 3, 2026`; with `weekday`, `Thu, Dec 3, 2026`.
 * Anything that is not a calendar date is shown as given.
 */
export function formatDay(isoDate: string, { weekday = false }: { weekday?: boolean } = {}): string {
  const n = dayNumber(isoDate);
  if (n === null) return isoDate;
  return (weekday ? weekdayFormatter : dayFormatter).format(new Date(n * DAY_MS));
}

/** '15:30' -> '3:30 PM', as the terms write times (check-in after 12:00 PM). */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A stay or a home's window: `2026-12-03`, `2027-02-01` -> `Dec 3, 2026 to Feb 1, 2027`. */
export function formatDayRange(from: string, to: string): string {
  return `${formatDay(from)} to ${formatDay(to)}`;
}
