import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../../scripts/client-build.mjs';
import { OIDC_CLIENT, startMailCatcher, startOidcProvider } from './identity-services';
import { freePort, startServer } from './server';
import type { WorkerServer } from './worker-server';

/**
 * Builds the client if needed and starts, on 127.0.0.1: a real OpenID Connect provider standing in
 * for Google and, for each Playwright worker, a StayHub server (demo data) with a real SMTP server
 * that keeps its mails. A worker's tests run one after another against its own server, so tests in
 * different workers never see each other's bookings, wishlists or mails (support/worker-server.ts).
 * Everything stops after the run.
 */
export default async function globalSetup(config: FullConfig) {
  buildClientIfStale();
  const count = Math.max(1, config.workers);
  const appPorts = await Promise.all(Array.from({ length: count }, () => freePort()));
  const oidc = await startOidcProvider(
    await freePort(),
    appPorts.map((port) => `http://127.0.0.1:${port}/api/auth/callback/google`),
  );
  // Started together: each seeds its demo data while the others do.
  const starting = await Promise.allSettled(
    appPorts.map(async (port) => {
      const mailDir = mkdtempSync(join(tmpdir(), 'stayhub-e2e-mail-'));
      const smtp = await startMailCatcher(mailDir);
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
        port,
      ).catch(async (error: unknown) => {
        await smtp.stop();
        rmSync(mailDir, { recursive: true, force: true });
        throw error;
      });
      return { server, smtp, mailDir };
    }),
  );
  const started = starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    for (const { server, smtp, mailDir } of started) {
      await server.stop();
      await smtp.stop();
      rmSync(mailDir, { recursive: true, force: true });
    }
    await oidc.stop();
  };
  const failed = starting.find((s) => s.status === 'rejected');
  if (failed) {
    // No server outlives a failed start.
    await stopAll();
    throw failed.reason;
  }
  const servers: WorkerServer[] = started.map(({ server, mailDir }) => ({
    baseUrl: server.url,
    dataDir: server.dataDir,
    mailDir,
  }));
  process.env.E2E_SERVERS = JSON.stringify(servers);
  process.env.E2E_ALLOWED_ORIGINS = oidc.issuer;
  return stopAll;
}
