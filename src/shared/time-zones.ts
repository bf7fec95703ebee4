/**
 * A home's own time zone (IANA name, e.g. `Asia/Dhaka`; ADR 0035): its check-in and check-out
 * times, the cancellation cut-offs and "today" for its calendar are read in it. Only Intl is
 * used (no time-zone library): the offset at a local time is found with formatToParts.
 */
import { addDays, calendarDate, dayNumber } from './stay';

export const DEFAULT_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** True when the runtime knows `zone` as an IANA time zone (any spelling Intl accepts, e.g. `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a host picks from: the runtime's IANA list (UTC first), or a few when it has none. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...names.filter((name) => name !== DEFAULT_TIME_ZONE)];
}

/**
 * "Today": the calendar date of `now` in a home's zone; without one, in UTC (the server's day,
 * for rules that are not about one home: feeds, reviews, lists).
 */
export function homeToday(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return calendarDate(now, timeZone);
}

/**
 * The earliest check-in day anyone may ask for, the one rule behind every "arrival is in the past"
 * refusal. At a known home (a hold, a host's block): the home's today (ADR 0035). Across homes (a
 * search, the price histogram, a wishlist's availability): a day before today in UTC, the documented
 * grace for a guest west of UTC, who may still be on yesterday's date.
 */
export function earliestCheckIn(now: Date, timeZone?: string): string {
  return timeZone === undefined ? addDays(homeToday(now), -1) : homeToday(now, timeZone);
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the clocks of `timeZone` show `hhmm` on `isoDate`. A time skipped by a DST jump
 * forward is read with the offset from before the jump (02:30 becomes 03:30); a time that happens
 * twice when the clocks go back is the first of the two.
 */
export function zonedTimeToUtc(isoDate: string, hhmm: string, timeZone: string): Date {
  const day = dayNumber(isoDate);
  const time = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(hhmm);
  if (day === null) throw new RangeError(`Not a calendar date: ${isoDate}`);
  if (!time) throw new RangeError(`Not a time as HH:MM: ${hhmm}`);
  const wall = day * DAY_MS + (Number(time[1]) * 60 + Number(time[2])) * MINUTE_MS;
  // The offsets a day either side of the wall time: they differ only when a change is near.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((instant, i, all) => all.indexOf(instant) === i);
  const exact = candidates.filter((instant) => instant + offsetAt(instant, timeZone) === wall).sort((a, b) => a - b);
  // None matches in a gap: the earlier offset carries the wall time past the jump.
  return new Date(exact[0] ?? wall - before);
}

/** `Asia/Dhaka` -> `Asia/Dhaka time`; how a home's zone is named beside a time. */
export function zoneLabel(timeZone: string): string {
  return `${timeZone} time`;
}

/**
 * Known places and their zones: the demo cities and some large ones. A host's form proposes the
 * zone of the first whose name its location mentions; anything else keeps the browser's zone.
 */
const CITY_TIME_ZONES: ReadonlyArray<readonly [city: string, zone: string]> = [
  ['Lisbon', 'Europe/Lisbon'],
  ['Porto', 'Europe/Lisbon'],
  ['Barcelona', 'Europe/Madrid'],
  ['Madrid', 'Europe/Madrid'],
  ['Paris', 'Europe/Paris'],
  ['London', 'Europe/London'],
  ['Berlin', 'Europe/Berlin'],
  ['Rome', 'Europe/Rome'],
  ['Amsterdam', 'Europe/Amsterdam'],
  ['Cape Town', 'Africa/Johannesburg'],
  ['Johannesburg', 'Africa/Johannesburg'],
  ['Kyoto', 'Asia/Tokyo'],
  ['Tokyo', 'Asia/Tokyo'],
  ['Osaka', 'Asia/Tokyo'],
  ['New York', 'America/New_York'],
  ['Chicago', 'America/Chicago'],
  ['Los Angeles', 'America/Los_Angeles'],
  ['San Francisco', 'America/Los_Angeles'],
  ['Dhaka', 'Asia/Dhaka'],
  ['Delhi', 'Asia/Kolkata'],
  ['Mumbai', 'Asia/Kolkata'],
  ['Singapore', 'Asia/Singapore'],
  ['Sydney', 'Australia/Sydney'],
];

/** The zone of a known city named in `location` (`Dhaka, Bangladesh` -> `Asia/Dhaka`), or null. */
export function zoneForLocation(location: string): string | null {
  const words = location.toLowerCase();
  for (const [city, zone] of CITY_TIME_ZONES) {
    if (new RegExp(`(^|[^a-z])${city.toLowerCase()}($|[^a-z])`).test(words)) return zone;
  }
  return null;
}
