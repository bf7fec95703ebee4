import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { linksIn, type MailProvider } from './mail';

/**
 * The default mail adapter: nodemailer builds the real MIME message and it is
 * written to `dir` as `<time>-<random>.eml` (open it with any mail client);
 * the recipient, subject and links are logged so a developer can follow them.
 */
export function outboxMail(dir: string, from: string, log: (line: string) => void = console.log): MailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(dir, name);
      await writeFile(path, info.message as Buffer);
      const links = linksIn(message.text);
      log(
        `Mail to ${message.to}: "${message.subject}" written to ${path}${links.length ? `\n  link: ${links.join('\n  link: ')}` : ''}`,
      );
    },
  };
}
