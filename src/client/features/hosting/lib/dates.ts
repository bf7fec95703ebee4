/** Calendar dates of the host screens (YYYY-MM-DD, see src/shared/stay.ts). */
import { addDays, calendarDate } from '#shared/stay';

/** The add-home form's defaults (spec section 9): available from today, to one day later. */
export function defaultAvailability(now: Date, timeZone?: string): { from: string; to: string } {
  const from = calendarDate(now, timeZone);
  return { from, to: addDays(from, 1) };
}
