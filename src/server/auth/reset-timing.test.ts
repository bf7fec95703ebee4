import { describe, expect, it } from 'vitest';
import type { MailMessage, MailProvider } from '../providers/mail/mail';
import { signUp, useTestApp } from '../test/test-app';

const SLOW_MS = 1_500;
/** A mail server that takes 1.5 s per message. */
function slowMail(): MailProvider & { delivered: MailMessage[] } {
  const delivered: MailMessage[] = [];
  return {
    delivered,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      delivered.push(message);
    },
  };
}

const mail = slowMail();
const t = useTestApp(() => ({ mail }));

async function timedReset(email: string) {
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  return { ms: performance.now() - started, res };
}

describe('password reset request', () => {
  it('answers without waiting for the mail to be sent, and the mail is still delivered', async () => {
    const s = await signUp(t.app, { email: 'slow-mail@example.test' });
    await t.app.mailQueue.drained(); // the verification mail of the sign-up
    const before = mail.delivered.length;

    const known = await timedReset(s.user.email);
    const unknown = await timedReset('nobody-at-all@example.test');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.json()).toEqual(known.res.json());
    // Neither answer waits for the 1.5 s mail server.
    expect(known.ms).toBeLessThan(SLOW_MS / 2);
    expect(unknown.ms).toBeLessThan(SLOW_MS / 2);
    expect(mail.delivered.length).toBe(before);

    await t.app.mailQueue.drained();
    const sent = mail.delivered.slice(before);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[s.user.email, 'Reset your StayHub password']]);
  });
});
