import { describe, expect, it } from 'vitest';
import { defaultAvailability } from './dates';

describe('defaultAvailability', () => {
  it('starts today and ends one day later (spec section 9)', () => {
    expect(defaultAvailability(new Date('2026-03-10T09:00:00Z'), 'UTC')).toEqual({
      from: '2026-03-10',
      to: '2026-03-11',
    });
  });

  it('uses the calendar date where the host is, across month and year ends', () => {
    expect(defaultAvailability(new Date('2026-12-31T23:30:00Z'), 'UTC')).toEqual({
      from: '2026-12-31',
      to: '2027-01-01',
    });
    // 23:30 UTC is already the next day in Tokyo.
    expect(defaultAvailability(new Date('2026-02-28T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
    });
    // ...and still the previous day in Los Angeles.
    expect(defaultAvailability(new Date('2026-03-01T03:00:00Z'), 'America/Los_Angeles')).toEqual({
      from: '2026-02-28',
      to: '2026-03-01',
    });
  });
});
