/**
 * An imported iCal feed as night ranges. All-day events block [DTSTART, DTEND) as written;
 * timed events block the nights from the start's calendar date to the end's, in the event's
 * own time zone (TZID), at least one night; RRULEs are expanded over a bounded horizon;
 * STATUS:CANCELLED events and cancelled occurrences block nothing; events over before today do
 * not matter any more. Parsing and recurrence are node-ical's.
 */
import ical, { type VEvent } from 'node-ical';
import { addDays, calendarDate, dayNumber } from '#shared/stay';

/** How far ahead recurring events are expanded (and how far any event is kept): about 18 months. */
export const HORIZON_DAYS = 548;
/** Events one feed may have in the horizon (a feed with more is refused as a whole, nothing half-imported). */
export const MAX_FEED_EVENTS = 5_000;

export interface FeedRange {
  /** The event's UID, with the occurrence's start date for a recurring one (`uid/2026-12-10`). */
  uid: string;
  from: string;
  to: string;
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

function validZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** The calendar date of a DTSTART/DTEND: node-ical makes date-only values at local midnight of this process. */
function dayOf(value: Date & { tz?: string; dateOnly?: boolean }, fullDay: boolean): string {
  if (fullDay || value.dateOnly) return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  return calendarDate(value, validZone(value.tz));
}

/** The nights [from, to) of one occurrence. */
function nightsOf(
  start: Date & { tz?: string },
  end: (Date & { tz?: string }) | undefined,
  fullDay: boolean,
): { from: string; to: string } {
  const from = dayOf(start, fullDay);
  if (!end) return { from, to: addDays(from, 1) };
  let to = dayOf(end, fullDay);
  // A timed event ending after midnight still leaves that morning: the end date is the check-out day.
  if (dayNumber(to)! <= dayNumber(from)!) to = addDays(from, 1);
  return { from, to };
}

const isCancelled = (e: { status?: string }) => String(e.status ?? '').toUpperCase() === 'CANCELLED';

/** The feed's blocking ranges that end after `today` (YYYY-MM-DD), in start order. */
export function parseFeed(text: string, today: string): FeedRange[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) {
    throw new FeedParseError('not_a_calendar', 'The link did not answer an iCal calendar (no BEGIN:VCALENDAR).');
  }
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new FeedParseError('invalid_calendar', 'The calendar could not be read (it is not valid iCal).');
  }
  const horizonEnd = addDays(today, HORIZON_DAYS);
  const from = new Date(`${addDays(today, -1)}T00:00:00Z`);
  const to = new Date(`${horizonEnd}T00:00:00Z`);
  const ranges: FeedRange[] = [];
  for (const [key, component] of Object.entries(parsed)) {
    if (!component || (component as { type?: string }).type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (isCancelled(event) || !event.start) continue;
    const uid = String(event.uid ?? key);
    let instances;
    try {
      instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
    } catch {
      throw new FeedParseError(
        'invalid_calendar',
        `The event ${uid.slice(0, 80)} has a date or rule StayHub cannot read.`,
      );
    }
    for (const instance of instances) {
      if (isCancelled(instance.event)) continue;
      const nights = nightsOf(instance.start, instance.end, instance.isFullDay);
      if (nights.to <= today || nights.from >= horizonEnd) continue;
      ranges.push({ uid: event.rrule ? `${uid}/${dayOf(instance.start, instance.isFullDay)}` : uid, ...nights });
      if (ranges.length > MAX_FEED_EVENTS) {
        throw new FeedParseError('too_many_events', `The calendar has more than ${MAX_FEED_EVENTS} events ahead.`);
      }
    }
  }
  return ranges.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.uid.localeCompare(b.uid)));
}
