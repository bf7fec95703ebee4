/** POST /api/payment-intent: a 15-minute hold on the dates and the provider's intent for it. */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '#shared/constants';
import { formatDayRange } from '#shared/dates';
import { amountToCents, centsToAmount } from '#shared/money';
import type { PaymentIntentRequest, PaymentIntentResponse } from '#shared/schemas/payments';
import { addDays, calendarDate, dayNumber, priceStay, windowCoversStay } from '#shared/stay';
import { overlapsStay } from '#server/db/booking-conditions';
import { sqlState } from '#server/db/client';
import { bookings, users, type BookingRow } from '#server/db/schema';
import { conflict, forbidden, invalid, limitReached, notFound } from '#server/domain-errors';
import { PLACEHOLDER_IMAGE, findHome } from '../homes/homes-service';
import {
  HOLD_MS,
  MAX_AMOUNT_CENTS,
  MAX_LIVE_HOLDS,
  allows,
  logOf,
  paymentUnavailable,
  sameEmail,
  targetOf,
  type BookingDeps,
  type Caller,
} from './bookings-model';
import { releaseIntent } from './bookings-refunds';
import { settleStaleHold } from './bookings-sweeper';

/**
 * Places a 15-minute hold and creates the provider's intent for it.
 * One transaction marks this home's overlapping stale holds expired, releases
 * the caller's own overlapping hold of this home (a new choice of dates) and
 * inserts the hold; the exclusion constraint decides races (23P01 -> 409).
 * The provider is called only outside that transaction.
 */
export async function placeHold(
  deps: BookingDeps,
  caller: Caller,
  input: PaymentIntentRequest,
): Promise<PaymentIntentResponse> {
  const { db, clock, payments } = deps;
  const home = await findHome(db, input.homeId);
  if (!home) throw notFound('No home with this id');
  if ((home.hostId && home.hostId === caller.id) || sameEmail(home.hostEmail, caller.email)) {
    throw forbidden('You cannot book your own home');
  }

  const now = clock.now();
  // "Today" anywhere on earth: a check-in is refused only when it is already past in every time zone.
  const earliest = addDays(calendarDate(now, 'UTC'), -1);
  if ((dayNumber(input.checkIn) ?? 0) < (dayNumber(earliest) ?? 0)) {
    throw invalid('Check-in cannot be in the past', 'dates_in_past');
  }
  if (!windowCoversStay(home.availableFrom, home.availableTo, input.checkIn, input.checkOut)) {
    throw invalid(
      `This home can be booked from ${formatDayRange(home.availableFrom, home.availableTo)}`,
      'dates_outside_window',
    );
  }
  if (input.guests > home.totalGuest) {
    throw invalid(
      `This home welcomes at most ${home.totalGuest} guest${home.totalGuest === 1 ? '' : 's'}`,
      'too_many_guests',
    );
  }
  const price = priceStay(home.priceCents, input.checkIn, input.checkOut);
  if (price.totalCents > MAX_AMOUNT_CENTS) {
    throw invalid(
      `The total for these dates is above the $${centsToAmount(MAX_AMOUNT_CENTS).toFixed(2)} a card payment may be. Please choose fewer nights.`,
      'amount_too_large',
    );
  }
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

  // A reload of the checkout: the caller's own live hold for exactly this stay is answered again.
  const [own] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, home.id),
        eq(bookings.guestId, caller.id),
        eq(bookings.status, 'held'),
        gt(bookings.holdExpiresAt, now),
        eq(bookings.checkIn, input.checkIn),
        eq(bookings.checkOut, input.checkOut),
        eq(bookings.guests, input.guests),
        eq(bookings.amountCents, price.totalCents),
      ),
    )
    .limit(1);
  if (own) return attachIntent(deps, caller, own);

  // Stale holds in the way may have been paid with the browser gone: ask the provider first (outside any transaction).
  const stale = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, home.id),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        overlapsStay(input.checkIn, input.checkOut),
      ),
    );
  for (const hold of stale) await settleStaleHold(deps, hold);

  let placed: { hold: BookingRow; released: BookingRow[] };
  try {
    placed = await db.transaction(async (tx) => {
      // One guest's hold placements take turns, so two at once cannot both pass the cap below.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('no key update');
      const expired = await tx
        .update(bookings)
        .set({ status: targetOf('expire'), updatedAt: now })
        .where(
          and(
            eq(bookings.homeId, home.id),
            allows('expire'),
            lte(bookings.holdExpiresAt, now),
            overlapsStay(input.checkIn, input.checkOut),
          ),
        )
        .returning();
      const replaced = await tx
        .update(bookings)
        .set({ status: targetOf('cancel'), cancelledAt: now, updatedAt: now })
        .where(
          and(
            eq(bookings.homeId, home.id),
            eq(bookings.guestId, caller.id),
            eq(bookings.status, 'held'),
            overlapsStay(input.checkIn, input.checkOut),
          ),
        )
        .returning();
      // The replaced hold (a new choice of dates for this home) no longer counts.
      const [live] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.guestId, caller.id), eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)));
      if ((live?.n ?? 0) >= MAX_LIVE_HOLDS) {
        throw limitReached(
          `You already have ${MAX_LIVE_HOLDS} reservations in progress. Finish or cancel one of them first (in My bookings), or wait until its ${HOLD_MINUTES}-minute hold ends.`,
          'too_many_holds',
        );
      }
      const [hold] = await tx
        .insert(bookings)
        .values({
          homeId: home.id,
          guestId: caller.id,
          guestEmail: caller.email,
          hostEmail: home.hostEmail,
          title: home.title,
          location: home.location,
          image: home.images[0] ?? PLACEHOLDER_IMAGE,
          nightlyCents: price.nightlyCents,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          nights: price.nights,
          guests: input.guests,
          amountCents: price.totalCents,
          status: 'held',
          paymentProvider: payments.name,
          holdExpiresAt: new Date(now.getTime() + HOLD_MS),
        })
        .returning();
      return { hold: hold!, released: [...expired, ...replaced] };
    });
  } catch (err) {
    if (sqlState(err) === '23P01') {
      throw conflict('These dates are no longer available. Please choose other dates.', 'dates_unavailable');
    }
    throw err;
  }

  for (const row of placed.released) await releaseIntent(deps, row);
  return attachIntent(deps, caller, placed.hold);
}

/** Creates (or, with the same idempotency key, finds again) the hold's intent; a failure gives the hold up. */
async function attachIntent(deps: BookingDeps, caller: Caller, hold: BookingRow): Promise<PaymentIntentResponse> {
  let intent;
  try {
    intent = await deps.payments.createIntent({
      amountCents: hold.amountCents,
      currency: 'usd',
      bookingId: hold.id,
      idempotencyKey: hold.id,
      description: `StayHub: ${hold.title}, ${hold.checkIn} to ${hold.checkOut}`,
      receiptEmail: caller.email,
    });
  } catch (err) {
    logOf(deps).error({ err, bookingId: hold.id }, 'payment intent creation failed; the hold is cancelled');
    const now = deps.clock.now();
    await deps.db
      .update(bookings)
      .set({ status: targetOf('cancel'), cancelledAt: now, updatedAt: now })
      .where(and(eq(bookings.id, hold.id), eq(bookings.status, 'held')));
    throw paymentUnavailable(err);
  }
  if (hold.paymentIntentId !== intent.id) {
    await deps.db
      .update(bookings)
      .set({ paymentIntentId: intent.id, paymentProvider: deps.payments.name, updatedAt: deps.clock.now() })
      .where(eq(bookings.id, hold.id));
  }
  return {
    clientSecret: intent.clientSecret,
    bookingId: hold.id,
    paymentIntentId: intent.id,
    amount: centsToAmount(hold.amountCents),
    nights: hold.nights,
    holdExpiresAt: (hold.holdExpiresAt ?? deps.clock.now()).toISOString(),
    provider: deps.payments.name,
  };
}
