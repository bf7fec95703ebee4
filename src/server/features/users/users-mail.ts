/**
 * The mails of a host request's decision: approved (sign in again to see the host
 * menu) or declined, with the admin's reason when one was given. Accepted in the
 * transaction of the role change (ADR 0046).
 */
import type { DbOrTx } from '#server/jobs/job-queue';
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

/**
 * Accepts the decision's mail in `tx`, the transaction that changes the role (ADR 0046): it is in the
 * queue exactly when the decision is stored. A failure here rolls the decision back.
 */
export async function queueHostDecisionMail(
  mail: MailSender,
  tx: DbOrTx,
  decision: HostDecision,
  publicUrl: string,
): Promise<void> {
  await mail.send(hostDecisionMail(decision, publicUrl), tx);
}
