/**
 * The background task of the booking state machine: confirms paid holds whose
 * browser never called back, settles holds past their time, retries refunds.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { JobOptions } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { bookings, type BookingRow } from '#server/db/schema';
import { confirmWithIntent } from './bookings-confirmation';
import {
  HOLD_MS,
  REFUND_OWED,
  UNLINKED_HOLD_MS,
  UNLINKED_INTENT_MS,
  allows,
  findBooking,
  logOf,
  targetOf,
  type BookingDeps,
} from './bookings-model';
import { refundBooking } from './bookings-refunds';
import { lapseRequests } from './booking-requests';

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
    // A request's authorised card (requires_capture) is its payment: it becomes the request (ADR 0050).
    const paid = (i: typeof intent) =>
      i.status === 'succeeded' || (hold.bookingMode === 'request' && i.status === 'requires_capture');
    if (!paid(intent) && intent.status !== 'canceled') intent = await deps.payments.cancelIntent(hold.paymentIntentId);
    if (paid(intent)) {
      const outcome = await confirmWithIntent(deps, hold, intent);
      if (outcome === 'confirmed' || outcome === 'already_confirmed' || outcome === 'requested') return 'confirmed';
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
  /** Booking requests expired without the host's answer (omitted when 0). */
  requestsExpired?: number;
  /** Provider intents no live hold links, cancelled (omitted when 0). */
  orphansCancelled?: number;
}

export interface SweepOptions {
  /** A live hold is asked about its payment once it is this old (the browser normally confirms it first). */
  paidCheckAfterMs?: number;
  limit?: number;
}

/**
 * One pass of the background task: confirms paid holds whose browser never
 * called back, expires holds past their time, retries refunds that failed.
 * Safe to run from several processes at once (every change is a guarded UPDATE); main.ts
 * also runs each pass under its lease in the `jobs` table (ADR 0046), so one process at a time asks the provider.
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
      const paid =
        intent.status === 'succeeded' || (hold.bookingMode === 'request' && intent.status === 'requires_capture');
      const outcome = paid ? await confirmWithIntent(deps, hold, intent) : null;
      if (outcome === 'confirmed' || outcome === 'requested') result.confirmed++;
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

  // 2b. Requests the host did not answer by respond_by: expired, the authorisation released.
  const lapsed = await lapseRequests(deps, limit);
  if (lapsed) result.requestsExpired = lapsed;

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
        // Each failure pushes the next try further out (refundRetryDelayMs); a failed refund is never picked again.
        or(isNull(bookings.refundRetryAt), lte(bookings.refundRetryAt, now)),
      ),
    )
    .orderBy(asc(bookings.refundRetryAt))
    .limit(limit);
  for (const booking of owed) if (await refundBooking(deps, booking)) result.refunded++;

  // 4. Holds whose intent was never linked (the process died in between): given up after a minute, not 15.
  const unlinked = await db
    .update(bookings)
    .set({ status: targetOf('expire'), updatedAt: now })
    .where(
      and(
        allows('expire'),
        isNull(bookings.paymentIntentId),
        lte(bookings.createdAt, new Date(now.getTime() - UNLINKED_HOLD_MS)),
      ),
    )
    .returning({ id: bookings.id });
  result.expired += unlinked.length;

  // 5. The provider's open intents that no live hold links: cancelled, so nobody can pay them.
  const orphans = await cancelOrphanIntents(deps, now, limit);
  if (orphans) result.orphansCancelled = orphans;

  return result;
}

async function cancelOrphanIntents(deps: BookingDeps, now: Date, limit: number): Promise<number> {
  if (!deps.payments.listOpenIntents) return 0;
  let open;
  try {
    open = await deps.payments.listOpenIntents(new Date(now.getTime() - UNLINKED_INTENT_MS), limit);
  } catch (err) {
    logOf(deps).warn({ err }, 'could not list open payment intents');
    return 0;
  }
  let cancelled = 0;
  for (const intent of open) {
    const booking = intent.metadata.bookingId ? await findBooking(deps.db, intent.metadata.bookingId) : null;
    // A live or stale hold that links it is settled by steps 1 and 2.
    if (booking && booking.paymentIntentId === intent.id && booking.status === 'held') continue;
    try {
      const after = await deps.payments.cancelIntent(intent.id);
      if (after.status === 'succeeded') {
        logOf(deps).error({ paymentIntentId: intent.id }, 'an unlinked payment intent was paid; refunding it');
        await deps.payments.refund(intent.id, `refund-${intent.id}`);
      } else cancelled++;
    } catch (err) {
      logOf(deps).warn({ err, paymentIntentId: intent.id }, 'could not cancel an unlinked payment intent');
    }
  }
  return cancelled;
}

export type BookingSweeper = PeriodicJob<SweepResult>;

/**
 * The background task of the booking state machine: one pass at start, then
 * every `intervalMs` (passes never overlap). See `sweepOnce` for what a pass does.
 */
export function startBookingSweeper(
  deps: BookingDeps,
  options: SweepOptions & { intervalMs: number } & JobOptions<SweepResult>,
): BookingSweeper {
  return startPeriodicJob({
    ...options,
    name: 'booking sweep',
    pass: () => sweepOnce(deps, options),
    worthLogging: (r) =>
      r.confirmed > 0 ||
      r.expired > 0 ||
      r.refunded > 0 ||
      (r.orphansCancelled ?? 0) > 0 ||
      (r.requestsExpired ?? 0) > 0,
    log: deps.log,
  });
}
