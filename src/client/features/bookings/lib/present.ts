/** How a booking reads in the tables. */
import type { Booking } from '#shared/schemas/bookings';
import type { BookingStatus } from '#shared/booking-state';
import { canTransition } from '#shared/booking-state';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Only a held or confirmed booking can still be cancelled (the state machine's rule). */
export function isCancellable(booking: Pick<Booking, 'status'>): boolean {
  return canTransition(booking.status, 'cancel');
}

/**
 * The guest's list: an expired hold (a checkout given up before paying) was never
 * a booking, so it is left out; everything else shows with its status.
 */
export function guestVisible(bookings: Booking[]): Booking[] {
  return bookings.filter((b) => b.status !== 'expired');
}
