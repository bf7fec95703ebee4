/** Calendar dates of the host screens (YYYY-MM-DD, see src/shared/stay.ts). */
import { addDays, calendarDate, dayNumber } from '#shared/stay';

/** The add-home form's defaults (spec section 9): available from today, to one day later. */
export function defaultAvailability(now: Date, timeZone?: string): { from: string; to: string } {
  const from = calendarDate(now, timeZone);
  return { from, to: addDays(from, 1) };
}

const dayFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** `2026-05-01` -> `May 1, 2026`, the same in every time zone. */
export function formatDay(isoDate: string): string {
  const n = dayNumber(isoDate);
  return n === null ? isoDate : dayFormatter.format(new Date(n * 86_400_000));
}
