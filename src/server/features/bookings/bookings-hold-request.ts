/** What POST /api/payment-intent checks before it holds anything: who asks, the dates, the guests and the price. */
import { eq } from 'drizzle-orm';
import { amountToCents, centsToAmount } from '#shared/money';
import type { PaymentIntentRequest } from '#shared/schemas/payments';
import { stayRuleProblem } from '#shared/stay-rules';
import { earliestCheckIn } from '#shared/time-zones';
import { users } from '#server/db/schema';
import { DomainError, conflict, forbidden, invalid, notFound } from '#server/domain-errors';
import { findHome } from '../homes/homes-service';
import { MAX_AMOUNT_CENTS, sameEmail, type BookingDeps, type Caller } from './bookings-model';
import { priceAt } from './bookings-pricing';

/**
 * The home, the server's price for the stay and the instant it was decided, or the DomainError
 * that refuses the request: not the caller's own home, a verified email, check-in not past, the
 * home's window and minimum/maximum nights, its guest limit, a total a card may pay (and more than 0), and (when
 * the client sent the price it showed) the same total.
 */
export async function checkHoldRequest(deps: BookingDeps, caller: Caller, input: PaymentIntentRequest) {
  const { db, clock } = deps;
  const home = await findHome(db, input.homeId);
  if (!home) throw notFound('No home with this id');
  // Unlisted by moderation (ADR 0060): its bookings stay, but it takes no new ones.
  if (home.unlistedAt) throw conflict('This home is no longer available', 'home_unlisted');
  if ((home.hostId && home.hostId === caller.id) || sameEmail(home.hostEmail, caller.email)) {
    throw forbidden('You cannot book your own home');
  }

  const [account] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.id))
    .limit(1);
  if (!account?.emailVerified) {
    throw new DomainError(
      'forbidden',
      'email_not_verified',
      'Please verify your email address before reserving: open the link in the verification mail we sent you (or ask for a new one).',
    );
  }

  const now = clock.now();
  // "Today" at the home (ADR 0035): a check-in day that is already over there cannot be booked.
  if (input.checkIn < earliestCheckIn(now, home.timeZone)) {
    throw invalid('Check-in cannot be in the past', 'dates_in_past');
  }
  const rules = {
    from: home.availableFrom,
    to: home.availableTo,
    minNights: home.minNights,
    maxNights: home.maxNights,
  };
  const problem = stayRuleProblem(rules, input.checkIn, input.checkOut);
  if (problem) throw invalid(problem.message, problem.code);
  // Priced as booked now, with the guests it carries: prices, periods, discounts and fees as they are now;
  // stored with the hold, so later changes never alter this booking. Also refuses too many guests.
  const price = await priceAt(deps, home, input, now);
  if (price.totalCents > MAX_AMOUNT_CENTS) {
    throw invalid(
      `The total for these dates is above the $${centsToAmount(MAX_AMOUNT_CENTS).toFixed(2)} a card payment may be. Please choose fewer nights.`,
      'amount_too_large',
    );
  }
  if (price.totalCents <= 0) throw invalid('These dates cost nothing: there is nothing to pay.', 'amount_too_small');
  if (input.price !== undefined) {
    let shown: number | null;
    try {
      shown = amountToCents(input.price);
    } catch {
      shown = null;
    }
    if (shown !== price.totalCents) {
      throw conflict(
        `The price has changed: the total for these dates is now $${centsToAmount(price.totalCents).toFixed(2)}`,
        'price_changed',
      );
    }
  }

  return { home, price, now };
}
