import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { sourcesOf, transition, type BookingEvent, type BookingStatus } from '#shared/booking-state';
import { HOLD_MINUTES } from '#shared/constants';
import { amountToCents, centsToAmount } from '#shared/money';
import type { Booking } from '#shared/schemas/bookings';
import type { PaymentIntentRequest, PaymentIntentResponse } from '#shared/schemas/payments';
import { addDays, calendarDate, dayNumber, priceStay, windowCoversStay } from '#shared/stay';
import { sqlState, type Db } from '#server/db/client';
import { bookings, users } from '#server/db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '#server/http/errors';
import type { Clock } from '#server/providers/clock/clock';
import type { MailProvider } from '#server/providers/mail/mail';
import {
  PaymentProviderError,
  type PaymentProvider,
  type RetrievedIntent,
} from '#server/providers/payments/payment-provider';
import { PLACEHOLDER_IMAGE, findHome, isUuid } from '../homes/homes-service';
import { sendConfirmationMails } from './bookings-mail';

export type BookingRow = typeof bookings.$inferSelect;

/** The signed-in caller (the auth guards' Identity fits). */
export interface Caller {
  id: string;
  email: string;
  role: string | null;
}

export interface BookingLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BookingDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  mail?: MailProvider;
  log?: BookingLog;
  /** Links in mails start with it. */
  publicUrl?: string;
}

const silent: BookingLog = { info() {}, warn() {}, error() {} };
const logOf = (deps: BookingDeps) => deps.log ?? silent;

export const HOLD_MS = HOLD_MINUTES * 60_000;
/** Live (unexpired) holds one guest may have at once, across all homes: nobody can block many homes' dates for free. */
export const MAX_LIVE_HOLDS = 2;
/** The largest total a card payment may have (Stripe's limit, $999,999.99); also keeps amount_cents in its int32 column. */
export const MAX_AMOUNT_CENTS = 99_999_999;
/** Recorded as the refund id when the provider says the charge was already refunded but the refund could not be looked up. */
export const ALREADY_REFUNDED = 'already_refunded';
/**
 * Recorded as the refund id when a refund of a given-up booking failed: money
 * is owed back and the sweeper retries it (a real refund id replaces it).
 */
export const REFUND_OWED = 'owed';
/** WHERE part: no refund recorded yet (never tried, or owed after a failure). */
const notRefunded = () => or(isNull(bookings.refundId), eq(bookings.refundId, REFUND_OWED))!;

/** The status an event leads to (every event has one target, whatever the source). */
const targetOf = (event: BookingEvent): BookingStatus => transition(sourcesOf(event)[0]!, event);
/** WHERE part that only lets rows the state machine allows `event` from. */
const allows = (event: BookingEvent) => inArray(bookings.status, sourcesOf(event));

const overlaps = (checkIn: string, checkOut: string): SQL =>
  sql`${bookings.stay} && daterange(${checkIn}::date, ${checkOut}::date, '[)')`;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const paymentUnavailable = (cause?: unknown) => {
  const err = new HttpError(
    502,
    'payment_unavailable',
    'The payment service is not reachable right now. Please try again in a moment.',
  );
  if (cause) (err as Error & { cause?: unknown }).cause = cause;
  return err;
};

export function toBooking(row: BookingRow): Booking {
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
    holdExpiresAt: row.status === 'held' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    guestEmail: row.guestEmail,
    hostEmail: row.hostEmail,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------------ */
/* Payments around a booking (all outside database transactions)      */
/* ------------------------------------------------------------------ */

/** Refunds the booking's payment once (key `refund-<id>`), records the refund id; false when it could not. */
export async function refundBooking(
  deps: BookingDeps,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId'>,
): Promise<boolean> {
  if (!booking.paymentIntentId) return true;
  try {
    let refund: { id: string };
    try {
      refund = await deps.payments.refund(booking.paymentIntentId, `refund-${booking.id}`);
    } catch (err) {
      // Refunded already (an earlier call whose answer was lost, the provider's dashboard): nothing is owed any more.
      if (!(err instanceof PaymentProviderError && err.code === 'charge_already_refunded')) throw err;
      logOf(deps).warn(
        { bookingId: booking.id, paymentIntentId: booking.paymentIntentId },
        'the charge was already refunded',
      );
      refund = { id: ALREADY_REFUNDED };
    }
    await deps.db
      .update(bookings)
      .set({ refundId: refund.id, updatedAt: deps.clock.now() })
      .where(and(eq(bookings.id, booking.id), notRefunded()));
    logOf(deps).info({ bookingId: booking.id, refundId: refund.id }, 'booking payment refunded');
    return true;
  } catch (err) {
    logOf(deps).error({ err, bookingId: booking.id }, 'refund failed; the sweeper retries it');
    // Marks the refund as owed so the sweeper retries it whatever ended the booking (cancelled, expired, home deleted).
    try {
      await deps.db
        .update(bookings)
        .set({ refundId: REFUND_OWED, updatedAt: deps.clock.now() })
        .where(
          and(
            eq(bookings.id, booking.id),
            isNull(bookings.refundId),
            inArray(bookings.status, ['cancelled', 'expired']),
          ),
        );
    } catch (markErr) {
      logOf(deps).error({ err: markErr, bookingId: booking.id }, 'could not record the refund as owed');
    }
    return false;
  }
}

/**
 * A hold that was given up (expired, cancelled, replaced): its intent is
 * cancelled so it can no longer be paid; when it was paid meanwhile, the
 * payment is refunded.
 */
async function releaseIntent(deps: BookingDeps, booking: Pick<BookingRow, 'id' | 'paymentIntentId'>): Promise<void> {
  if (!booking.paymentIntentId) return;
  try {
    const intent = await deps.payments.cancelIntent(booking.paymentIntentId);
    if (intent.status === 'succeeded') await refundBooking(deps, booking);
  } catch (err) {
    logOf(deps).warn({ err, bookingId: booking.id }, 'could not cancel the payment of a released hold');
  }
}

type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'unpaid' | 'mismatch' | 'too_late';

function checkIntent(booking: BookingRow, intent: RetrievedIntent): 'ok' | 'unpaid' | 'mismatch' {
  if (
    intent.id !== booking.paymentIntentId ||
    intent.metadata.bookingId !== booking.id ||
    intent.amountCents !== booking.amountCents ||
    intent.currency.toLowerCase() !== 'usd'
  )
    return 'mismatch';
  return intent.status === 'succeeded' ? 'ok' : 'unpaid';
}

/**
 * held -> confirmed when the provider's intent is paid, for the right amount,
 * for this booking. The mails go out after the update is committed, only from
 * the call that made the change. A payment that arrives after the hold was
 * given up is refunded.
 */
export async function confirmWithIntent(
  deps: BookingDeps,
  booking: BookingRow,
  intent: RetrievedIntent,
  message?: string,
): Promise<ConfirmOutcome> {
  const verdict = checkIntent(booking, intent);
  if (verdict !== 'ok') return verdict;
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(bookings)
    .set({
      status: transition('held', 'pay'),
      confirmedAt: now,
      updatedAt: now,
      ...(message !== undefined ? { message } : {}),
    })
    // A hold whose home was deleted meanwhile (home_id null) is never confirmed.
    .where(
      and(
        eq(bookings.id, booking.id),
        allows('pay'),
        eq(bookings.paymentIntentId, intent.id),
        isNotNull(bookings.homeId),
      ),
    )
    .returning();
  if (row) {
    logOf(deps).info({ bookingId: row.id, paymentIntentId: intent.id }, 'booking confirmed');
    await sendConfirmationMails(deps.mail, row, logOf(deps), deps.publicUrl);
    return 'confirmed';
  }
  const current = await findBooking(deps.db, booking.id);
  if (current?.status === 'confirmed' && current.paymentIntentId === intent.id) {
    // Confirmed by the sweeper or a webhook first: keep the guest's note when that call had none.
    if (message && !current.message) {
      await deps.db
        .update(bookings)
        .set({ message, updatedAt: now })
        .where(and(eq(bookings.id, booking.id), eq(bookings.message, '')));
    }
    return 'already_confirmed';
  }
  if (current?.status === 'held' && current.homeId === null) {
    // Its home is gone: the hold ends here, so the sweeper does not ask about it again.
    await deps.db
      .update(bookings)
      .set({ status: targetOf('expire'), updatedAt: now })
      .where(and(eq(bookings.id, booking.id), allows('expire'), isNull(bookings.homeId)));
    logOf(deps).warn({ bookingId: booking.id, paymentIntentId: intent.id }, 'paid hold of a deleted home; refunding');
  }
  await refundBooking(deps, booking);
  return 'too_late';
}

/* ------------------------------------------------------------------ */
/* POST /api/payment-intent                                           */
/* ------------------------------------------------------------------ */

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
    throw badRequest('Check-in cannot be in the past', 'dates_in_past');
  }
  if (!windowCoversStay(home.availableFrom, home.availableTo, input.checkIn, input.checkOut)) {
    throw badRequest(
      `This home can be booked from ${home.availableFrom} to ${home.availableTo}`,
      'dates_outside_window',
    );
  }
  if (input.guests > home.totalGuest) {
    throw badRequest(
      `This home welcomes at most ${home.totalGuest} guest${home.totalGuest === 1 ? '' : 's'}`,
      'too_many_guests',
    );
  }
  const price = priceStay(home.priceCents, input.checkIn, input.checkOut);
  if (price.totalCents > MAX_AMOUNT_CENTS) {
    throw badRequest(
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
        overlaps(input.checkIn, input.checkOut),
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
            overlaps(input.checkIn, input.checkOut),
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
            overlaps(input.checkIn, input.checkOut),
          ),
        )
        .returning();
      // The replaced hold (a new choice of dates for this home) no longer counts.
      const [live] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.guestId, caller.id), eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)));
      if ((live?.n ?? 0) >= MAX_LIVE_HOLDS) {
        throw new HttpError(
          429,
          'too_many_holds',
          `You already have ${MAX_LIVE_HOLDS} reservations in progress. Finish or cancel one of them first (in My bookings), or wait until its ${HOLD_MINUTES}-minute hold ends.`,
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

/* ------------------------------------------------------------------ */
/* POST /api/bookings                                                 */
/* ------------------------------------------------------------------ */

export interface ConfirmInput {
  bookingId: string;
  paymentIntentId: string;
  message?: string;
}

/** Confirms the caller's paid hold; repeating it answers the same. Throws HttpError for every refusal. */
export async function confirmBooking(
  deps: BookingDeps,
  caller: Caller,
  input: ConfirmInput,
): Promise<{ acknowledged: true; insertedId: string }> {
  const booking = await findBooking(deps.db, input.bookingId);
  if (!booking) throw notFound('No booking with this id');
  if (booking.guestId !== caller.id) throw forbidden('This is not your booking');
  const ok = { acknowledged: true as const, insertedId: booking.id };
  const message = input.message?.trim() ?? '';

  if (!booking.paymentIntentId || booking.paymentIntentId !== input.paymentIntentId) {
    throw conflict('This payment does not belong to this booking', 'payment_mismatch');
  }
  if (booking.status === 'confirmed') {
    if (message && !booking.message) {
      await deps.db
        .update(bookings)
        .set({ message, updatedAt: deps.clock.now() })
        .where(and(eq(bookings.id, booking.id), eq(bookings.message, '')));
    }
    return ok;
  }

  let intent: RetrievedIntent;
  try {
    intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
  } catch (err) {
    throw paymentUnavailable(err);
  }

  if (booking.status !== 'held') {
    // The hold was given up before the payment was confirmed here; money taken anyway goes back.
    if (intent.status === 'succeeded') await refundBooking(deps, booking);
    throw conflict(
      intent.status === 'succeeded'
        ? 'Your hold on these dates ended before the payment arrived. The payment has been refunded.'
        : 'Your hold on these dates has ended. Please choose the dates again.',
      'hold_expired',
    );
  }

  const outcome = await confirmWithIntent(deps, booking, intent, message);
  switch (outcome) {
    case 'confirmed':
    case 'already_confirmed':
      return ok;
    case 'unpaid':
      throw new HttpError(402, 'payment_required', intent.lastError?.message ?? 'The payment has not been completed.');
    case 'mismatch':
      throw conflict('This payment does not match the booking', 'payment_mismatch');
    case 'too_late':
      throw conflict(
        'Your hold on these dates ended before the payment arrived. The payment has been refunded.',
        'hold_expired',
      );
  }
}

/* ------------------------------------------------------------------ */
/* Sweeper pieces                                                     */
/* ------------------------------------------------------------------ */

/**
 * A hold past its time: confirmed when its payment succeeded (the browser may
 * have closed), otherwise its intent is cancelled (so it cannot be paid later)
 * and the hold expires. Provider errors leave the hold for the next sweep.
 */
export async function settleStaleHold(
  deps: BookingDeps,
  hold: BookingRow,
): Promise<'confirmed' | 'expired' | 'skipped'> {
  const expire = async () => {
    const now = deps.clock.now();
    const rows = await deps.db
      .update(bookings)
      .set({ status: targetOf('expire'), updatedAt: now })
      .where(and(eq(bookings.id, hold.id), allows('expire'), lte(bookings.holdExpiresAt, now)))
      .returning({ id: bookings.id });
    return rows.length ? ('expired' as const) : ('skipped' as const);
  };
  if (!hold.paymentIntentId) return expire();
  try {
    let intent = await deps.payments.retrieveIntent(hold.paymentIntentId);
    if (intent.status !== 'succeeded' && intent.status !== 'canceled')
      intent = await deps.payments.cancelIntent(hold.paymentIntentId);
    if (intent.status === 'succeeded') {
      const outcome = await confirmWithIntent(deps, hold, intent);
      if (outcome === 'confirmed' || outcome === 'already_confirmed') return 'confirmed';
      if (outcome === 'too_late') return 'skipped';
      // A paid intent that does not match this hold never confirms it.
      logOf(deps).error(
        { bookingId: hold.id, paymentIntentId: intent.id },
        'stale hold has a paid intent that does not match it',
      );
    }
    return expire();
  } catch (err) {
    logOf(deps).warn({ err, bookingId: hold.id }, 'could not settle a stale hold; retrying on the next sweep');
    return 'skipped';
  }
}

export interface SweepResult {
  confirmed: number;
  expired: number;
  refunded: number;
}

export interface SweepOptions {
  /** A live hold is asked about its payment once it is this old (the browser normally confirms it first). */
  paidCheckAfterMs?: number;
  limit?: number;
}

/**
 * One pass of the background task: confirms paid holds whose browser never
 * called back, expires holds past their time, retries refunds that failed.
 * Safe to run from several processes at once (every change is a guarded UPDATE).
 */
export async function sweepOnce(deps: BookingDeps, options: SweepOptions = {}): Promise<SweepResult> {
  const { db, clock } = deps;
  const limit = options.limit ?? 100;
  const paidCheckAfterMs = options.paidCheckAfterMs ?? 10_000;
  const now = clock.now();
  const result: SweepResult = { confirmed: 0, expired: 0, refunded: 0 };

  // 1. Live holds old enough that the browser should have called back: paid already?
  const live = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'held'),
        isNotNull(bookings.paymentIntentId),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.holdExpiresAt, new Date(now.getTime() + HOLD_MS - paidCheckAfterMs)),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  for (const hold of live) {
    try {
      const intent = await deps.payments.retrieveIntent(hold.paymentIntentId!);
      if (intent.status === 'succeeded' && (await confirmWithIntent(deps, hold, intent)) === 'confirmed')
        result.confirmed++;
    } catch (err) {
      logOf(deps).warn({ err, bookingId: hold.id }, 'could not check the payment of a hold');
    }
  }

  // 2. Holds past their time.
  const stale = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  for (const hold of stale) {
    const outcome = await settleStaleHold(deps, hold);
    if (outcome === 'confirmed') result.confirmed++;
    else if (outcome === 'expired') result.expired++;
  }

  // 3. Refunds that failed earlier: marked owed (cancelled or given-up paid bookings), or cancelled confirmed ones never refunded.
  const owed = await db
    .select()
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.paymentIntentId),
        or(
          eq(bookings.refundId, REFUND_OWED),
          and(eq(bookings.status, 'cancelled'), isNotNull(bookings.confirmedAt), isNull(bookings.refundId)),
        ),
      ),
    )
    .limit(limit);
  for (const booking of owed) if (await refundBooking(deps, booking)) result.refunded++;

  return result;
}

/* ------------------------------------------------------------------ */
/* DELETE /api/bookings/:id and the lists                             */
/* ------------------------------------------------------------------ */

export function mayManage(caller: Caller, booking: BookingRow): boolean {
  return caller.role === 'admin' || booking.guestId === caller.id || sameEmail(booking.guestEmail, caller.email);
}

/** held|confirmed -> cancelled, then (after commit) the refund or the intent's cancellation. Cancelling twice changes nothing. */
export async function cancelBooking(
  deps: BookingDeps,
  caller: Caller,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const booking = await findBooking(deps.db, id);
  if (!booking) throw notFound('No booking with this id');
  if (!mayManage(caller, booking)) throw forbidden('This is not your booking');

  const now = deps.clock.now();
  const [cancelled] = await deps.db
    .update(bookings)
    .set({ status: targetOf('cancel'), cancelledAt: now, updatedAt: now })
    .where(and(eq(bookings.id, booking.id), allows('cancel')))
    .returning();
  if (!cancelled) {
    // Already cancelled: a refund that failed the first time is tried again, never a second one.
    if (
      booking.status === 'cancelled' &&
      (booking.refundId === REFUND_OWED || (booking.confirmedAt && !booking.refundId))
    ) {
      await refundBooking(deps, booking);
    }
    return { acknowledged: true, deletedCount: 0 };
  }
  logOf(deps).info({ bookingId: booking.id, by: caller.id }, 'booking cancelled');
  if (cancelled.confirmedAt) await refundBooking(deps, cancelled);
  else await releaseIntent(deps, cancelled);
  return { acknowledged: true, deletedCount: 1 };
}

/**
 * Bookings newest first: confirmed ones and holds still waiting for payment
 * (with their status). Expired holds and cancelled bookings are left out: the
 * spec's bookings are "deleted by cancel".
 */
export async function listBookings(deps: BookingDeps, filter: { guestEmail?: string }): Promise<Booking[]> {
  const now = deps.clock.now();
  const where: SQL[] = [
    or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)))!,
  ];
  if (filter.guestEmail) where.push(sql`lower(${bookings.guestEmail}) = lower(${filter.guestEmail})`);
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toBooking);
}

/** The home's held (live) and confirmed stays that end after `fromDate`, in date order; no guest data. */
export async function unavailableRanges(
  deps: BookingDeps,
  homeId: string,
  fromDate: string,
): Promise<{ from: string; to: string }[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ from: bookings.checkIn, to: bookings.checkOut })
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        gt(bookings.checkOut, fromDate),
        or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now))),
      ),
    )
    .orderBy(asc(bookings.checkIn));
  return rows;
}
