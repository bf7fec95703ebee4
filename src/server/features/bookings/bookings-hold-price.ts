/**
 * A hold's price under the home's lock (ADR 0049, D99): the home's settings and price periods read
 * inside the lock that period writes take, so a price change and a hold serialise.
 */
import { eq } from 'drizzle-orm';
import { centsToAmount } from '#shared/money';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import type { PaymentIntentRequest } from '#shared/schemas/payments';
import { homes } from '#server/db/schema';
import { conflict, invalid, notFound } from '#server/domain-errors';
import type { Tx } from '../calendar/availability';
import { MAX_AMOUNT_CENTS, type BookingDeps } from './bookings-model';
import { priceAt } from './bookings-pricing';

/**
 * The stay's price with the home's settings and price periods read under its lock (the caller holds
 * it). A total other than the one checked before the lock means the host changed a price meanwhile:
 * 409 price_changed when the client said which total it showed, else the new one is held (and shown
 * at the checkout before any payment).
 */
export async function priceUnderLock(
  deps: BookingDeps,
  tx: Tx,
  input: PaymentIntentRequest,
  checked: PriceBreakdown,
): Promise<PriceBreakdown> {
  const [current] = await tx.select().from(homes).where(eq(homes.id, input.homeId));
  if (!current) throw notFound('No home with this id');
  const priced = await priceAt(deps, current, input, deps.clock.now(), tx);
  if (priced.totalCents !== checked.totalCents && input.price !== undefined) {
    throw conflict(
      `The price has changed: the total for these dates is now $${centsToAmount(priced.totalCents).toFixed(2)}`,
      'price_changed',
    );
  }
  if (priced.totalCents > MAX_AMOUNT_CENTS) {
    throw invalid('The total for these dates is above what a card payment may be.', 'amount_too_large');
  }
  return priced;
}
