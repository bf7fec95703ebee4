import { describe, expect, it } from 'vitest';
import {
  defaultSearchDates,
  initialStay,
  searchDateProblem,
  searchStay,
  toCalendarDate,
  toDateTimeLocalValue,
} from './dates';

describe('search dates', () => {
  it('defaults to arrival now and departure one day later', () => {
    const now = new Date(2026, 4, 31, 22, 15); // local time
    const { arrivalDate, departureDate } = defaultSearchDates(now);
    expect(arrivalDate).toBe('2026-05-31T22:15');
    expect(departureDate).toBe('2026-06-01');
  });

  it('formats a datetime-local value in local time', () => {
    expect(toDateTimeLocalValue(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });

  it('reads calendar dates from dates, datetime-local values and instants', () => {
    expect(toCalendarDate('2026-05-01')).toBe('2026-05-01');
    expect(toCalendarDate('2026-05-01T23:30')).toBe('2026-05-01');
    expect(toCalendarDate('2026-05-01T23:30:00Z', 'Asia/Tokyo')).toBe('2026-05-02');
    expect(toCalendarDate('2026-02-30')).toBeNull();
    expect(toCalendarDate('tomorrow')).toBeNull();
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate(null)).toBeNull();
  });

  it('reads a date still being typed (year 0002, 0020, 0202) as no date instead of throwing', () => {
    expect(toCalendarDate('0002-12-10T14:30')).toBeNull();
    expect(toCalendarDate('0202-12-10T14:30')).toBeNull();
    expect(toCalendarDate('0002-12-10')).toBeNull();
    expect(toCalendarDate('2026-12-10T14:30')).toBe('2026-12-10');
  });

  it('says why search dates cannot be used', () => {
    const today = '2026-05-10';
    expect(searchDateProblem('2026-05-09T10:00', '2026-05-12', today)).toEqual({
      field: 'arrival',
      message: expect.stringMatching(/^Arrival is in the past/),
    });
    expect(searchDateProblem('0002-05-11T10:00', '2026-05-12', today)?.field).toBe('arrival');
    expect(searchDateProblem('2026-05-10T10:00', '', today)).toEqual({
      field: 'departure',
      message: 'Enter the whole departure date.',
    });
    expect(searchDateProblem('2026-05-12T10:00', '2026-05-12', today)?.message).toBe(
      'Departure must be after arrival.',
    );
    expect(searchDateProblem('2026-05-10T10:00', '2026-05-11', today)).toBeNull();
  });

  it('makes a stay only when departure is after arrival', () => {
    expect(searchStay('2026-05-01T14:00', '2026-05-03')).toEqual({ checkIn: '2026-05-01', checkOut: '2026-05-03' });
    expect(searchStay('2026-05-03T14:00', '2026-05-03')).toBeNull();
    expect(searchStay('2026-05-04T14:00', '2026-05-03')).toBeNull();
    expect(searchStay(undefined, '2026-05-03')).toBeNull();
  });
});

describe('initialStay', () => {
  const window = { from: '2026-06-01', to: '2026-06-30' };

  it('uses the first candidate that fits the window', () => {
    expect(
      initialStay(
        window,
        [
          { checkIn: '2026-05-30', checkOut: '2026-06-02' },
          { checkIn: '2026-06-10', checkOut: '2026-06-12' },
        ],
        '2026-05-01',
      ),
    ).toEqual({ checkIn: '2026-06-10', checkOut: '2026-06-12' });
  });

  it('falls back to the first night of the window', () => {
    expect(initialStay(window, [null, {}], '2026-05-01')).toEqual({ checkIn: '2026-06-01', checkOut: '2026-06-02' });
  });

  it('starts today when the window has already begun', () => {
    expect(initialStay(window, [], '2026-06-15')).toEqual({ checkIn: '2026-06-15', checkOut: '2026-06-16' });
  });

  it('keeps the window start when today is past its last night', () => {
    expect(initialStay(window, [], '2026-07-15')).toEqual({ checkIn: '2026-06-01', checkOut: '2026-06-02' });
  });
});
