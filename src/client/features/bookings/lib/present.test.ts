import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { guestVisible, isCancellable } from './present';

const booking = (status: Booking['status']) => ({ _id: status, status }) as Booking;

describe('booking presentation', () => {
  it('only held and confirmed bookings can be cancelled', () => {
    expect(isCancellable(booking('held'))).toBe(true);
    expect(isCancellable(booking('confirmed'))).toBe(true);
    expect(isCancellable(booking('cancelled'))).toBe(false);
    expect(isCancellable(booking('expired'))).toBe(false);
  });
  it('the guest does not see expired holds', () => {
    const all = (['held', 'confirmed', 'cancelled', 'expired'] as const).map(booking);
    expect(guestVisible(all).map((b) => b.status)).toEqual(['held', 'confirmed', 'cancelled']);
  });
});
