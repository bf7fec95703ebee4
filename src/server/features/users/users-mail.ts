/**
 * The mails of a host request's decision: approved (sign in again to see the host
 * menu) or declined, with the admin's reason when one was given. Sent after the
 * role change is stored; a failed mail is logged and never undoes the decision.
 */
import type { ServiceLog } from '#server/app-context';
import type { MailMessage } from '#server/providers/mail/mail';
import type { MailSender } from '#server/providers/mail/mail-queue';
import { escapeHtml, ownWords, quotedBlock, quotedBlockHtml } from '#server/providers/mail/user-text';

export interface HostDecision {
  to: string;
  name: string;
  approved: boolean;
  /** The admin's words, as typed (trimmed); none when empty. */
  reason?: string | undefined;
}

function hostDecisionMail({ to, name, approved, reason }: HostDecision, publicUrl: string): MailMessage {
  const subject = approved ? 'You are now a StayHub host' : 'Your StayHub host request was declined';
  const lines = approved
    ? [
        'An admin approved your request to become a host.',
        'You were signed out so your new role takes effect: sign in again to see Manage Home and Add Home.',
      ]
    : [
        'An admin declined your request to become a host.',
        'You can keep booking homes as a guest, and send a new request from Become A Host.',
      ];
  const why = reason?.trim() ? reason.trim() : null;
  const link = `${publicUrl}/login`;
  const text = [
    `Hello ${ownWords(name)},`,
    '',
    ...lines,
    ...(why ? ['', 'Message from the admin:', quotedBlock(why)] : []),
    '',
    `Sign in: ${link}`,
    '',
    'StayHub',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(ownWords(name))},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    (why ? `<p>Message from the admin:</p>${quotedBlockHtml(why)}` : '') +
    `<p><a href="${escapeHtml(link)}">Sign in</a></p><p>StayHub</p>`;
  return { to, subject, text, html };
}

export async function sendHostDecisionMail(
  mail: MailSender,
  decision: HostDecision,
  publicUrl: string,
  log: ServiceLog,
): Promise<void> {
  try {
    await mail.send(hostDecisionMail(decision, publicUrl));
  } catch (err) {
    log.error({ err, to: decision.to }, 'host decision mail failed');
  }
}
