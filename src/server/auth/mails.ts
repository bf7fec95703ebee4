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
  footer = 'If you did not ask for this, ignore this mail.',
): MailMessage {
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', footer, '', 'StayHub'].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(footer)}</p><p>StayHub</p>`;
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

/** Sent when many wrong passwords hit an account from devices it was never signed in on (throttle.ts, at most daily). */
export function signInAttackMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Someone is trying to sign in to your StayHub account',
    GREETING,
    [
      'There have been many sign-in attempts with a wrong password on your StayHub account, from devices it was never signed in on.',
      'You can still sign in as usual on a device you have signed in on before. On any other device, choose "Forgot Password" on the sign-in page and set a new password first.',
      'If you use this password anywhere else, or it is short or easy to guess, change it now with "Forgot Password": choose a long one you use nowhere else. Changing it also makes StayHub forget the devices you signed in on.',
    ],
    'Go to the sign-in page',
    url,
    'If these attempts were yours, there is nothing to do.',
  );
}
