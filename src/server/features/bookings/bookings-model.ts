/**
 * What every bookings module shares: the dependencies, the limits, the state
 * machine as WHERE parts, and a row as the API shows it.
 */
import { eq, inArray, isNull, or } from 'drizzle-orm';
import {
  STAY_STARTED_MESSAGE,
  cancellableOn,
  sourcesOf,
  transition,
  type BookingEvent,
  type BookingStatus,
} from '#shared/booking-state';
import { HOLD_MINUTES } from '#shared/constants';
import { centsToAmount } from '#shared/money';
import type { Booking, PriceBreakdown } from '#shared/schemas/bookings';
import type { LedgerSettings, MessageBus, PricingSettings, ServiceLog } from '#server/app-context';
import { conflict, providerUnavailable } from '#server/domain-errors';
import type { Db } from '#server/db/client';
import { bookings, homes, type BookingRow } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import type { PendingMailSender } from '#server/providers/mail/mail-queue';
import type { PaymentProvider } from '#server/providers/payments/payment-provider';
import { homeToday } from '#shared/time-zones';
import { addDays } from '#shared/stay';
import { PLACEHOLDER_IMAGE, isUuid } from '../homes/homes-service';

/** The signed-in caller (the auth guards' Identity fits). */
export interface Caller {
  id: string;
  email: string;
  role: string | null;
}

type BookingLog = ServiceLog;

/** What the booking services need; the app context (AppContext) is one. */
export interface BookingDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  /** The durable mail queue (ADR 0046); mails of a state change are written in its transaction where it has one. */
  mail?: PendingMailSender;
  log?: BookingLog;
  /** Links in mails start with it. */
  publicUrl?: string;
  /** Tells open message streams about the checkout note posted as the booking's first message. */
  messageBus?: MessageBus;
  /** SERVICE_FEE_PERCENT and TAX_PERCENT; 0 when not given. */
  pricing?: PricingSettings;
  /** CURRENCY and PAYOUT_DELAY_HOURS (the money ledger); `usd` and 24 when not given. */
  ledger?: LedgerSettings;
}

const silent: BookingLog = { info() {}, warn() {}, error() {} };
export const logOf = (deps: BookingDeps) => deps.log ?? silent;

export const HOLD_MS = HOLD_MINUTES * 60_000;
/** Live (unexpired) holds one guest may have at once, across all homes: nobody can block many homes' dates for free. */
export const MAX_LIVE_HOLDS = 2;
/**
 * A hold whose provider intent was never linked (the process died between the
 * insert and the provider's answer) is given up this long after it was placed.
 */
export const UNLINKED_HOLD_MS = 60_000;
/** The provider's open intents that no live hold links are cancelled once they are this old. */
export const UNLINKED_INTENT_MS = 60_000;
/** The largest total a card payment may have (Stripe's limit, $999,999.99); also keeps amount_cents in its int32 column. */
export const MAX_AMOUNT_CENTS = 99_999_999;
/** Recorded as the refund id when the provider says the charge was already refunded but the refund could not be looked up. */
export const ALREADY_REFUNDED = 'already_refunded';
/**
 * Recorded as the refund id when a refund of a given-up booking failed: money
 * is owed back and the sweeper retries it (a real refund id replaces it).
 */
export const REFUND_OWED = 'owed';
/**
 * Recorded as the refund id when a refund can never go through (the provider refused it for good, or it
 * failed MAX_REFUND_ATTEMPTS times): the sweeper stops and admins see it with the provider's reason.
 */
export const REFUND_FAILED = 'failed';
/** Refund calls before an owed refund is given up as failed; with REFUND_RETRY_BASE_MS doubling, about 2 hours. */
export const MAX_REFUND_ATTEMPTS = 8;
export const REFUND_RETRY_BASE_MS = 60_000;
/** Recorded as the refund id when the cancellation policy gives nothing back: no provider call, nothing owed. */
export const NO_REFUND = 'none';
/** WHERE part: no refund recorded yet (never tried, or owed after a failure). */
export const notRefunded = () => or(isNull(bookings.refundId), eq(bookings.refundId, REFUND_OWED))!;

/** The status an event leads to (every event has one target, whatever the source). */
export const targetOf = (event: BookingEvent): BookingStatus => transition(sourcesOf(event)[0]!, event);
/** WHERE part that only lets rows the state machine allows `event` from. */
export const allows = (event: BookingEvent) => inArray(bookings.status, sourcesOf(event));

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The caller is the booking's host: the host of its home (by account), or the account whose email the
 * booking names as its host (a home since deleted). Roles are the caller's to check (an admin is not a host).
 */
export async function isBookingHost(
  db: Db,
  caller: Pick<Caller, 'id' | 'email'>,
  booking: Pick<BookingRow, 'homeId' | 'hostEmail'>,
): Promise<boolean> {
  if (booking.homeId) {
    const [home] = await db.select({ hostId: homes.hostId }).from(homes).where(eq(homes.id, booking.homeId));
    if (home?.hostId === caller.id) return true;
  }
  return sameEmail(booking.hostEmail, caller.email);
}

/** The caller is the booking's guest (by account, or by the email it was booked with). */
export const isBookingGuest = (
  caller: Pick<Caller, 'id' | 'email'>,
  booking: Pick<BookingRow, 'guestId' | 'guestEmail'>,
) => booking.guestId === caller.id || sameEmail(booking.guestEmail, caller.email);

export const paymentUnavailable = (cause?: unknown) =>
  providerUnavailable(
    'The payment service is not reachable right now. Please try again in a moment.',
    'payment_unavailable',
    cause,
  );

/** A booking as the API shows it, with its deposit's state (security_deposits, apart from the booking). */
export function toBooking(row: BookingRow, depositStatus: Booking['depositStatus'] = null): Booking {
  return {
    _id: row.id,
    homeId: row.homeId,
    title: row.title,
    location: row.location,
    image: row.image || PLACEHOLDER_IMAGE,
    price: centsToAmount(row.nightlyCents),
    from: row.checkIn,
    to: row.checkOut,
    nights: row.nights,
    total: centsToAmount(row.amountCents),
    guests: row.guests,
    status: row.status,
    bookingMode: row.bookingMode,
    respondBy: row.status === 'requested' && row.respondBy ? row.respondBy.toISOString() : null,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    hostMessage: row.status === 'declined' ? row.hostMessage : null,
    holdExpiresAt: row.status === 'held' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    paymentReceived: row.status === 'held' && row.paymentReceivedAt !== null,
    guestEmail: row.guestEmail,
    hostEmail: row.hostEmail,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    breakdown: breakdownOf(row),
    cancellationPolicy: row.cancellationPolicy,
    timeZone: row.timeZone,
    cancelledAt: row.status === 'cancelled' && row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancelledBy: row.status === 'cancelled' ? (row.cancelledBy ?? null) : null,
    refund: refundOf(row),
    depositStatus,
  };
}

/**
 * The price lines stored with the booking when its dates were held. A booking from before prices by
 * date (migration 0026) kept only its parts: every night at its one nightly price, no discount.
 */
export function breakdownOf(row: BookingRow): PriceBreakdown {
  if (row.breakdown) return row.breakdown;
  return {
    nights: row.nights,
    nightlyCents: row.nightlyCents,
    nightly: Array.from({ length: row.nights }, (_, i) => ({
      date: addDays(row.checkIn, i),
      cents: row.nightlyCents,
      kind: 'base' as const,
    })),
    subtotalCents: row.subtotalCents,
    discounts: [],
    guests: row.guests,
    extraGuests: 0,
    extraGuestFeeCents: row.extraGuestFeeCents,
    cleaningFeeCents: row.cleaningFeeCents,
    serviceFeeCents: row.serviceFeeCents,
    taxCents: row.taxCents,
    totalCents: row.amountCents,
    depositCents: row.depositCents,
  };
}

/**
 * Money given back: a refund the provider made (its id recorded), or one still
 * owed (retried by the sweeper). Nothing for a booking that stands or whose
 * payment was never taken.
 */
function refundOf(row: BookingRow): Booking['refund'] {
  if (!row.refundId) return null;
  const amountCents = row.refundAmountCents ?? row.amountCents;
  if (row.refundId === REFUND_OWED) return { amountCents, status: 'pending', failureReason: null };
  if (row.refundId === REFUND_FAILED) return { amountCents, status: 'failed', failureReason: row.refundError };
  return { amountCents, status: 'refunded', failureReason: null };
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/** 409 `stay_started` when the stay's check-in day (in the home's time zone) has begun: the spec's cancel call no longer applies to it. */
export function refuseStartedStay(booking: Pick<BookingRow, 'status' | 'checkIn' | 'timeZone'>, now: Date): void {
  // Check-in day as the home counts it (its time zone, kept on the booking when it was made).
  if (booking.status === 'confirmed' && !cancellableOn(booking, homeToday(now, booking.timeZone))) {
    throw conflict(STAY_STARTED_MESSAGE, 'stay_started');
  }
}
