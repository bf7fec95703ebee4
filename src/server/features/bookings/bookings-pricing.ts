/**
 * What a stay costs and what cancelling gives back, decided on the server only
 * (ADR 0019): the quote before a hold, the fees of a hold, and the refund of a
 * guest's cancellation under the policy the booking was made with.
 */
import { checkInInstant, refundFor, type RefundDecision } from '#shared/cancellation';
import { quoteStayPrice } from '#shared/pricing-quote';
import type { CancellationQuote, PriceBreakdown, StayQuote } from '#shared/schemas/bookings';
import {
  InvalidStayError,
  STAY_TOO_LONG,
  isStayTooLong,
  nightsBetween,
  percentToBps,
  type StayFees,
} from '#shared/stay';
import { homeToday } from '#shared/time-zones';
import type { BookingRow } from '#server/db/schema';
import { invalid, notFound } from '#server/domain-errors';
import type { Tx } from '../calendar/availability';
import { findHome, type HomeRow } from '../homes/homes-service';
import { periodsOver } from '../pricing/price-periods-service';
import { findBooking, refuseStartedStay, type BookingDeps, type Caller } from './bookings-model';

/** The fees every stay at this home adds to its nights. */
function feesOf(deps: Pick<BookingDeps, 'pricing'>, home: Pick<HomeRow, 'cleaningFeeCents'>): StayFees {
  return {
    cleaningFeeCents: home.cleaningFeeCents,
    serviceFeeBps: percentToBps(deps.pricing?.serviceFeePercent ?? 0),
    taxBps: percentToBps(deps.pricing?.taxPercent ?? 0),
  };
}

export interface StayAsked {
  checkIn: string;
  checkOut: string;
  guests: number;
}

/**
 * The price of a stay at this home as booked at `now` (ADR 0049): its settings, price periods and
 * today's fees, the booking day being the home's today. 400 for dates that make no stay, too many
 * nights, or more guests than the home takes.
 */
export async function priceAt(
  deps: Pick<BookingDeps, 'pricing' | 'db'>,
  home: HomeRow,
  stay: StayAsked,
  now: Date,
  db: BookingDeps['db'] | Tx = deps.db,
): Promise<PriceBreakdown> {
  if (stay.guests > home.totalGuest) {
    throw invalid(
      `This home welcomes at most ${home.totalGuest} guest${home.totalGuest === 1 ? '' : 's'}`,
      'too_many_guests',
    );
  }
  try {
    // The length first: the price is worked out night by night, so a stay of years is refused before that.
    if (isStayTooLong(nightsBetween(stay.checkIn, stay.checkOut))) throw invalid(STAY_TOO_LONG, 'stay_too_long');
    const periods = await periodsOver(db, home.id, stay.checkIn, stay.checkOut);
    return quoteStayPrice(home, periods, {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      bookedOn: homeToday(now, home.timeZone),
      fees: feesOf(deps, home),
    });
  } catch (err) {
    if (err instanceof InvalidStayError) throw invalid(err.message, 'invalid_stay');
    throw err;
  }
}

/** GET /api/home/:id/quote: the lines the booking widget and the checkout show, as a hold would charge them now. */
export async function quoteHomeStay(deps: BookingDeps, homeId: string, stay: StayAsked): Promise<StayQuote> {
  const home = await findHome(deps.db, homeId);
  if (!home) throw notFound('No home with this id');
  return {
    breakdown: await priceAt(deps, home, stay, deps.clock.now()),
    cancellationPolicy: home.cancellationPolicy,
    bookingMode: home.bookingMode,
  };
}

/** A guest cancelling their own booking follows its policy; StayHub (an admin) cancelling someone's refunds in full. */
export function cancelledByGuest(caller: Caller, booking: Pick<BookingRow, 'guestId'>): boolean {
  return caller.role !== 'admin' || booking.guestId === caller.id;
}

/**
 * What cancelling this booking at `now` gives back. Only a confirmed (paid)
 * booking has money to return under a policy; a paid hold not yet confirmed is
 * refunded in full like every given-up hold.
 */
export function refundDecision(
  booking: Pick<BookingRow, 'cancellationPolicy' | 'amountCents' | 'checkIn' | 'confirmedAt' | 'timeZone'>,
  byGuest: boolean,
  now: Date,
): RefundDecision & { byPolicy: boolean } {
  if (!byGuest || !booking.confirmedAt) return { percent: 100, refundCents: booking.amountCents, byPolicy: false };
  const decision = refundFor({
    policy: booking.cancellationPolicy,
    totalCents: booking.amountCents,
    // Booked = confirmed (paid): a hold is not a booking yet.
    bookedAt: booking.confirmedAt,
    // In the zone the home had when this was booked: a later change of the home's zone moves nothing.
    checkInAt: checkInInstant(booking.checkIn, booking.timeZone),
    cancelledAt: now,
  });
  return { ...decision, byPolicy: true };
}

/** GET /api/bookings/:id/cancellation: the refund the cancel dialog shows before the guest confirms. */
export async function cancellationQuote(
  deps: BookingDeps,
  caller: Caller,
  id: string,
  mayManage: (caller: Caller, booking: BookingRow) => boolean,
): Promise<CancellationQuote> {
  const booking = await findBooking(deps.db, id);
  if (!booking || !mayManage(caller, booking)) throw notFound('No booking with this id');
  refuseStartedStay(booking, deps.clock.now());
  const decision = refundDecision(booking, cancelledByGuest(caller, booking), deps.clock.now());
  // Nothing charged yet (an unpaid hold): nothing to give back.
  const charged = booking.confirmedAt !== null || booking.paymentReceivedAt !== null;
  return {
    cancellationPolicy: booking.cancellationPolicy,
    percent: charged ? decision.percent : 0,
    refundCents: charged ? decision.refundCents : 0,
    totalCents: booking.amountCents,
    byPolicy: charged && decision.byPolicy,
  };
}
