/**
 * A booking is a small state machine (DESIGN.md, "Booking and payment"; requests: ADR 0050):
 *
 *   held --pay--> confirmed --cancel--> cancelled
 *   held --expire--> expired
 *   held --cancel--> cancelled
 *   held --request--> requested          (request to book: the card is authorised, not charged)
 *   requested --accept--> confirmed      (the host accepts: the authorisation is captured)
 *   requested --decline--> declined      (the host declines: the authorisation is released)
 *   requested --lapse--> expired         (no answer by respond_by: released)
 *   requested --cancel--> cancelled      (the guest withdraws: released)
 *
 * cancelled, expired and declined are terminal. A requested booking holds its nights exactly like a
 * confirmed one (the exclusion constraint, homes.confirmed_nights). The server checks every status change
 * against this table; the database update then repeats the `from` status in its
 * WHERE clause so two racing changes cannot both win.
 */
export const BOOKING_STATUSES = ['held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_EVENTS = ['pay', 'request', 'accept', 'decline', 'lapse', 'expire', 'cancel'] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingEvent, BookingStatus>>> = {
  held: { pay: 'confirmed', request: 'requested', expire: 'expired', cancel: 'cancelled' },
  requested: { accept: 'confirmed', decline: 'declined', lapse: 'expired', cancel: 'cancelled' },
  confirmed: { cancel: 'cancelled' },
  declined: {},
  cancelled: {},
  expired: {},
};

export class BookingTransitionError extends Error {
  override name = 'BookingTransitionError';
  constructor(
    readonly from: BookingStatus,
    readonly event: BookingEvent,
  ) {
    super(`A ${from} booking cannot ${event}`);
  }
}

/** The status after `event`; throws BookingTransitionError when the machine refuses it. */
export function transition(from: BookingStatus, event: BookingEvent): BookingStatus {
  const to = TRANSITIONS[from]?.[event];
  if (!to) throw new BookingTransitionError(from, event);
  return to;
}

export function canTransition(from: BookingStatus, event: BookingEvent): boolean {
  return TRANSITIONS[from]?.[event] !== undefined;
}

/** Statuses that `event` may start from (used in guarded UPDATE ... WHERE status IN (...)). */
export function sourcesOf(event: BookingEvent): BookingStatus[] {
  return BOOKING_STATUSES.filter((s) => canTransition(s, event));
}

export function isTerminal(status: BookingStatus): boolean {
  return BOOKING_EVENTS.every((e) => !canTransition(status, e));
}

/**
 * Whether a guest or an admin may still cancel a booking through the spec's cancel call on the
 * calendar day `today` (YYYY-MM-DD): a hold or a request always, a confirmed stay only before its check-in day
 * begins. Once the stay is under way or over, cancelling it would refund nights already given
 * and free dates in the past (issue 25).
 */
export function cancellableOn(booking: { status: BookingStatus; checkIn: string }, today: string): boolean {
  if (!canTransition(booking.status, 'cancel')) return false;
  // A request is withdrawn before the host answers, which is always before check-in (ADR 0050).
  return booking.status === 'held' || booking.status === 'requested' || booking.checkIn > today;
}

export const STAY_STARTED_MESSAGE = 'This stay has already begun, so it can no longer be cancelled.';
