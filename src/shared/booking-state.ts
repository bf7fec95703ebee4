/**
 * A booking is a small state machine (DESIGN.md, "Booking and payment"):
 *
 *   held --pay--> confirmed --cancel--> cancelled
 *   held --expire--> expired
 *   held --cancel--> cancelled
 *
 * cancelled and expired are terminal. The server checks every status change
 * against this table; the database update then repeats the `from` status in its
 * WHERE clause so two racing changes cannot both win.
 */
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_EVENTS = ['pay', 'expire', 'cancel'] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingEvent, BookingStatus>>> = {
  held: { pay: 'confirmed', expire: 'expired', cancel: 'cancelled' },
  confirmed: { cancel: 'cancelled' },
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
