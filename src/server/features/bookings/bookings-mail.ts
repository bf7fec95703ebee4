import { POLICY_LABELS, POLICY_TERMS, checkInNote } from '#shared/cancellation';
import { CHECK_IN_AFTER } from '#shared/constants';
import { clockTime } from '#shared/dates';
import { formatCents } from '#shared/money';
import { plural } from '#shared/plural';
import { homeToday, zoneLabel } from '#shared/time-zones';
import { priceLinesText, type MailedDeposit } from '#shared/price-lines';
import { homes, type BookingRow, type SecurityDepositRow } from '#server/db/schema';
import type { DbOrTx } from '#server/jobs/job-queue';
import type { MailMessage } from '#server/providers/mail/mail';
import type { MailSender, PendingMail, PendingMailSender } from '#server/providers/mail/mail-queue';
import { quoted, quotedBlock } from '#server/providers/mail/user-text';
import { breakdownOf } from './bookings-model';

/** The cancellation terms a booking was made with, as one paragraph. */
function policyText(booking: BookingRow): string {
  const policy = booking.cancellationPolicy;
  if (!policy) return 'Cancellation: full refund whenever you cancel.';
  return `Cancellation policy: ${POLICY_LABELS[policy]}. ${POLICY_TERMS[policy]} ${checkInNote(booking.timeZone)}`;
}

const receiptLink = (booking: BookingRow, publicUrl?: string) =>
  publicUrl ? `\nReceipt: ${publicUrl}/dashboard/receipt/${booking.id}` : '';

/**
 * A home's check-in and check-out times, HH:MM, and its exact point (issue 29: a confirmed guest is
 * told where the home is); null: the home is gone, the general terms apply.
 */
export type HomeTimes = { checkInTime: string; checkOutTime: string; lat: number; lng: number } | null;

/** The columns of HomeTimes, as the confirming transactions read them. */
export const HOME_TIMES_COLUMNS = {
  checkInTime: homes.checkInTime,
  checkOutTime: homes.checkOutTime,
  lat: homes.lat,
  lng: homes.lng,
};

/**
 * Where the home is exactly, as coordinates any map app takes. No map link: a mail carries only
 * StayHub's own links (ADR 0032); the receipt linked below shows the pin on StayHub's map.
 */
function exactLocationText(point: { lat: number; lng: number }): string {
  return `Exact location: ${point.lat}, ${point.lng} (the map on your receipt shows it)`;
}

const locationText = (times: HomeTimes) =>
  times
    ? `
${exactLocationText(times)}`
    : '';

/** The home's times on the clocks of the zone the stay was booked in. */
const timesText = (times: HomeTimes, timeZone: string) =>
  times
    ? `Check-in is after ${clockTime(times.checkInTime)}; check-out is by ${clockTime(times.checkOutTime)} (${zoneLabel(timeZone)}).`
    : `Check-in is after ${CHECK_IN_AFTER}.`;

/** The home's title and location as the host wrote them: quoted, behind labels (ADR 0032). */
export const homeLines = (booking: BookingRow) =>
  `Home: ${quoted(booking.title)}\nLocation: ${quoted(booking.location)}`;

/** The stay's dates and length, as every booking mail prints it: "2026-12-10 to 2026-12-13 (3 nights)". */
export const stayText = (booking: Pick<BookingRow, 'checkIn' | 'checkOut' | 'nights'>) =>
  `${booking.checkIn} to ${booking.checkOut} (${plural(booking.nights, 'night')})`;

/** The guest's note, quoted line by line under a label ('' when there is none). */
const noteBlock = (booking: BookingRow, label: string) =>
  booking.message.trim() ? `\n\n${label}:\n${quotedBlock(booking.message)}` : '';

/** A booking's deposit row as its mails word it: a pending one with the home's date it is placed on. */
const mailedDeposit = (booking: BookingRow, deposit: SecurityDepositRow | null): MailedDeposit | null =>
  deposit
    ? {
        status: deposit.status,
        ...(deposit.authorizeAt ? { heldOn: homeToday(deposit.authorizeAt, booking.timeZone) } : {}),
      }
    : null;

/**
 * The confirmation mails to the guest and to the host (sent after the confirmation is committed).
 * The deposit line says what is true when it is written: held at the card submission (sandbox), or
 * to be held on a date (off-session, ADR 0051), never "held" before it is.
 */
function confirmationMails(
  booking: BookingRow,
  times: HomeTimes,
  deposit: SecurityDepositRow | null,
  publicUrl?: string,
) {
  const stay = stayText(booking);
  const lines = priceLinesText(breakdownOf(booking), 'Total paid', mailedDeposit(booking, deposit));
  const link = publicUrl ? `\n\nYour bookings: ${publicUrl}/dashboard/my-booking` : '';
  return [
    {
      to: booking.guestEmail,
      subject: `Booking confirmed: ${quoted(booking.title)}`,
      text:
        `Your stay is confirmed.\n\n${homeLines(booking)}${locationText(times)}\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\nHost: ${booking.hostEmail}\n\n${lines}\n\n` +
        `${policyText(booking)}\n${timesText(times, booking.timeZone)}${noteBlock(booking, 'Your message to the host')}` +
        `${link}${receiptLink(booking, publicUrl)}\n\n` +
        `Booking reference: ${booking.id}\n`,
    },
    {
      to: booking.hostEmail,
      subject: `New booking: ${quoted(booking.title)}, ${booking.checkIn} to ${booking.checkOut}`,
      text:
        `A guest booked your home.\n\n${homeLines(booking)}\nGuest: ${booking.guestEmail}\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\n\n${lines}${noteBlock(booking, 'Message from the guest')}\n\n` +
        `Booking reference: ${booking.id}\n`,
    },
  ];
}

/**
 * Accepts the confirmation mails in `tx`, the transaction that confirms the booking (ADR 0046): they
 * are in the queue exactly when the booking is confirmed. A failure here rolls the confirmation back
 * too (a webhook or the sweeper confirms it again), so no confirmed booking is left without its mails.
 */
export async function queueConfirmationMails(
  mail: MailSender | undefined,
  tx: DbOrTx,
  booking: BookingRow,
  times: HomeTimes,
  deposit: SecurityDepositRow | null,
  publicUrl?: string,
): Promise<void> {
  if (!mail) return;
  // One after the other: a transaction is one connection.
  for (const message of confirmationMails(booking, times, deposit, publicUrl)) await mail.send(message, tx);
}

/** What happened to the money of a cancelled booking. */
export type CancelledMoney = 'none' | 'refunded' | 'refund_owed';
/** What a cancellation mail can say about the money: also 'pending', a hold whose payment is not known yet (ADR 0046). */
type MailMoney = CancelledMoney | 'pending';

/**
 * What a cancellation's mails say about the money before the payment provider is asked (after the
 * commit): what stays true if the process dies before it can. Without a payment it is the outcome. A
 * confirmed booking cancelled and never refunded, the sweeper refunds (the refund is owed); the intent
 * of a cancelled hold, it cancels or, when it was paid, refunds (bookings-sweeper.ts, steps 3 and 5).
 */
function moneyBeforeRefund(booking: Pick<BookingRow, 'paymentIntentId' | 'confirmedAt'>): MailMoney {
  if (!booking.paymentIntentId) return booking.confirmedAt ? 'refunded' : 'none';
  return booking.confirmedAt ? 'refund_owed' : 'pending';
}

/**
 * The cancellation mails. The guest always gets one; the host only when they
 * were told about the booking (it was confirmed or requested) or money had (or may have) been taken.
 */
function cancellationMails(booking: BookingRow, money: MailMoney, byAdmin: boolean, publicUrl?: string): MailMessage[] {
  const stay = stayText(booking);
  const refundCents = booking.refundAmountCents ?? booking.amountCents;
  const amount = formatCents(refundCents);
  const link = publicUrl ? `\n\nYour bookings: ${publicUrl}/dashboard/my-booking` : '';
  const who = byAdmin ? 'by StayHub' : 'at your request';
  const policy = booking.cancellationPolicy
    ? ` under the ${POLICY_LABELS[booking.cancellationPolicy]} cancellation policy`
    : '';
  const guestMoney =
    money !== 'none' && refundCents === 0
      ? `No refund${policy}: you paid ${formatCents(booking.amountCents)}.`
      : money === 'refunded'
        ? `Refunded: ${amount} of ${formatCents(booking.amountCents)} to the card you paid with${policy} (it can take 5 to 10 business days to show).`
        : money === 'refund_owed'
          ? `Your refund of ${amount} is being processed; we keep trying until it goes through.`
          : money === 'pending'
            ? 'If a payment was taken, it is refunded to the card you paid with.'
            : 'No payment was taken, so nothing is refunded.';
  const hostMoney =
    money === 'none'
      ? 'No payment was taken.'
      : money === 'pending'
        ? 'Any payment the guest made is refunded.'
        : refundCents === 0
          ? `The guest is not refunded${policy}.`
          : `The guest is refunded ${amount}.`;
  const mails: MailMessage[] = [
    {
      to: booking.guestEmail,
      subject: `Booking cancelled: ${quoted(booking.title)}`,
      text:
        `Your ${booking.confirmedAt ? 'booking' : 'reservation'} was cancelled ${who}.\n\n${homeLines(booking)}\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\n${guestMoney}${link}${receiptLink(booking, publicUrl)}\n\n` +
        `Booking reference: ${booking.id}\n`,
    },
  ];
  // A withdrawn request: the host was mailed the request and may be about to answer it.
  if (booking.confirmedAt || booking.requestedAt || money !== 'none') {
    mails.push({
      to: booking.hostEmail,
      subject: `Booking cancelled: ${quoted(booking.title)}, ${booking.checkIn} to ${booking.checkOut}`,
      text:
        `A booking of your home was cancelled.\n\n${homeLines(booking)}\nGuest: ${booking.guestEmail}\n` +
        `Dates: ${stay}\nGuests: ${booking.guests}\n` +
        `${hostMoney} The dates are free again.\n\n` +
        `Booking reference: ${booking.id}\n`,
    });
  }
  return mails;
}

/** Sends a change's pending mails with their final wording, once the money's outcome is known. */
export type SettleMails<M> = (money: M) => Promise<void>;

/**
 * Accepts in `tx` the mails `mailsFor(fallback)` as pending (ADR 0046): they commit or roll back with
 * the change, and a crash before the refund's outcome is known still sends them as written for
 * `fallback`. The answer, called after the commit, replaces them by `mailsFor(outcome)` and sends them at
 * once; one the outcome no longer calls for is dropped. `fallback` must call for every mail an outcome
 * can (mails are matched by position); a failure to settle is logged, and the fallback goes out later.
 */
export async function queuePendingMails<M extends string>(
  mail: PendingMailSender | undefined,
  tx: DbOrTx,
  mailsFor: (money: M) => MailMessage[],
  fallback: M,
  log: { error(obj: unknown, msg?: string): void },
  failure: { bookingId: string; message: string },
): Promise<SettleMails<M>> {
  if (!mail) return async () => {};
  const pending: PendingMail[] = [];
  // One after the other: a transaction is one connection.
  for (const message of mailsFor(fallback)) pending.push(await mail.sendPending(message, tx));
  return async (money) => {
    const finals = mailsFor(money);
    await Promise.all(
      pending.map(async (mailed, i) => {
        try {
          await mailed.settle(finals[i] ?? null);
        } catch (err) {
          log.error({ err, bookingId: failure.bookingId, to: finals[i]?.to }, failure.message);
        }
      }),
    );
  };
}

/**
 * Accepts a guest's or an admin's cancellation mails in `tx`, the transaction that cancels the booking
 * (ADR 0046); the answer settles them once the refund or the intent's release is done. A failure to
 * accept them rolls the cancellation back.
 */
export function queueCancellationMails(
  mail: PendingMailSender | undefined,
  tx: DbOrTx,
  booking: BookingRow,
  byAdmin: boolean,
  log: { error(obj: unknown, msg?: string): void },
  publicUrl?: string,
): Promise<SettleMails<CancelledMoney>> {
  return queuePendingMails<MailMoney>(
    mail,
    tx,
    (money) => cancellationMails(booking, money, byAdmin, publicUrl),
    moneyBeforeRefund(booking),
    log,
    { bookingId: booking.id, message: 'booking cancellation mail failed' },
  );
}
