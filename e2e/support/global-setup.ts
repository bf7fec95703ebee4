import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../../scripts/client-build.mjs';
import { OIDC_CLIENT, startMailCatcher, startOidcProvider } from './identity-services';
import { freePort, startServer } from './server';

/**
 * Builds the client if needed and starts, on 127.0.0.1: a real SMTP server that
 * keeps every mail, a real OpenID Connect provider standing in for Google, and
 * the StayHub server (demo data) wired to both. Everything stops after the run.
 */
export default async function globalSetup() {
  buildClientIfStale();
  const mailDir = mkdtempSync(join(tmpdir(), 'stayhub-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  const appPort = await freePort();
  const oidc = await startOidcProvider(await freePort(), `http://127.0.0.1:${appPort}/api/auth/callback/google`);
  const server = await startServer(
    {
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_ISSUER_URL: oidc.issuer,
      ADMIN_EMAILS: '',
      // Paid holds whose browser never confirmed them are confirmed within seconds (booking.e2e.ts).
      BOOKING_SWEEP_INTERVAL_MS: '2000',
      // Calendar imports fetch the feeds the tests serve on 127.0.0.1 (calendar-sync.e2e.ts).
      CALENDAR_IMPORT_ALLOW_PRIVATE: 'true',
    },
    appPort,
  );
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ALLOWED_ORIGINS = oidc.issuer;
  return async () => {
    await server.stop();
    await oidc.stop();
    await smtp.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
