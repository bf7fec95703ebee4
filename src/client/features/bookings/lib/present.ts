/** How a booking reads in the tables. */
import type { Booking } from '#shared/schemas/bookings';
import type { BookingStatus } from '#shared/booking-state';
import { canTransition } from '#shared/booking-state';
import { formatCents } from '#shared/money';
import { dayNumber } from '#shared/stay';

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

const dayFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** `2026-05-01` -> `May 1, 2026`, the same calendar date in every time zone. */
export function formatBookingDay(isoDate: string): string {
  const n = dayNumber(isoDate);
  return n === null ? isoDate : dayFormatter.format(new Date(n * 86_400_000));
}

export function formatDollars(amount: number): string {
  return formatCents(Math.round(amount * 100));
}
