/**
 * POST /api/host/reservations/:id/cancel: the host (or an admin) cancels a confirmed stay with
 * a reason. The guest always gets everything back, whatever the cancellation policy (the host
 * broke the deal); both sides are mailed (the mails accepted with the cancellation, ADR 0046) and the
 * nights are free again (the status change updates homes.confirmed_nights through the 0008 triggers).
 */
import { and, eq } from 'drizzle-orm';
import { formatCents } from '#shared/money';
import type { HostCancelResponse } from '#shared/schemas/reservations';
import { conflict, notFound } from '#server/domain-errors';
import { bookings, type BookingRow } from '#server/db/schema';
import type { MailMessage } from '#server/providers/mail/mail';
import { quoted, quotedBlock } from '#server/providers/mail/user-text';
import { homeToday } from '#shared/time-zones';
import { homeLines, queuePendingMails, stayText, type CancelledMoney } from './bookings-mail';
import { REFUND_OWED, findBooking, isBookingHost, logOf, type BookingDeps, type Caller } from './bookings-model';
import { refundBooking } from './bookings-refunds';
import { findReservation } from './reservations-queries';
import { underHomeLock } from '../calendar/availability';

/** The host of the booking's home (by account, or by the email the booking names) or an admin. */
async function mayHostManage(deps: BookingDeps, caller: Caller, booking: BookingRow): Promise<boolean> {
  if (caller.role === 'admin') return true;
  return caller.role === 'host' && isBookingHost(deps.db, caller, booking);
}

/** The guest learns why and that everything is refunded; the host keeps a record of what they did. */
function hostCancellationMails(
  booking: BookingRow,
  reason: string,
  money: CancelledMoney,
  publicUrl?: string,
): MailMessage[] {
  const amount = formatCents(booking.amountCents);
  const refund =
    money === 'refunded'
      ? `Refunded in full: ${amount} to the card you paid with (it can take 5 to 10 business days to show).`
      : money === 'refund_owed'
        ? `Your full refund of ${amount} is being processed; we keep trying until it goes through.`
        : 'No payment was taken, so nothing is refunded.';
  const link = publicUrl ? `\n\nFind another stay: ${publicUrl}/` : '';
  return [
    {
      to: booking.guestEmail,
      subject: `Your host cancelled your booking: ${quoted(booking.title)}`,
      text:
        `We are sorry: the host cancelled your booking.\n\n${homeLines(booking)}\n` +
        `Dates: ${stayText(booking)}\nGuests: ${booking.guests}\n\nThe host's reason:\n${quotedBlock(reason)}\n\n` +
        `${refund}${link}\n\nBooking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject: `You cancelled a booking: ${quoted(booking.title)}, ${booking.checkIn} to ${booking.checkOut}`,
      text:
        `A booking of your home is cancelled.\n\n${homeLines(booking)}\nGuest: ${booking.guestEmail}\n` +
        `Dates: ${stayText(booking)}\nGuests: ${booking.guests}\nYour reason, sent to the guest:\n${quotedBlock(reason)}\n\n` +
        `The guest is refunded the full ${amount}. The nights are free again.\n\nBooking reference: ${booking.id}\n`,
    },
  ];
}

/**
 * confirmed -> cancelled (by the host, with the reason) and both mails accepted in one transaction; then the
 * full refund, whose outcome words the guest's mail. A repeat changes nothing.
 */
export async function hostCancelBooking(
  deps: BookingDeps,
  caller: Caller,
  id: string,
  reason: string,
): Promise<HostCancelResponse> {
  const booking = await findBooking(deps.db, id);
  // Anyone who may not manage it learns nothing: the same 404 as for an id that never existed.
  if (!booking || !(await mayHostManage(deps, caller, booking))) throw notFound('No reservation with this id');
  const now = deps.clock.now();
  const answer = async (refund: CancelledMoney): Promise<HostCancelResponse> => ({
    reservation: (await findReservation(deps.db, booking.id, now))!,
    refund,
  });

  if (booking.status === 'cancelled' && booking.confirmedAt) {
    // Cancelled before: a refund that failed then is tried again, never a second one.
    if (booking.refundId === REFUND_OWED || !booking.refundId) {
      return answer((await refundBooking(deps, booking)) ? 'refunded' : 'refund_owed');
    }
    return answer('refunded');
  }
  if (booking.status !== 'confirmed') {
    throw conflict('Only a confirmed booking can be cancelled by the host', 'not_confirmed');
  }
  if (booking.checkOut <= homeToday(now, booking.timeZone)) {
    throw conflict('This stay is over; it can no longer be cancelled', 'stay_over');
  }

  // The home's row first (ADR 0029): the cancellation refreshes the home's nights.
  const [cancelled, settleMails] = await underHomeLock(deps.db, booking.homeId, async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        updatedAt: now,
        cancelledBy: caller.role === 'admin' ? 'admin' : 'host',
        cancelReason: reason,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed')))
      .returning();
    if (!row) return [undefined, undefined] as const;
    // Worded for a crash before the refund: owed (the sweeper refunds a cancelled confirmed booking), or
    // nothing to refund without a payment. Both mails whatever the outcome.
    const settle = await queuePendingMails<CancelledMoney>(
      deps.mail,
      tx,
      (money) => hostCancellationMails(row, reason, money, deps.publicUrl),
      row.paymentIntentId ? 'refund_owed' : 'refunded',
      logOf(deps),
      { bookingId: row.id, message: 'host cancellation mail failed' },
    );
    return [row, settle] as const;
  });
  if (!cancelled) {
    // Someone else (the guest, an admin) cancelled it in between: answer what it is now.
    const now2 = await findBooking(deps.db, booking.id);
    if (now2?.status === 'cancelled')
      return answer(now2.refundId && now2.refundId !== REFUND_OWED ? 'refunded' : 'refund_owed');
    throw conflict('Only a confirmed booking can be cancelled by the host', 'not_confirmed');
  }
  logOf(deps).info({ bookingId: booking.id, by: caller.id }, 'booking cancelled by the host');
  // No database transaction is open here: the provider call never holds a lock.
  const money: CancelledMoney = (await refundBooking(deps, cancelled)) ? 'refunded' : 'refund_owed';
  await settleMails(money);
  return answer(money);
}
