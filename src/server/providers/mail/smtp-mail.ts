import nodemailer from 'nodemailer';
import type { MailProvider } from './mail';

/** Sends through an SMTP server, e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://127.0.0.1:2525`. */
export function smtpMail(url: string, from: string): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
