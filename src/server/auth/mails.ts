import type { MailMessage } from '../providers/mail/mail';
import { escapeHtml } from '../providers/mail/user-text';

/**
 * No name: whoever typed this address at sign-up chose the account's name, and the mail goes to
 * the address's owner, who may be someone else (so a name could speak to them in StayHub's voice).
 */
const GREETING = 'Hello,';

function message(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  url: string,
): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action}: ${url}`,
    '',
    'If you did not ask for this, ignore this mail.',
    '',
    'StayHub',
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
    '<p>If you did not ask for this, ignore this mail.</p><p>StayHub</p>';
  return { to, subject, text, html };
}

export function verificationMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Verify your email for StayHub',
    GREETING,
    ['Please confirm that this is your email address. The link is valid for 24 hours.'],
    'Verify your email',
    url,
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Reset your StayHub password',
    GREETING,
    ['Someone asked to reset the password of your StayHub account. The link is valid for one hour.'],
    'Choose a new password',
    url,
  );
}
