import { describe, expect, it } from 'vitest';
import { clockTime, formatDay, formatDayRange } from './dates';

describe('formatDay', () => {
  it('shows a calendar date as "Dec 3, 2026"', () => {
    expect(formatDay('2026-12-03')).toBe('Dec 3, 2026');
    expect(formatDay('2026-05-01')).toBe('May 1, 2026');
  });

  it('adds the weekday when asked', () => {
    expect(formatDay('2026-05-01', { weekday: true })).toBe('Fri, May 1, 2026');
  });

  it('is the same calendar date whatever the runtime time zone (no UTC shift on Jan 1)', () => {
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('shows anything that is not a real date as given', () => {
    expect(formatDay('not a date')).toBe('not a date');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
  });
});

describe('formatDayRange', () => {
  it('reads a window as two days, never ISO', () => {
    expect(formatDayRange('2026-12-03', '2027-02-01')).toBe('Dec 3, 2026 to Feb 1, 2027');
  });
});

describe('clockTime', () => {
  it.each([
    ['00:05', '12:05 AM'],
    ['12:00', '12:00 PM'],
    ['15:30', '3:30 PM'],
    ['23:59', '11:59 PM'],
  ])('%s reads %s', (hhmm, text) => {
    expect(clockTime(hhmm)).toBe(text);
  });
});
