/** The deposit's mails: a damage claim (the guest); the admin's decision, a deposit not held, a release (both). */
import { formatCents } from '#shared/money';
import type { BookingRow, SecurityDepositRow } from '#server/db/schema';
import type { MailMessage } from '#server/providers/mail/mail';
import { quotedBlock } from '#server/providers/mail/user-text';
import { homeLines } from '../bookings/bookings-mail';

const stay = (b: BookingRow) => `${b.checkIn} to ${b.checkOut}`;
const link = (path: string, publicUrl?: string) => (publicUrl ? `\n\n${publicUrl}${path}` : '');

export function claimFiledMail(booking: BookingRow, deposit: SecurityDepositRow, publicUrl?: string): MailMessage {
  return {
    to: booking.guestEmail,
    subject: 'Your host filed a damage claim against your security deposit',
    text:
      `The host of your stay filed a damage claim of ${formatCents(deposit.claimAmountCents ?? 0)} ` +
      `against your security deposit of ${formatCents(deposit.amountCents)}.\n\n${homeLines(booking)}\n` +
      `Dates: ${stay(booking)}\n\nThe host's reason:\n${quotedBlock(deposit.claimReason ?? '')}\n\n` +
      'Nothing has been charged. A StayHub admin reviews the claim and decides: the deposit stays held on ' +
      'your card until then. Reply to this mail to tell us your side.' +
      `${link('/dashboard/my-booking', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
  };
}

export function decisionMails(booking: BookingRow, deposit: SecurityDepositRow, publicUrl?: string): MailMessage[] {
  const captured = deposit.capturedCents;
  const outcome =
    captured !== null
      ? `An admin decided the damage claim: ${formatCents(captured)} of the security deposit of ` +
        `${formatCents(deposit.amountCents)} is charged; the rest of the hold is released.`
      : `An admin decided the damage claim: nothing is charged, and the security deposit of ` +
        `${formatCents(deposit.amountCents)} is released.`;
  const body = `${outcome}\n\n${homeLines(booking)}\nDates: ${stay(booking)}\n`;
  return [
    {
      to: booking.guestEmail,
      subject:
        captured !== null
          ? 'Damage claim decided: part of your deposit is charged'
          : 'Damage claim decided: your deposit is released',
      text: `${body}${link('/dashboard/my-booking', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject:
        captured !== null
          ? `Damage claim decided: ${formatCents(captured)} captured`
          : 'Damage claim decided: deposit released',
      text: `${body}${link('/dashboard/reservations', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
  ];
}

/**
 * The saved card could not hold the deposit off-session (ADR 0051): the stay stands, paid; both
 * sides learn that no deposit is held, and the host that damage goes to an admin by message.
 */
export function notHeldMails(booking: BookingRow, deposit: SecurityDepositRow, publicUrl?: string): MailMessage[] {
  const body =
    `The security deposit of ${formatCents(deposit.amountCents)} for this stay could not be held on the ` +
    `guest's card (${deposit.failureMessage ?? 'the card was declined'}). The stay itself is paid and stands; ` +
    `no deposit is held.\n\n${homeLines(booking)}\nDates: ${stay(booking)}\n`;
  return [
    {
      to: booking.guestEmail,
      subject: 'No security deposit is held for your stay',
      text: `${body}${link('/dashboard/my-booking', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject: 'No security deposit could be held for a stay at your home',
      text:
        `${body}\nShould there be damage, message a StayHub admin about it.` +
        `${link('/dashboard/reservations', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
  ];
}

/**
 * A declined off-session try that another follows (ADR 0051): only the guest can do something
 * about it (the stay is paid and stands), so only they are mailed; the host hears at the last try.
 */
export function retryMail(
  booking: BookingRow,
  deposit: SecurityDepositRow,
  retryOn: string,
  publicUrl?: string,
): MailMessage {
  return {
    to: booking.guestEmail,
    subject: 'Your card could not hold the security deposit: we will try again',
    text:
      `The security deposit of ${formatCents(deposit.amountCents)} for your stay could not be held on the card ` +
      `you paid with (${deposit.failureMessage ?? 'the card was declined'}). Your stay is paid and stands.\n\n` +
      `We will try the same card again on ${retryOn}. Please make sure it can hold the amount (enough ` +
      `available credit or funds; your bank may need to approve the hold). Nothing is charged: the deposit ` +
      `is only held, and released after your stay unless the host reports damage.\n\n` +
      `${homeLines(booking)}\nDates: ${stay(booking)}` +
      `${link('/dashboard/my-booking', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
  };
}

/** The release job let the deposit go (its time came with no claim, or the booking ended without a stay). */
export function releasedMails(booking: BookingRow, deposit: SecurityDepositRow, publicUrl?: string): MailMessage[] {
  const body =
    `The security deposit of ${formatCents(deposit.amountCents)} held on the guest's card for this stay is ` +
    `released: nothing was charged.\n\n${homeLines(booking)}\nDates: ${stay(booking)}\n`;
  return [
    {
      to: booking.guestEmail,
      subject: 'Your security deposit is released',
      text: `${body}${link('/dashboard/my-booking', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject: 'Security deposit released',
      text: `${body}${link('/dashboard/reservations', publicUrl)}\n\nBooking reference: ${booking.id}\n`,
    },
  ];
}
