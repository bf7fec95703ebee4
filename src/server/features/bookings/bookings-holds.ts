/** POST /api/payment-intent: a 15-minute hold on the dates and the provider's intent for it. */
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '#shared/constants';
import { centsToAmount } from '#shared/money';
import { discountTotal } from '#shared/pricing-quote';
import type { PaymentIntentRequest, PaymentIntentResponse } from '#shared/schemas/payments';
import { stayRuleProblem } from '#shared/stay-rules';
import { overlapsStay } from '#server/db/booking-conditions';
import { sqlState } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, users, type BookingRow } from '#server/db/schema';
import { conflict, invalid, limitReached, notFound } from '#server/domain-errors';
import { PLACEHOLDER_IMAGE } from '../homes/homes-service';
import {
  HOLD_MS,
  MAX_LIVE_HOLDS,
  allows,
  breakdownOf,
  logOf,
  paymentUnavailable,
  targetOf,
  type BookingDeps,
  type Caller,
} from './bookings-model';
import { blockOverlapping, lockHome } from '../calendar/availability';
import { priceUnderLock } from './bookings-hold-price';
import { checkHoldRequest } from './bookings-hold-request';
import { releaseIntent } from './bookings-refunds';
import { settleStaleHold } from './bookings-sweeper';
import { effectiveBookingMode, refuseLateRequest } from './booking-requests';

/** The caller's live hold of exactly this stay (same nights, guests and price), if any. */
async function ownLiveHold(
  db: BookingDeps['db'],
  caller: Caller,
  homeId: string,
  input: PaymentIntentRequest,
  totalCents: number,
  now: Date,
): Promise<BookingRow | undefined> {
  const [own] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        eq(bookings.guestId, caller.id),
        eq(bookings.status, 'held'),
        gt(bookings.holdExpiresAt, now),
        eq(bookings.checkIn, input.checkIn),
        eq(bookings.checkOut, input.checkOut),
        eq(bookings.guests, input.guests),
        eq(bookings.amountCents, totalCents),
      ),
    )
    .limit(1);
  return own;
}

/** This home's holds past their time over these nights (they may have been paid with the browser gone). */
function staleHoldsInTheWay(db: BookingDeps['db'], homeId: string, input: PaymentIntentRequest, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        overlapsStay(input.checkIn, input.checkOut),
      ),
    );
}

/**
 * Places a 15-minute hold and creates the provider's intent for it.
 * Only a verified email may hold dates, for at most MAX_STAY_NIGHTS nights.
 * One transaction marks this home's overlapping stale holds expired, replaces
 * the caller's earlier unpaid hold of this home (whatever its dates: a new
 * choice) and inserts the hold; the exclusion constraint decides races
 * (23P01 -> 409).
 * The provider is called only outside that transaction.
 */
export async function placeHold(
  deps: BookingDeps,
  caller: Caller,
  input: PaymentIntentRequest,
): Promise<PaymentIntentResponse> {
  const { db, payments } = deps;
  const { home, price, now } = await checkHoldRequest(deps, caller, input);
  // Request to book (ADR 0050): the home's mode, or a request when the caller misses a requirement.
  const bookingMode = await effectiveBookingMode(deps, caller.id, home);
  if (bookingMode === 'request') refuseLateRequest(now, input.checkIn, home.timeZone);

  // A reload of the checkout: the caller's own live hold for exactly this stay is answered again.
  const own = await ownLiveHold(db, caller, home.id, input, price.totalCents, now);
  if (own) return attachIntent(deps, caller, own);

  // Stale holds in the way may have been paid with the browser gone: ask the provider first (outside any transaction).
  const stale = await staleHoldsInTheWay(db, home.id, input, now);
  for (const hold of stale) await settleStaleHold(deps, hold);

  let placed: { hold: BookingRow; released: BookingRow[] };
  try {
    // Retried on a deadlock as a last defence (ADR 0029): it only writes the database.
    placed = await inTransaction(db, async (tx) => {
      // One guest's hold placements take turns, so two at once cannot both pass the cap below.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('no key update');
      // Holds and blocks of this home take turns (ADR 0015): under the home's lock, its rules as they are
      // now (the host may have just changed them) and no block over these nights, whatever its source.
      const locked = await lockHome(tx, home.id);
      if (!locked) throw notFound('No home with this id');
      const current = stayRuleProblem(locked, input.checkIn, input.checkOut);
      if (current) throw invalid(current.message, current.code);
      if (await blockOverlapping(tx, home.id, input.checkIn, input.checkOut)) throw datesUnavailable();
      // Priced again under the home's lock (price periods and settings change under it too): a period or a
      // price the host saves while this hold is placed is either in this price or comes after the hold.
      const priced = await priceUnderLock(deps, tx, input, price);
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
      // The caller's earlier hold of this home (other dates: a new choice) gives way; a paid one never does.
      const replaced = await tx
        .update(bookings)
        .set({ status: targetOf('cancel'), cancelledAt: now, updatedAt: now })
        .where(
          and(
            eq(bookings.homeId, home.id),
            eq(bookings.guestId, caller.id),
            eq(bookings.status, 'held'),
            gt(bookings.holdExpiresAt, now),
            isNull(bookings.paymentReceivedAt),
          ),
        )
        .returning();
      // The replaced hold no longer counts.
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
          nightlyCents: priced.nightlyCents,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          nights: priced.nights,
          guests: input.guests,
          amountCents: priced.totalCents,
          subtotalCents: priced.subtotalCents,
          discountCents: discountTotal(priced),
          extraGuestFeeCents: priced.extraGuestFeeCents,
          depositCents: priced.depositCents,
          breakdown: priced,
          cleaningFeeCents: priced.cleaningFeeCents,
          serviceFeeCents: priced.serviceFeeCents,
          taxCents: priced.taxCents,
          cancellationPolicy: home.cancellationPolicy,
          timeZone: home.timeZone,
          status: 'held',
          bookingMode,
          paymentProvider: payments.name,
          holdExpiresAt: new Date(now.getTime() + HOLD_MS),
        })
        .returning();
      return { hold: hold!, released: [...expired, ...replaced] };
    });
  } catch (err) {
    if (sqlState(err) === '23P01') throw await takenBy(deps, caller, home.id, input);
    throw err;
  }

  for (const row of placed.released) await releaseIntent(deps, row);
  return attachIntent(deps, caller, placed.hold);
}

/**
 * Why the dates are taken: the caller's own booking of exactly this stay (the browser's Back after paying
 * reopens the checkout) is said as such, with no hint about anyone else's; otherwise dates_unavailable.
 */
async function takenBy(deps: BookingDeps, caller: Caller, homeId: string, input: PaymentIntentRequest) {
  const [mine] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        eq(bookings.guestId, caller.id),
        or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), isNotNull(bookings.paymentReceivedAt))),
        eq(bookings.checkIn, input.checkIn),
        eq(bookings.checkOut, input.checkOut),
      ),
    )
    .limit(1);
  if (mine) return conflict('You already booked this stay: it is in My Bookings.', 'already_booked');
  return datesUnavailable();
}

const datesUnavailable = () =>
  conflict('These dates are no longer available. Please choose other dates.', 'dates_unavailable');

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
      // A request's card is only authorised; the host's accept captures it.
      captureMethod: hold.bookingMode === 'request' ? 'manual' : 'automatic',
      // A deposit is authorised later, off-session, on the card the guest pays with now (ADR 0051).
      ...(hold.depositCents > 0 ? { saveCard: true } : {}),
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
    const linked = await deps.db
      .update(bookings)
      .set({ paymentIntentId: intent.id, paymentProvider: deps.payments.name, updatedAt: deps.clock.now() })
      .where(and(eq(bookings.id, hold.id), eq(bookings.status, 'held')))
      .returning({ id: bookings.id });
    if (!linked.length) {
      // The hold ended while the provider answered (replaced, or given up by the sweeper): its intent goes too.
      await releaseIntent(deps, { id: hold.id, paymentIntentId: intent.id });
      throw conflict('Your hold on these dates has ended. Please choose the dates again.', 'hold_expired');
    }
  }
  return {
    clientSecret: intent.clientSecret,
    bookingId: hold.id,
    paymentIntentId: intent.id,
    amount: centsToAmount(hold.amountCents),
    nights: hold.nights,
    breakdown: breakdownOf(hold),
    holdExpiresAt: (hold.holdExpiresAt ?? deps.clock.now()).toISOString(),
    bookingMode: hold.bookingMode,
    provider: deps.payments.name,
  };
}
