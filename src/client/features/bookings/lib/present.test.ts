import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { guestVisible, isCancellable } from './present';

const booking = (status: Booking['status'], from = '2026-12-10') => ({ _id: status, status, from }) as Booking;
const TODAY = '2026-12-01';

describe('booking presentation', () => {
  it('only held and confirmed bookings can be cancelled', () => {
    expect(isCancellable(booking('held'), TODAY)).toBe(true);
    expect(isCancellable(booking('confirmed'), TODAY)).toBe(true);
    expect(isCancellable(booking('cancelled'), TODAY)).toBe(false);
    expect(isCancellable(booking('expired'), TODAY)).toBe(false);
  });
  it('a confirmed stay whose check-in day has begun offers no cancel', () => {
    expect(isCancellable(booking('confirmed', '2026-12-02'), TODAY)).toBe(true);
    expect(isCancellable(booking('confirmed', TODAY), TODAY)).toBe(false);
    expect(isCancellable(booking('confirmed', '2026-11-15'), TODAY)).toBe(false);
  });
  it('the guest does not see expired holds', () => {
    const all = (['held', 'confirmed', 'cancelled', 'expired'] as const).map((s) => booking(s));
    expect(guestVisible(all).map((b) => b.status)).toEqual(['held', 'confirmed', 'cancelled']);
  });
});
