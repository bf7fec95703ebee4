import { describe, expect, it } from 'vitest';
import { reviewWindow, reviewWindowState, roundedAverage } from './reviews';

describe('review window', () => {
  it('opens at 00:00 UTC of the check-out date and closes 14 days later', () => {
    expect(reviewWindow('2026-12-31')).toEqual({
      opensAt: new Date('2026-12-31T00:00:00.000Z'),
      closesAt: new Date('2027-01-14T00:00:00.000Z'),
    });
    expect(reviewWindowState('2026-12-31', new Date('2026-12-30T23:59:59.999Z'))).toBe('not_yet');
    expect(reviewWindowState('2026-12-31', new Date('2026-12-31T00:00:00.000Z'))).toBe('open');
    expect(reviewWindowState('2026-12-31', new Date('2027-01-13T23:59:59.999Z'))).toBe('open');
    expect(reviewWindowState('2026-12-31', new Date('2027-01-14T00:00:00.000Z'))).toBe('closed');
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => reviewWindow('2026-02-30')).toThrow(RangeError);
  });

  it("runs midnight to midnight in the home's time zone", () => {
    // Dhaka is UTC+6: its Dec 31 begins at 18:00 UTC on Dec 30.
    expect(reviewWindow('2026-12-31', 'Asia/Dhaka')).toEqual({
      opensAt: new Date('2026-12-30T18:00:00.000Z'),
      closesAt: new Date('2027-01-13T18:00:00.000Z'),
    });
    expect(reviewWindowState('2026-12-31', new Date('2026-12-30T18:00:00.000Z'), 'Asia/Dhaka')).toBe('open');
    expect(reviewWindowState('2026-12-31', new Date('2027-01-13T18:00:00.000Z'), 'Asia/Dhaka')).toBe('closed');
    // New York in winter is UTC-5.
    expect(reviewWindow('2026-12-31', 'America/New_York').opensAt).toEqual(new Date('2026-12-31T05:00:00.000Z'));
  });
});

describe('roundedAverage', () => {
  it('answers null without ratings and rounds to two decimals', () => {
    expect(roundedAverage(0, 0)).toBeNull();
    expect(roundedAverage(14, 3)).toBe(4.67);
    expect(roundedAverage(5, 1)).toBe(5);
  });

  it('rounds an exact half up, which floating point would not (829 / 200 * 100 is 414.49999… there)', () => {
    expect(roundedAverage(829, 200)).toBe(4.15);
    expect(roundedAverage(33, 8)).toBe(4.13);
    expect(roundedAverage(9, 8)).toBe(1.13);
  });
});
