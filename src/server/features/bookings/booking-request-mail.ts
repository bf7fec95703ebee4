/**
 * The mails of a booking request (ADR 0050): sent, accepted (the confirmation mails), declined, expired.
 * Each is written to the durable queue in the transaction that changes the status (ADR 0046).
 */
import { formatCents } from '#shared/money';
import { zoneLabel } from '#shared/time-zones';
import type { BookingRow } from '#server/db/schema';
import type { DbOrTx } from '#server/jobs/job-queue';
import type { MailMessage } from '#server/providers/mail/mail';
import type { MailSender } from '#server/providers/mail/mail-queue';
import { quoted, quotedBlock } from '#server/providers/mail/user-text';
import { homeLines, stayText } from './bookings-mail';

/** When the host must answer, on the clocks of the home's zone (the booking's), named: "Dec 11, 2026, 10:00 AM (Europe/Lisbon time)". */
const deadline = (b: BookingRow) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: b.timeZone }).format(
    b.respondBy ?? new Date(0),
  )} (${zoneLabel(b.timeZone)})`;

function requestSentMails(b: BookingRow, publicUrl?: string): MailMessage[] {
  const note = b.message.trim() ? `\n\nMessage from the guest:\n${quotedBlock(b.message)}` : '';
  return [
    {
      to: b.guestEmail,
      subject: `Request sent: ${quoted(b.title)}`,
      text:
        `Your request to book was sent to the host.\n\n${homeLines(b)}\nDates: ${stayText(b)}\nGuests: ${b.guests}\n\n` +
        `Your card is authorised for ${formatCents(b.amountCents)} but not charged: you are charged only if the host ` +
        `accepts. The host answers by ${deadline(b)}; without an answer the request expires and the authorisation is released.` +
        `${publicUrl ? `\n\nYour bookings: ${publicUrl}/dashboard/my-booking` : ''}\n\nBooking reference: ${b.id}\n`,
    },
    {
      to: b.hostEmail,
      subject: `Booking request: ${quoted(b.title)}, ${b.checkIn} to ${b.checkOut}`,
      text:
        `A guest asks to book your home.\n\n${homeLines(b)}\nGuest: ${b.guestEmail}\nDates: ${stayText(b)}\n` +
        `Guests: ${b.guests}\nTotal: ${formatCents(b.amountCents)}${note}\n\n` +
        `Accept or decline by ${deadline(b)}; without an answer the request expires.` +
        `${publicUrl ? `\n\nYour reservations: ${publicUrl}/dashboard/reservations` : ''}\n\nBooking reference: ${b.id}\n`,
    },
  ];
}

function declinedMail(b: BookingRow, publicUrl?: string): MailMessage {
  const message = b.hostMessage?.trim() ? `\n\nThe host's message:\n${quotedBlock(b.hostMessage)}` : '';
  return {
    to: b.guestEmail,
    subject: `Request declined: ${quoted(b.title)}`,
    text:
      `The host declined your request to book.\n\n${homeLines(b)}\nDates: ${stayText(b)}${message}\n\n` +
      `Your card was not charged: the authorisation of ${formatCents(b.amountCents)} is released.` +
      `${publicUrl ? `\n\nFind another stay: ${publicUrl}/` : ''}\n\nBooking reference: ${b.id}\n`,
  };
}

function expiredMails(b: BookingRow, publicUrl?: string): MailMessage[] {
  return [
    {
      to: b.guestEmail,
      subject: `Request expired: ${quoted(b.title)}`,
      text:
        `The host did not answer your request to book in time, so it expired.\n\n${homeLines(b)}\nDates: ${stayText(b)}\n\n` +
        `Your card was not charged: the authorisation of ${formatCents(b.amountCents)} is released.` +
        `${publicUrl ? `\n\nFind another stay: ${publicUrl}/` : ''}\n\nBooking reference: ${b.id}\n`,
    },
    {
      to: b.hostEmail,
      subject: `Request expired: ${quoted(b.title)}, ${b.checkIn} to ${b.checkOut}`,
      text:
        `A request to book your home expired without an answer; the dates are free again.\n\n${homeLines(b)}\n` +
        `Guest: ${b.guestEmail}\nDates: ${stayText(b)}\n\nBooking reference: ${b.id}\n`,
    },
  ];
}

export type RequestMailKind = 'sent' | 'declined' | 'expired';

/** Queues the mails of `kind` in `tx`, the transaction of the status change. */
export async function queueRequestMails(
  mail: MailSender | undefined,
  tx: DbOrTx,
  kind: RequestMailKind,
  booking: BookingRow,
  publicUrl?: string,
): Promise<void> {
  if (!mail) return;
  const messages =
    kind === 'sent'
      ? requestSentMails(booking, publicUrl)
      : kind === 'declined'
        ? [declinedMail(booking, publicUrl)]
        : expiredMails(booking, publicUrl);
  for (const message of messages) await mail.send(message, tx);
}
