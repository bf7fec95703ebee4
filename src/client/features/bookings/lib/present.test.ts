import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { guestVisible, isCancellable } from './present';

const booking = (status: Booking['status'], from = '2026-12-10', timeZone = 'UTC') =>
  ({ _id: status, status, from, timeZone }) as Booking;
const TODAY = new Date('2026-12-01T12:00:00Z');

describe('booking presentation', () => {
  it('only held and confirmed bookings can be cancelled', () => {
    expect(isCancellable(booking('held'), TODAY)).toBe(true);
    expect(isCancellable(booking('confirmed'), TODAY)).toBe(true);
    expect(isCancellable(booking('cancelled'), TODAY)).toBe(false);
    expect(isCancellable(booking('expired'), TODAY)).toBe(false);
  });
  it("counts the check-in day in the home's time zone", () => {
    // 20:00 UTC on Dec 1 is already Dec 2 in Dhaka (UTC+6): a Dec 2 check-in there has begun.
    const evening = new Date('2026-12-01T20:00:00Z');
    expect(isCancellable(booking('confirmed', '2026-12-02', 'Asia/Dhaka'), evening)).toBe(false);
    expect(isCancellable(booking('confirmed', '2026-12-02', 'UTC'), evening)).toBe(true);
  });
  it('a confirmed stay whose check-in day has begun offers no cancel', () => {
    expect(isCancellable(booking('confirmed', '2026-12-02'), TODAY)).toBe(true);
    expect(isCancellable(booking('confirmed', '2026-12-01'), TODAY)).toBe(false);
    expect(isCancellable(booking('confirmed', '2026-11-15'), TODAY)).toBe(false);
  });
  it('the guest does not see expired holds', () => {
    const all = (['held', 'confirmed', 'cancelled', 'expired'] as const).map((s) => booking(s));
    expect(guestVisible(all).map((b) => b.status)).toEqual(['held', 'confirmed', 'cancelled']);
  });
});
