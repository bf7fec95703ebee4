import { describe, expect, it } from 'vitest';
import { homeToday, isTimeZone, timeZoneNames, zoneForLocation, zonedTimeToUtc } from './time-zones';

describe('zonedTimeToUtc', () => {
  it('finds the instant a local time happens in zones east and west of UTC', () => {
    expect(zonedTimeToUtc('2027-01-20', '12:00', 'Asia/Dhaka').toISOString()).toBe('2027-01-20T06:00:00.000Z');
    expect(zonedTimeToUtc('2027-01-20', '12:00', 'America/New_York').toISOString()).toBe('2027-01-20T17:00:00.000Z');
    expect(zonedTimeToUtc('2027-01-20', '12:00', 'UTC').toISOString()).toBe('2027-01-20T12:00:00.000Z');
    expect(zonedTimeToUtc('2027-01-20', '00:30', 'Asia/Kolkata').toISOString()).toBe('2027-01-19T19:00:00.000Z');
    expect(zonedTimeToUtc('2027-01-20', '23:45', 'Pacific/Kiritimati').toISOString()).toBe('2027-01-20T09:45:00.000Z');
  });

  it('follows daylight saving time', () => {
    expect(zonedTimeToUtc('2027-07-20', '12:00', 'America/New_York').toISOString()).toBe('2027-07-20T16:00:00.000Z');
    expect(zonedTimeToUtc('2027-07-20', '12:00', 'Europe/Lisbon').toISOString()).toBe('2027-07-20T11:00:00.000Z');
    // The day the clocks change, at noon: already the new offset.
    expect(zonedTimeToUtc('2027-03-14', '12:00', 'America/New_York').toISOString()).toBe('2027-03-14T16:00:00.000Z');
    expect(zonedTimeToUtc('2027-11-07', '12:00', 'America/New_York').toISOString()).toBe('2027-11-07T17:00:00.000Z');
  });

  it('reads a skipped time past the jump and a repeated time as its first occurrence', () => {
    // 02:30 does not exist on 2027-03-14 in New York (02:00 -> 03:00): 03:30 EDT.
    expect(zonedTimeToUtc('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    // 01:30 happens twice on 2027-11-07 (EDT, then EST): the first.
    expect(zonedTimeToUtc('2027-11-07', '01:30', 'America/New_York').toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(() => zonedTimeToUtc('2027-02-30', '12:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-02-01', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-02-01', '12:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('homeToday', () => {
  it('is the calendar date at the home', () => {
    const now = new Date('2027-01-20T20:00:00Z');
    expect(homeToday(now, 'UTC')).toBe('2027-01-20');
    expect(homeToday(now, 'Asia/Dhaka')).toBe('2027-01-21');
    expect(homeToday(new Date('2027-01-20T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-01-19');
  });
});

describe('time zone names', () => {
  it('knows IANA zones and refuses the rest', () => {
    expect(isTimeZone('Asia/Dhaka')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Asia/Dhaka; drop table')).toBe(false);
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain('Asia/Dhaka');
  });

  it('proposes the zone of a known city named in a location', () => {
    expect(zoneForLocation('Dhaka, Bangladesh')).toBe('Asia/Dhaka');
    expect(zoneForLocation('Gulshan, Dhaka')).toBe('Asia/Dhaka');
    expect(zoneForLocation('New York, USA')).toBe('America/New_York');
    expect(zoneForLocation('Cape Town, South Africa')).toBe('Africa/Johannesburg');
    expect(zoneForLocation('Romeville')).toBeNull();
    expect(zoneForLocation('Nowhere')).toBeNull();
  });
});
