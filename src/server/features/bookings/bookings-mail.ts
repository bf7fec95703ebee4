import { formatCents } from '#shared/money';
import type { BookingRow } from '#server/db/schema';
import type { MailMessage, MailProvider } from '#server/providers/mail/mail';

/** The confirmation mails to the guest and to the host (sent after the confirmation is committed). */
export function confirmationMails(booking: BookingRow, publicUrl?: string) {
  const stay = `${booking.checkIn} to ${booking.checkOut} (${booking.nights} night${booking.nights === 1 ? '' : 's'})`;
  const total = formatCents(booking.amountCents);
  const link = publicUrl ? `\n\nYour bookings: ${publicUrl}/dashboard/my-booking` : '';
  const note = booking.message ? `\n\nMessage to the host:\n${booking.message}` : '';
  return [
    {
      to: booking.guestEmail,
      subject: `Booking confirmed: ${booking.title}`,
      text:
        `Your stay at ${booking.title} (${booking.location}) is confirmed.\n\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\nTotal paid: ${total}\nHost: ${booking.hostEmail}\n` +
        `Check-in is after 12:00 PM.${note}${link}\n\nBooking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject: `New booking: ${booking.title}, ${booking.checkIn} to ${booking.checkOut}`,
      text:
        `${booking.guestEmail} booked ${booking.title} (${booking.location}).\n\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\nTotal: ${total}${note}\n\nBooking reference: ${booking.id}\n`,
    },
  ];
}

/** Sends both mails; a failure is logged and never undoes the booking. */
export async function sendConfirmationMails(
  mail: MailProvider | undefined,
  booking: BookingRow,
  log: { error(obj: unknown, msg?: string): void },
  publicUrl?: string,
): Promise<void> {
  await sendAll(mail, confirmationMails(booking, publicUrl), booking, log, 'booking confirmation mail failed');
}

/** What happened to the money of a cancelled booking. */
export type CancelledMoney = 'none' | 'refunded' | 'refund_owed';

/**
 * The cancellation mails. The guest always gets one; the host only when they
 * were told about the booking (it was confirmed) or money had been taken.
 */
export function cancellationMails(
  booking: BookingRow,
  money: CancelledMoney,
  byAdmin: boolean,
  publicUrl?: string,
): MailMessage[] {
  const stay = `${booking.checkIn} to ${booking.checkOut} (${booking.nights} night${booking.nights === 1 ? '' : 's'})`;
  const amount = formatCents(booking.amountCents);
  const link = publicUrl ? `\n\nYour bookings: ${publicUrl}/dashboard/my-booking` : '';
  const who = byAdmin ? 'by StayHub' : 'at your request';
  const guestMoney =
    money === 'refunded'
      ? `Refunded: ${amount} to the card you paid with (it can take 5 to 10 business days to show).`
      : money === 'refund_owed'
        ? `Your refund of ${amount} is being processed; we keep trying until it goes through.`
        : 'No payment was taken, so nothing is refunded.';
  const mails: MailMessage[] = [
    {
      to: booking.guestEmail,
      subject: `Booking cancelled: ${booking.title}`,
      text:
        `Your ${booking.confirmedAt ? 'booking' : 'reservation'} of ${booking.title} (${booking.location}) was cancelled ${who}.\n\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\n${guestMoney}${link}\n\nBooking reference: ${booking.id}\n`,
    },
  ];
  if (booking.confirmedAt || money !== 'none') {
    mails.push({
      to: booking.hostEmail,
      subject: `Booking cancelled: ${booking.title}, ${booking.checkIn} to ${booking.checkOut}`,
      text:
        `The booking of ${booking.title} (${booking.location}) by ${booking.guestEmail} was cancelled.\n\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\n` +
        `${money === 'none' ? 'No payment was taken.' : `The guest is refunded ${amount}.`} The dates are free again.\n\n` +
        `Booking reference: ${booking.id}\n`,
    });
  }
  return mails;
}

/** Sends the cancellation mails; a failure is logged and never undoes the cancellation. */
export async function sendCancellationMails(
  mail: MailProvider | undefined,
  booking: BookingRow,
  money: CancelledMoney,
  byAdmin: boolean,
  log: { error(obj: unknown, msg?: string): void },
  publicUrl?: string,
): Promise<void> {
  await sendAll(
    mail,
    cancellationMails(booking, money, byAdmin, publicUrl),
    booking,
    log,
    'booking cancellation mail failed',
  );
}

async function sendAll(
  mail: MailProvider | undefined,
  messages: MailMessage[],
  booking: BookingRow,
  log: { error(obj: unknown, msg?: string): void },
  failure: string,
): Promise<void> {
  if (!mail) return;
  await Promise.all(
    messages.map(async (message) => {
      try {
        await mail.send(message);
      } catch (err) {
        log.error({ err, bookingId: booking.id, to: message.to }, failure);
      }
    }),
  );
}
