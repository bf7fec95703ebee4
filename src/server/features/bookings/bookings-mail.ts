import { formatCents } from '#shared/money';
import type { BookingRow } from '#server/db/schema';
import type { MailProvider } from '#server/providers/mail/mail';

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
  if (!mail) return;
  await Promise.all(
    confirmationMails(booking, publicUrl).map(async (message) => {
      try {
        await mail.send(message);
      } catch (err) {
        log.error({ err, bookingId: booking.id, to: message.to }, 'booking confirmation mail failed');
      }
    }),
  );
}
