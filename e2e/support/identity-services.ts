import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that accepts every message and writes it to
 * `dir` as `<n>.eml`, so tests (in other processes) can read what StayHub sent.
 */
export async function startMailCatcher(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(join(dir, `${Date.now()}-${++count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Messages the catcher received for `to`, oldest first, as decoded text. */
export function readMails(dir: string, to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => decodeMail(readFileSync(join(dir, f), 'utf8')))
    .filter((m) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(m));
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export const OIDC_CLIENT = { id: 'stayhub-e2e', secret: 'stayhub-e2e-secret-0123456789abcdef' };

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1,
 * standing in for Google. Its development login form accepts any login; the
 * login is used as the account's email.
 */
export async function startOidcProvider(
  port: number,
  redirectUris: string[],
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, name: sub.split('@')[0] };
        },
      };
    },
    cookies: { keys: ['e2e-cookie-key-0123456789abcdef'] },
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
