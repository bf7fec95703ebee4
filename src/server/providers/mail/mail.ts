/** One outgoing mail. `text` is required so every mail reads without HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail. Adapters: `outboxMail(dir)` (default: each message written to a
 * file in ./data/outbox and its links logged), `smtpMail(url)` (when SMTP_URL
 * is set) and `memoryMail()` (tests that do not read mail).
 */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}

/** Keeps messages in memory; for tests that do not look at mail (the SMTP tests use a real SMTP server). */
export function memoryMail(): MailProvider & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}

/** The http(s) links in a text, in order. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}
