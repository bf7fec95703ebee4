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

/** The label of a booking's status; a held booking whose payment went through is being confirmed. */
export function statusLabel(booking: Pick<Booking, 'status' | 'paymentReceived'>): string {
  return booking.status === 'held' && booking.paymentReceived ? 'Confirming' : STATUS_LABELS[booking.status];
}

/** A reservation still waiting for its payment: the guest may open its checkout again ("Continue to pay"). */
export function awaitsPayment(booking: Pick<Booking, 'status' | 'paymentReceived' | 'homeId'>): boolean {
  return booking.status === 'held' && !booking.paymentReceived && booking.homeId !== null;
}

/** The checkout of a booking's stay (it answers the same hold while it lasts). */
export function checkoutHref(booking: Pick<Booking, 'homeId' | 'from' | 'to' | 'guests'>): string {
  const params = new URLSearchParams({
    homeId: booking.homeId ?? '',
    checkIn: booking.from,
    checkOut: booking.to,
    guests: String(booking.guests),
  });
  return `/chackout?${params.toString()}`;
}

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
