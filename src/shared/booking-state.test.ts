import { describe, expect, it } from 'vitest';
import {
  BOOKING_EVENTS,
  BOOKING_STATUSES,
  BookingTransitionError,
  canTransition,
  isTerminal,
  sourcesOf,
  transition,
  type BookingEvent,
  type BookingStatus,
} from './booking-state';

const allowed: [BookingStatus, BookingEvent, BookingStatus][] = [
  ['held', 'pay', 'confirmed'],
  ['held', 'expire', 'expired'],
  ['held', 'cancel', 'cancelled'],
  ['held', 'request', 'requested'],
  ['requested', 'accept', 'confirmed'],
  ['requested', 'decline', 'declined'],
  ['requested', 'lapse', 'expired'],
  ['requested', 'cancel', 'cancelled'],
  ['confirmed', 'cancel', 'cancelled'],
];

const refused = BOOKING_STATUSES.flatMap((from) => BOOKING_EVENTS.map((event) => [from, event] as const)).filter(
  ([from, event]) => !allowed.some(([f, e]) => f === from && e === event),
);

describe('booking state machine', () => {
  it.each(allowed)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toBe(to);
    expect(canTransition(from, event)).toBe(true);
  });

  it('refuses exactly the other 33 pairs', () => {
    expect(refused).toHaveLength(BOOKING_STATUSES.length * BOOKING_EVENTS.length - allowed.length);
    expect(refused).toHaveLength(33);
  });

  it.each(refused)('refuses %s --%s-->', (from, event) => {
    expect(canTransition(from, event)).toBe(false);
    expect(() => transition(from, event)).toThrow(BookingTransitionError);
    expect(() => transition(from, event)).toThrow(`A ${from} booking cannot ${event}`);
  });

  it('has declined, cancelled and expired as the only terminal states', () => {
    expect(BOOKING_STATUSES.filter(isTerminal)).toEqual(['declined', 'cancelled', 'expired']);
  });

  it('lists the sources of each event', () => {
    expect(sourcesOf('pay')).toEqual(['held']);
    expect(sourcesOf('expire')).toEqual(['held']);
    expect(sourcesOf('cancel')).toEqual(['held', 'requested', 'confirmed']);
    expect(sourcesOf('accept')).toEqual(['requested']);
    expect(sourcesOf('lapse')).toEqual(['requested']);
  });
});
