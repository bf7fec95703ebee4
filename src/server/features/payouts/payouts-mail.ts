/** The payouts' mails: a host whose money waits for a payout account. */
import type { MailMessage } from '#server/providers/mail/mail';

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
