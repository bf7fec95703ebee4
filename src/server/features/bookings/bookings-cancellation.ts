/**
 * DELETE /api/bookings/:id: held|confirmed -> cancelled with its mails (ADR 0046), then the refund or the
 * intent's cancellation, whose outcome settles the mails' wording.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { bookings, type BookingRow } from '#server/db/schema';
import { notFound } from '#server/domain-errors';
import { queueCancellationMails, type CancelledMoney, type SettleMails } from './bookings-mail';
import {
  REFUND_OWED,
  allows,
  findBooking,
  logOf,
  refuseStartedStay,
  sameEmail,
  targetOf,
  type BookingDeps,
  type Caller,
} from './bookings-model';
import { cancelledByGuest, refundDecision } from './bookings-pricing';
import { refundBooking, releaseIntent } from './bookings-refunds';
import { underHomeLock } from '../calendar/availability';

export function mayManage(caller: Caller, booking: BookingRow): boolean {
  return caller.role === 'admin' || booking.guestId === caller.id || sameEmail(booking.guestEmail, caller.email);
}

/**
 * held|confirmed -> cancelled, its mails accepted in the same transaction; then (after commit) the refund or
 * the intent's cancellation, and the mails sent with its outcome. Cancelling twice changes nothing.
 */
export async function cancelBooking(
  deps: BookingDeps,
  caller: Caller,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  let booking = await findBooking(deps.db, id);
  // Someone who may not manage it learns nothing: the same 404 as for an id that never existed.
  if (!booking || !mayManage(caller, booking)) throw notFound('No booking with this id');

  const now = deps.clock.now();
  const byGuest = cancelledByGuest(caller, booking);
  let cancelled: BookingRow | undefined;
  let settleMails: SettleMails<CancelledMoney> | undefined;
  // The refund is decided once, with the cancellation: a retry later refunds the same amount. It is
  // decided on the state read, so the update only applies to that state: a hold confirmed (paid) in
  // between is read again and refunded by its policy, not in full as a given-up hold.
  for (let attempt = 0; attempt < 3 && booking && !cancelled; attempt++) {
    // Checked on every state read: a hold confirmed in between may be a stay that has begun.
    refuseStartedStay(booking, now);
    const { refundCents } = refundDecision(booking, byGuest, now);
    const state = booking;
    // The home's row first (ADR 0029): a confirmed stay's cancellation refreshes the home's nights.
    [cancelled, settleMails] = await underHomeLock(deps.db, state.homeId, async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({
          status: targetOf('cancel'),
          cancelledAt: now,
          updatedAt: now,
          cancelledBy: byGuest ? 'guest' : 'admin',
          refundAmountCents: state.confirmedAt ? refundCents : null,
        })
        .where(
          and(
            eq(bookings.id, state.id),
            allows('cancel'),
            state.confirmedAt ? isNotNull(bookings.confirmedAt) : isNull(bookings.confirmedAt),
          ),
        )
        .returning();
      if (!row) return [undefined, undefined] as const;
      // The mails commit with the cancellation, or roll back with it; the refund's outcome words them after.
      const byAdmin = caller.role === 'admin' && row.guestId !== caller.id;
      return [row, await queueCancellationMails(deps.mail, tx, row, byAdmin, logOf(deps), deps.publicUrl)] as const;
    });
    if (!cancelled) booking = (await findBooking(deps.db, id)) ?? booking;
    if (booking.status === 'cancelled' || booking.status === 'expired') break;
  }
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
  let money: CancelledMoney;
  if (cancelled.confirmedAt) money = (await refundBooking(deps, cancelled)) ? 'refunded' : 'refund_owed';
  else money = await releaseIntent(deps, cancelled);
  await settleMails?.(money);
  return { acknowledged: true, deletedCount: 1 };
}
