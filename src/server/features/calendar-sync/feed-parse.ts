/**
 * An imported iCal feed as night ranges. All-day events block [DTSTART, DTEND) as written;
 * timed events block the nights from the start's calendar date to the end's, in the event's
 * own time zone (TZID), at least one night; RRULEs are expanded over a bounded horizon;
 * STATUS:CANCELLED events and cancelled occurrences block nothing; events over before today do
 * not matter any more. Parsing and recurrence are node-ical's.
 *
 * What a feed may cost is bounded before the work is done: a body that is not shaped like a
 * calendar is refused unread, and the repetitions the rules would have node-ical step through
 * are estimated first (a feed above MAX_RULE_STEPS is refused, none expanded). This runs in a
 * worker thread with a deadline (feed-parse-pool.ts), never on the server's event loop.
 */
import ical, { type VEvent } from 'node-ical';
import { addDays, calendarDate, dayNumber } from '#shared/stay';

/** How far ahead recurring events are expanded (and how far any event is kept): about 18 months. */
export const HORIZON_DAYS = 548;
/** Events one feed may have in the horizon (a feed with more is refused as a whole, nothing half-imported). */
const MAX_FEED_EVENTS = 5_000;
/**
 * Repetitions all RRULEs of one feed may make node-ical step through (estimated before any is
 * expanded): 20 daily rules over the horizon fit; `FREQ=SECONDLY;COUNT=9999` five times does not.
 */
const MAX_RULE_STEPS = 20_000;
/** node-ical gives up on a rule after this many steps (rrule-temporal's default `maxIterations`). */
const NODE_ICAL_RULE_STEPS = 10_000;
/** What a host sees for a body that is not iCalendar (an HTML sign-in page, a picture, an error text). */
const NOT_A_CALENDAR = 'This link did not return a calendar';
const MAX_NESTING = 8;

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

const withCommas = (n: number) => n.toLocaleString('en-US');
const isCancelled = (e: { status?: string }) => String(e.status ?? '').toUpperCase() === 'CANCELLED';

/**
 * Refuses the feed, before expanding anything, when its rules together would step more than
 * MAX_RULE_STEPS times, or one more than node-ical's own limit for a rule (it would fail anyway).
 */
function checkRuleSteps(events: [string, VEvent][], from: Date, to: Date): void {
  let total = 0;
  for (const [, event] of events) {
    const steps = ruleSteps(event, from, to);
    total += steps;
    if (total > MAX_RULE_STEPS || steps > NODE_ICAL_RULE_STEPS) {
      throw new FeedParseError(
        'too_complex',
        `This calendar repeats its events too often for StayHub to read (more than ${withCommas(NODE_ICAL_RULE_STEPS)} ` +
          `repetitions of one event, or ${withCommas(MAX_RULE_STEPS)} in all, to work out). Nothing was imported from it.`,
      );
    }
  }
}

/**
 * True when the body is shaped like iCalendar (RFC 5545 §3.4, §3.6): its first line is BEGIN:VCALENDAR,
 * every BEGIN has its END in order, nothing but blank lines outside VCALENDAR, no NUL. node-ical
 * reads an HTML page or a cut-off feed as an empty calendar, which would unblock every night.
 */
export function isCalendarShaped(text: string): boolean {
  if (text.includes('\0')) return false;
  const open: string[] = [];
  let calendars = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    // Folded lines continue the line before (RFC 5545 §3.1).
    if (raw.startsWith(' ') || raw.startsWith('\t')) continue;
    const line = raw.trimEnd();
    if (!line) continue;
    const edge = /^(BEGIN|END):([A-Za-z0-9-]+)$/i.exec(line);
    if (!edge) {
      if (!open.length) return false;
      continue;
    }
    const name = edge[2]!.toUpperCase();
    if (edge[1]!.toUpperCase() === 'BEGIN') {
      if (open.length === 0 ? name !== 'VCALENDAR' : open.length >= MAX_NESTING) return false;
      open.push(name);
    } else {
      if (open.pop() !== name) return false;
      if (!open.length) calendars++;
    }
  }
  return calendars > 0 && open.length === 0;
}

const SECONDS_PER: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3_600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
  MONTHLY: 28 * 86_400,
  YEARLY: 365 * 86_400,
};
const listLength = (v: unknown) => (Array.isArray(v) && v.length ? v.length : 1);
const asDate = (v: unknown) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : null);

/**
 * About how many times node-ical steps through `event`'s rule to expand it over [from, to]: a
 * rule with COUNT is walked from DTSTART, one without is started at `from` less the event's
 * length (occurrences still going on count, as in expandOngoing); each period yields
 * one occurrence per BYHOUR/BYMINUTE/BYSECOND (and BYDAY of a weekly rule) combination. An
 * estimate that can only be checked cheaply, not an exact count (the parse deadline backs it up).
 */
function ruleSteps(event: VEvent, from: Date, to: Date): number {
  const o = event.rrule?.options;
  if (!o) return 0;
  const freq = String(o.freq ?? '').toUpperCase();
  const period = (SECONDS_PER[freq] ?? 1) * Math.max(1, Number(o.interval) || 1) * 1000;
  const count = Number(o.count) > 0 ? Number(o.count) : null;
  const dtstart = asDate(o.dtstart) ?? asDate(event.start) ?? from;
  const length = Math.max(0, (asDate(event.end)?.getTime() ?? 0) - (asDate(event.start)?.getTime() ?? 0));
  const start = count ? dtstart : new Date(Math.max(dtstart.getTime(), from.getTime() - length));
  const until = asDate(o.until);
  const end = until && until < to ? until : to;
  let perPeriod = 1;
  if (period > 3_600_000) perPeriod *= listLength(o.byHour);
  if (period > 60_000) perPeriod *= listLength(o.byMinute);
  if (period > 1_000) perPeriod *= listLength(o.bySecond);
  if (freq === 'WEEKLY') perPeriod *= listLength(o.byDay);
  const steps = Math.max(0, Math.floor((end.getTime() - start.getTime()) / period) + 1) * perPeriod;
  return count ? Math.min(steps, count * perPeriod) : steps;
}

/** The feed's blocking ranges that end after `today` (YYYY-MM-DD), in start order. */
export function parseFeed(text: string, today: string): FeedRange[] {
  if (!isCalendarShaped(text)) throw new FeedParseError('not_a_calendar', NOT_A_CALENDAR);
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new FeedParseError('invalid_calendar', 'The calendar could not be read (it is not valid iCal).');
  }
  const horizonEnd = addDays(today, HORIZON_DAYS);
  const from = new Date(`${addDays(today, -1)}T00:00:00Z`);
  const to = new Date(`${horizonEnd}T00:00:00Z`);
  const events = Object.entries(parsed).filter(
    (entry): entry is [string, VEvent] =>
      (entry[1] as { type?: string } | undefined)?.type === 'VEVENT' && !isCancelled(entry[1] as VEvent),
  );
  checkRuleSteps(events, from, to);
  const ranges: FeedRange[] = [];
  for (const [key, event] of events) {
    if (!event.start) continue;
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
