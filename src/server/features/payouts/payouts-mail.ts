/** The payouts' mails: a host whose money waits for a payout account. */
import type { MailMessage } from '#server/providers/mail/mail';
import { formatCents } from '#shared/money';

export function connectReminderMail(host: { email: string; name: string }, publicUrl?: string): MailMessage {
  return {
    to: host.email,
    subject: 'Connect a payout account to receive your earnings',
    text:
      `Hello ${host.name},\n\nA stay at your home has earned you money on StayHub, and it is waiting for you: ` +
      'we can pay it out as soon as you connect a payout account. Open Payouts in your dashboard and choose ' +
      '"Connect payout account"; it takes a few minutes. Your balance keeps growing meanwhile and nothing is lost.' +
      (publicUrl ? `\n\n${publicUrl}/dashboard/payouts` : '') +
      '\n',
  };
}

/** The host's bank refused a payout: the money is back in their StayHub balance until their bank details work. */
export function bankPayoutFailedMail(
  host: { email: string; name: string },
  amountCents: number,
  code: string,
  publicUrl?: string,
): MailMessage {
  return {
    to: host.email,
    subject: 'Your bank could not take your payout',
    text:
      `Hello ${host.name},\n\nYour bank refused a payout of ${formatCents(amountCents)} from StayHub (${code}). ` +
      'The money is safe: it is back in your StayHub balance. Open Payouts in your dashboard, choose ' +
      '"Open Stripe dashboard" and check your bank details; we send the payout again once they work.' +
      (publicUrl ? `\n\n${publicUrl}/dashboard/payouts` : '') +
      '\n',
  };
}
