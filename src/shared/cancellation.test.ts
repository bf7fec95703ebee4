import { describe, expect, it } from 'vitest';
import { checkInInstant, checkInNote, refundFor } from './cancellation';

const H = 3_600_000;
const D = 24 * H;

describe('checkInInstant', () => {
  it("is the check-in date at 12:00 in the home's time zone", () => {
    expect(checkInInstant('2027-01-20', 'UTC').toISOString()).toBe('2027-01-20T12:00:00.000Z');
    expect(checkInInstant('2027-01-20', 'Asia/Dhaka').toISOString()).toBe('2027-01-20T06:00:00.000Z');
    expect(checkInInstant('2027-07-20', 'America/New_York').toISOString()).toBe('2027-07-20T16:00:00.000Z');
    expect(() => checkInInstant('2027-02-30', 'UTC')).toThrow(RangeError);
  });

  it('names the zone in the note the policy texts end with', () => {
    expect(checkInNote('Asia/Dhaka')).toBe('Check-in is at 12:00 (Asia/Dhaka time) on the check-in date.');
  });
});

describe('refundFor', () => {
  const checkInAt = checkInInstant('2027-01-20', 'UTC');
  const at = (msBefore: number) => new Date(checkInAt.getTime() - msBefore);
  const refund = (policy: Parameters<typeof refundFor>[0]['policy'], bookedBefore: number, cancelBefore: number) =>
    refundFor({ policy, totalCents: 1_001, bookedAt: at(bookedBefore), checkInAt, cancelledAt: at(cancelBefore) });

  it('flexible: full until 24 h before check-in, inclusive', () => {
    expect(refund('flexible', 30 * D, D)).toEqual({ percent: 100, refundCents: 1_001 });
    expect(refund('flexible', 30 * D, D - 1)).toEqual({ percent: 0, refundCents: 0 });
  });
  it('moderate: full until 5 days before, inclusive', () => {
    expect(refund('moderate', 30 * D, 5 * D).percent).toBe(100);
    expect(refund('moderate', 30 * D, 5 * D - 1).percent).toBe(0);
  });
  it('strict: full within 48 h of booking if check-in is 14+ days away; 50% until 7 days before (half up)', () => {
    expect(refund('strict', 14 * D, 14 * D - 48 * H).percent).toBe(100);
    expect(refund('strict', 14 * D, 14 * D - 48 * H - 1)).toEqual({ percent: 50, refundCents: 501 });
    expect(refund('strict', 14 * D - 1, 14 * D - 2 * H).percent).toBe(50);
    expect(refund('strict', 30 * D, 7 * D).percent).toBe(50);
    expect(refund('strict', 30 * D, 7 * D - 1).percent).toBe(0);
    expect(refund('strict', 10 * D, 10 * D - H).percent).toBe(50);
  });
  it('no policy (booked before policies): always full, even after check-in', () => {
    expect(refund(null, 30 * D, -D).percent).toBe(100);
  });
});
