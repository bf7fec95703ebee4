/** How a booking reads in the tables. */
import type { Booking } from '#shared/schemas/bookings';
import type { BookingStatus } from '#shared/booking-state';
import { cancellableOn } from '#shared/booking-state';
import { homeToday } from '#shared/time-zones';

const STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Awaiting payment',
  requested: 'Requested — awaiting the host',
  confirmed: 'Confirmed',
  declined: 'Declined by the host',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The label of a booking's status; a held booking whose payment went through is being confirmed, and an
 * expired request is one the host never answered.
 */
export function statusLabel(booking: Pick<Booking, 'status' | 'paymentReceived' | 'requestedAt'>): string {
  if (booking.status === 'held' && booking.paymentReceived) return 'Confirming';
  if (booking.status === 'expired' && booking.requestedAt) return 'Expired — the host did not answer';
  return STATUS_LABELS[booking.status];
}

/**
 * The guest's card was charged for the stay: it is confirmed, or was before a cancellation (which
 * records a refund, even of nothing). A hold, an open, declined, expired or withdrawn request was not.
 */
export const moneyTaken = (booking: Pick<Booking, 'status' | 'refund'>): boolean =>
  booking.status === 'confirmed' || (booking.status === 'cancelled' && booking.refund !== null);

/** A cancelled booking as its guest reads it in their history: who cancelled it. */
export function cancelledLabel(booking: Pick<Booking, 'cancelledBy'>, viewer: 'guest' | 'host' | 'admin'): string {
  if (booking.cancelledBy === 'guest') return viewer === 'guest' ? 'Cancelled by you' : 'Cancelled by the guest';
  if (booking.cancelledBy === 'host') return viewer === 'host' ? 'Cancelled by you' : 'Cancelled by the host';
  if (booking.cancelledBy === 'admin') return 'Cancelled by StayHub';
  return 'Cancelled';
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

/**
 * A held booking, or a confirmed one whose check-in day (in the home's time zone, as the server counts
 * it) has not begun at `now`: the server refuses the rest (409 stay_started), so their rows offer no Cancle.
 */
export function isCancellable(booking: Pick<Booking, 'status' | 'from' | 'timeZone'>, now: Date): boolean {
  return cancellableOn({ status: booking.status, checkIn: booking.from }, homeToday(now, booking.timeZone));
}

/**
 * The guest's list: an expired hold (a checkout given up before paying) was never
 * a booking, so it is left out; an expired request (the host did not answer) was,
 * and shows as such, as everything else does with its status.
 */
export function guestVisible(bookings: Booking[]): Booking[] {
  return bookings.filter((b) => b.status !== 'expired' || Boolean(b.requestedAt));
}

/** How often My Bookings asks again while a request waits for the host (ADR 0050). */
export const REQUEST_POLL_MS = 10_000;

/**
 * My Bookings' refetch interval: every 10 s while one of the bookings is an open request, so the
 * host's answer shows without a reload; no polling otherwise.
 */
export const requestPollInterval = (bookings: Booking[] | undefined): number | false =>
  bookings?.some((b) => b.status === 'requested') ? REQUEST_POLL_MS : false;
