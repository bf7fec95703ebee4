/** Calendar arithmetic for the month grids, on YYYY-MM-DD dates (UTC days: no time zone can shift them). */
import { addDays, dayNumber } from '#shared/stay';

const monthFormatter = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const longFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const DAY_MS = 86_400_000;
const toDate = (iso: string) => new Date((dayNumber(iso) ?? 0) * DAY_MS);

/** The first day of the month of `iso`. */
export const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;

/** The first day of the month `by` months after the month of `iso`. */
export function addMonths(iso: string, by: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + by;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
}

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export const weekday = (iso: string) => ((dayNumber(iso) ?? 0) + 3) % 7;

/** Every day of the month starting at `first`. */
export function daysOfMonth(first: string): string[] {
  const next = addMonths(first, 1);
  const days: string[] = [];
  for (let d = first; d < next; d = addDays(d, 1)) days.push(d);
  return days;
}

/** "March 2027" */
export const monthLabel = (iso: string) => monthFormatter.format(toDate(iso));
/** "12 March 2027" */
export const longDay = (iso: string) => longFormatter.format(toDate(iso));
