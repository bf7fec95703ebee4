import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig, JobSettings, LedgerSettings } from './app-context';
import { applyAdminEmails } from './auth/admins';
import { appConfigFromEnv } from './auth/config';
import { LOCKS, openPglite, openPostgres, type Database } from './db/client';
import { EnvError, loadEnv, type Env } from './env';
import { releaseAllLeases } from './jobs/job-queue';
import { loggerOptions } from './logger-options';
import { serveMetrics } from './metrics';
import { providersFromEnv, type EnvProviders } from './providers/providers-from-env';
import { seedDemoData } from './seed/demo-data';

/** Start-up only: env -> database -> migrations -> providers -> demo data -> listen; and the graceful shutdown. */
async function main() {
  const env = envOrExit();
  const dataDir = resolve(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : await openPglite(resolve(dataDir, 'pglite'));
  await database.migrate();
  // PGlite is one process: leases a killed run held (a mail being sent, a job's pass) are free now.
  if (database.kind === 'pglite') await releaseAllLeases(database.db);
  const config = appConfigFromEnv(env);
  const providers = await providersFromEnv(env, { database, dataDir, config });
  await prepareData(env, database, providers, config);

  /** True from SIGTERM/SIGINT on: /api/ready answers 503. */
  let draining = false;
  const { metrics, readinessChecks, close: closeProviders, ...deps } = providers;
  const app = await buildApp({
    ...deps,
    db: database.db,
    config,
    map: { pmtilesPath: env.MAP_PMTILES, styleUrl: env.MAP_STYLE_URL },
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
    logger: loggerOptions(env),
    searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    placesMaxAgeMs: env.PLACES_MAX_AGE_MS,
    pricing: { serviceFeePercent: env.SERVICE_FEE_PERCENT, taxPercent: env.TAX_PERCENT },
    deposits: { releaseDays: env.DEPOSIT_RELEASE_DAYS },
    ledger: ledgerSettingsOf(env),
    checkResponses: env.CHECK_RESPONSES,
    trustProxy: env.TRUST_PROXY,
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS },
    messageStream: { perUser: env.LIVE_STREAMS_PER_USER, perProcess: env.LIVE_STREAMS_PER_PROCESS },
    ...(env.MAX_CONNECTIONS !== undefined && { maxConnections: env.MAX_CONNECTIONS }),
    ...(env.MAX_EVENT_LOOP_DELAY_MS !== undefined && {
      overLoad: { maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS },
    }),
    readiness: { draining: () => draining, checks: readinessChecks },
    ...(metrics && { metrics }),
    jobs: jobSettings(env, providers),
  });
  const metricsServer = metrics ? await serveMetrics(metrics.registry, env.METRICS_HOST, env.METRICS_PORT!) : null;
  if (metricsServer) console.log(`Metrics: http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);

  const shutdown = gracefulShutdown(env, app, async () => {
    if (metricsServer) await new Promise((r) => metricsServer.close(r));
    await closeProviders();
    await database.close();
  });
  const onSignal = (signal: string) => {
    draining = true;
    void shutdown(signal);
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  const shown = env.PUBLIC_URL ?? address.replace('127.0.0.1', 'localhost');
  console.log(`StayHub is running: open ${shown}`);
}

function envOrExit(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** CURRENCY and PAYOUT_DELAY_HOURS, for the app's ledger and the demo's past stays. */
const ledgerSettingsOf = (env: Env): LedgerSettings => ({
  currency: env.CURRENCY,
  payoutDelayHours: env.PAYOUT_DELAY_HOURS,
});

/** Demo data (SEED_DEMO_DATA) and the admins named in ADMIN_EMAILS. */
async function prepareData(env: Env, database: Database, providers: EnvProviders, config: AppConfig) {
  if (env.SEED_DEMO_DATA) {
    // Processes starting together on an empty database take turns: only the first creates demo data.
    const { seeded, accounts } = await database.withLock(LOCKS.demoData, () =>
      seedDemoData({
        db: database.db,
        storage: providers.storage,
        clock: providers.clock,
        ledger: ledgerSettingsOf(env),
      }),
    );
    if (seeded) console.log('Demo data created.');
    if (env.NODE_ENV === 'development') {
      console.log('Demo accounts:');
      for (const a of accounts) console.log(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
    }
  }
  const admins = await applyAdminEmails(database.db, config.adminEmails);
  if (admins.length) console.log(`Admins from ADMIN_EMAILS: ${admins.join(', ')}`);
}

function jobSettings(env: Env, providers: EnvProviders): JobSettings {
  return {
    intervals: {
      bookingSweepMs: env.BOOKING_SWEEP_INTERVAL_MS,
      uploadSweepMs: env.UPLOAD_SWEEP_INTERVAL_MS,
      calendarSyncMs: env.CALENDAR_SYNC_INTERVAL_MS,
      messageMailMs: env.MESSAGE_MAIL_INTERVAL_MS,
      reviewPublishMs: env.REVIEW_PUBLISH_INTERVAL_MS,
      depositReleaseMs: env.DEPOSIT_RELEASE_INTERVAL_MS,
      payoutMs: env.PAYOUT_INTERVAL_MS,
    },
    messageMailDelayMs: env.MESSAGE_MAIL_DELAY_MS,
    hostDocumentRetentionDays: env.HOST_DOCUMENT_RETENTION_DAYS,
    onPass: (job, outcome) => providers.metrics?.sweeperRun(job, outcome),
  };
}

/**
 * SIGTERM/SIGINT: /api/ready answers 503 (for SHUTDOWN_DRAIN_MS, so the load balancer stops sending), then the
 * server stops accepting, in-flight requests finish, the jobs finish their pass, and the pools close.
 */
function gracefulShutdown(env: Env, app: FastifyInstance, closeRest: () => Promise<void>) {
  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms); exiting.`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      if (env.SHUTDOWN_DRAIN_MS) await new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_MS));
      await app.close();
      await closeRest();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
}

await main();
