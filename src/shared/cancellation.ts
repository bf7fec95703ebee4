/**
 * Cancellation policies and the refund a guest's cancellation earns (ADR 0019).
 * Pure functions of instants: the caller says when check-in is (the check-in
 * date at CHECK_IN_TIME in the home's own time zone, ADR 0035).
 */
import { shareOf } from './stay';
import { zoneLabel, zonedTimeToUtc } from './time-zones';

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** Homes that existed before policies (migration 0013) and new homes that name none. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'flexible';

/** The terms' "check-in after 12:00 PM", on the clocks of the home's time zone. */
const CHECK_IN_TIME = '12:00';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** One sentence per policy, as details, checkout and the receipt show it. */
export const POLICY_TERMS: Record<CancellationPolicy, string> = {
  flexible: 'Full refund if you cancel at least 24 hours before check-in; no refund after that.',
  moderate: 'Full refund if you cancel at least 5 days before check-in; no refund after that.',
  strict:
    'Full refund if you cancel within 48 hours of booking and check-in is at least 14 days after booking; ' +
    '50% refund if you cancel at least 7 days before check-in; no refund after that.',
};

/** The note every policy text ends with: what "check-in" means in these rules, in the home's zone. */
export function checkInNote(timeZone: string): string {
  return `Check-in is at ${CHECK_IN_TIME} (${zoneLabel(timeZone)}) on the check-in date.`;
}

/** The instant a stay starts for the refund rules: the check-in date at CHECK_IN_TIME in the home's zone. */
export function checkInInstant(checkIn: string, timeZone: string): Date {
  return zonedTimeToUtc(checkIn, CHECK_IN_TIME, timeZone);
}

export interface RefundInput {
  /** null: booked before policies existed, when every cancellation was refunded in full. */
  policy: CancellationPolicy | null;
  totalCents: number;
  /** When the booking was made: its payment confirmed (a hold is not a booking yet). */
  bookedAt: Date;
  checkInAt: Date;
  cancelledAt: Date;
}

export interface RefundDecision {
  /** 100, 50 or 0. */
  percent: 100 | 50 | 0;
  refundCents: number;
}

/**
 * The refund of a guest's cancellation. Every "until" is inclusive: cancelling
 * exactly 24 h (flexible), 5 days (moderate) or 7 days (strict, 50%) before
 * check-in still earns it, and so does cancelling exactly 48 h after booking
 * when check-in was exactly 14 days after booking (strict, full).
 * 50% of an odd number of cents rounds half up (the one rounding rule, `shareOf`).
 */
export function refundFor(input: RefundInput): RefundDecision {
  const percent = refundPercent(input);
  return { percent, refundCents: shareOf(input.totalCents, percent * 100) };
}

function refundPercent({ policy, bookedAt, checkInAt, cancelledAt }: RefundInput): 100 | 50 | 0 {
  const before = checkInAt.getTime() - cancelledAt.getTime();
  switch (policy) {
    case null:
      return 100;
    case 'flexible':
      return before >= DAY_MS ? 100 : 0;
    case 'moderate':
      return before >= 5 * DAY_MS ? 100 : 0;
    case 'strict': {
      const sinceBooking = cancelledAt.getTime() - bookedAt.getTime();
      const leadTime = checkInAt.getTime() - bookedAt.getTime();
      if (sinceBooking <= 48 * HOUR_MS && leadTime >= 14 * DAY_MS) return 100;
      return before >= 7 * DAY_MS ? 50 : 0;
    }
  }
}
