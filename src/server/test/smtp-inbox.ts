/**
 * A real SMTP server on 127.0.0.1 for one test file: the app sends through its SMTP provider (nodemailer)
 * and the test reads what arrived, as recipients, subject and plain text (quoted-printable, base64 and
 * encoded-word headers decoded). Register it before `useTestApp`, and hand `inbox.provider()` to the app:
 *
 *   const inbox = useSmtpInbox();
 *   const t = useTestApp(() => ({ mail: inbox.provider() }));
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { smtpMail } from '#server/providers/mail/smtp-mail';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header, joined as RFC 2047 says. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

const qpBytes = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  );

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

/** The plain-text part of a message (the message itself when it is not multipart). */
function plainText(raw: string): string {
  const { headers, body } = entity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).map((p) => p.replace(/^\r\n/, ''))) {
      const partType = entity(part).headers.get('content-type') ?? '';
      if (/^(text\/plain|multipart\/)/i.test(partType)) {
        const text = plainText(part);
        if (text) return text;
      }
    }
    return '';
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? qpBytes(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd();
}

export function useSmtpInbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(entity(raw).headers.get('subject') ?? ''),
          text: plainText(raw),
        });
        callback();
      });
    },
  });
  let url = '';
  let transport: ReturnType<typeof smtpMail> | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    transport?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    /** Every mail received so far, in order of arrival. */
    received,
    /** The mails received so far for `address`. */
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    /** The app's mail provider: SMTP to this server (call it once, from useTestApp's overrides). */
    provider() {
      transport = smtpMail(url, 'StayHub <no-reply@stayhub.test>');
      return transport;
    },
  };
}
