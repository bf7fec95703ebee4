import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { applyAdminEmails } from './auth/admins';
import { appConfigFromEnv } from './auth/config';
import { LOCKS, openPglite, openPostgres } from './db/client';
import { EnvError, loadEnv } from './env';
import { startBookingSweeper, type BookingSweeper } from './features/bookings/bookings-sweeper';
import { startCalendarSync, type CalendarSyncJob } from './features/calendar-sync/calendar-sync-job';
import { startMessageMailer, type MessageMailer } from './features/messages/messages-mailer';
import { UPLOADS_CONCURRENT_PER_USER, UPLOADS_PER_MINUTE_PER_USER } from './features/uploads/upload-limits';
import { startUploadsSweeper, type UploadsSweeper } from './features/uploads/uploads-sweeper';
import { startReviewsPublisher, type ReviewsPublisher } from './features/reviews/reviews-publisher';
import { countedPayments, createMetrics, serveMetrics } from './metrics';
import { systemClock } from './providers/clock/clock';
import type { MessageBus } from './app-context';
import { memoryMessageBus } from './providers/live/memory-bus';
import { postgresMessageBus } from './providers/live/postgres-bus';
import { redisMessageBus } from './providers/live/redis-bus';
import type { MailProvider } from './providers/mail/mail';
import { outboxMail } from './providers/mail/outbox-mail';
import { smtpMail } from './providers/mail/smtp-mail';
import { paymentsFromEnv } from './providers/payments/payments-from-env';
import {
  openRedis,
  redisRateLimitStore,
  redisReady,
  redisSearchGeneration,
  redisThrottleStore,
  redisUploadLimiter,
  sharedRedis,
} from './providers/redis/redis-stores';
import { storageFromEnv } from './providers/storage/storage-from-env';
import { seedDemoData } from './seed/demo-data';

/** Start-up only: env -> database -> migrations -> demo data -> listen; and the graceful shutdown. */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const dataDir = resolve(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : await openPglite(resolve(dataDir, 'pglite'));
  await database.migrate();

  const { storage, name: storageName } = storageFromEnv(env, dataDir);
  console.log(`Uploads: ${storageName}`);
  const clock = systemClock;

  // Shared state for several processes (REDIS_URL); without it everything below counts in this process.
  // Its calls fail fast while it is unreachable (a short timeout, then an open circuit; ADR 0031), and
  // start-up does not wait for it for long: what degrades meanwhile is in docs/operations.md.
  const redisClient = env.REDIS_URL ? openRedis(env.REDIS_URL) : null;
  const prefix = env.REDIS_KEY_PREFIX;
  const redis = redisClient
    ? sharedRedis(redisClient, {
        onChange: (state) =>
          state === 'open'
            ? console.error('Redis: unreachable; its calls fail at once for a few seconds (circuit open)')
            : state === 'closed' && console.log('Redis: answering again (circuit closed)'),
      })
    : null;
  let redisErrorLogged = false;
  redisClient?.on('error', (err: Error) => {
    // Once per outage: the client reconnects every second and would repeat the same error.
    if (!redisErrorLogged) console.error(`Redis: ${err.message}`);
    redisErrorLogged = true;
  });
  redisClient?.on('ready', () => (redisErrorLogged = false));
  if (redisClient && !(await redisReady(redisClient, 3_000))) {
    console.error(
      'Redis: not reachable at start-up; starting anyway (see "Running several processes" in docs/operations.md)',
    );
  }
  const metrics = env.METRICS_PORT ? createMetrics({ pool: database.poolStats }) : null;

  if (env.SEED_DEMO_DATA) {
    // Processes starting together on an empty database take turns: only the first creates demo data.
    const { seeded, accounts } = await database.withLock(LOCKS.demoData, () =>
      seedDemoData({ db: database.db, storage, clock }),
    );
    if (seeded) console.log('Demo data created.');
    if (env.NODE_ENV === 'development') {
      console.log('Demo accounts:');
      for (const a of accounts) console.log(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
    }
  }

  const config = appConfigFromEnv(env);
  const mail: MailProvider = env.SMTP_URL
    ? smtpMail(env.SMTP_URL, config.mailFrom)
    : outboxMail(resolve(dataDir, 'outbox'), config.mailFrom);
  const admins = await applyAdminEmails(database.db, config.adminEmails);
  if (admins.length) console.log(`Admins from ADMIN_EMAILS: ${admins.join(', ')}`);

  const provider = paymentsFromEnv(env, { db: database.db, clock });
  const payments = metrics ? countedPayments(provider, metrics) : provider;
  console.log(`Card payments: ${payments.name}`);

  const calendarFetch = { allowPrivate: env.CALENDAR_IMPORT_ALLOW_PRIVATE };
  if (calendarFetch.allowPrivate)
    console.log('Calendar imports may fetch from private addresses (CALENDAR_IMPORT_ALLOW_PRIVATE).');
  // Live message events reach the streams on every process: Redis pub/sub when shared state is in
  // Redis, else PostgreSQL LISTEN/NOTIFY on a server database; PGlite is one process.
  const messageBus: MessageBus = redis
    ? redisMessageBus(redis, prefix, console)
    : env.DATABASE_URL
      ? postgresMessageBus(env.DATABASE_URL, console)
      : memoryMessageBus();

  /** True from SIGTERM/SIGINT on: /api/ready answers 503. */
  let draining = false;
  const app = await buildApp({
    db: database.db,
    clock,
    storage,
    config,
    mail,
    payments,
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    calendarFetch,
    pricing: { serviceFeePercent: env.SERVICE_FEE_PERCENT, taxPercent: env.TAX_PERCENT },
    checkResponses: env.CHECK_RESPONSES,
    trustProxy: env.TRUST_PROXY,
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS },
    messageStream: { perUser: env.LIVE_STREAMS_PER_USER, perProcess: env.LIVE_STREAMS_PER_PROCESS },
    ...(env.MAX_CONNECTIONS !== undefined && { maxConnections: env.MAX_CONNECTIONS }),
    ...(env.MAX_EVENT_LOOP_DELAY_MS !== undefined && {
      overLoad: { maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS },
    }),
    ...(redis && {
      loginThrottleStore: redisThrottleStore(redis, prefix),
      authRateLimitStore: redisRateLimitStore(redis, prefix),
      uploadLimiter: redisUploadLimiter(redis, prefix, () => clock.now().getTime(), {
        concurrent: UPLOADS_CONCURRENT_PER_USER,
        perMinute: UPLOADS_PER_MINUTE_PER_USER,
      }),
      searchGeneration: redisSearchGeneration(redis, prefix),
    }),
    messageBus,
    ...(redisClient && { rateLimits: { redis: redisClient, keyPrefix: prefix } }),
    readiness: { draining: () => draining, checks: redisClient ? { redis: () => redisClient.ping() } : {} },
    ...(metrics && { metrics }),
  });
  const metricsServer = metrics ? await serveMetrics(metrics.registry, env.METRICS_HOST, env.METRICS_PORT!) : null;
  if (metricsServer) console.log(`Metrics: http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);

  // SIGTERM/SIGINT: /api/ready answers 503 (for SHUTDOWN_DRAIN_MS, so the load balancer stops sending), then the
  // server stops accepting, in-flight requests finish, the sweepers finish their pass, and the pools close.
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms); exiting.`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      if (env.SHUTDOWN_DRAIN_MS) await new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_MS));
      await app.close();
      await messageBus.close?.();
      if (metricsServer) await new Promise((r) => metricsServer.close(r));
      if (redisClient?.status === 'ready') await redisClient.quit();
      else redisClient?.disconnect();
      await database.close();
      storage.destroy?.();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Expires holds past their time and confirms paid holds whose browser never called back.
  let sweeper: BookingSweeper | null = null;
  // Removes uploads nothing refers to once they are a day old (safe with several processes).
  let uploadsSweeper: UploadsSweeper | null = null;
  // Fetches imported iCal calendars (one process at a time).
  let calendarSync: CalendarSyncJob | null = null;
  // Mails the recipient of a message unread for MESSAGE_MAIL_DELAY_MS (once per conversation an hour).
  let messageMailer: MessageMailer | null = null;
  // Publishes reviews whose 14-day window closed (reads never wait for it; card ratings do).
  let reviewsPublisher: ReviewsPublisher | null = null;
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await uploadsSweeper?.stop();
    await calendarSync?.stop();
    await messageMailer?.stop();
    await reviewsPublisher?.stop();
  });

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  // Each pass runs under an advisory lock: with several processes one of them runs it at a time, the others skip.
  sweeper = startBookingSweeper(
    { db: database.db, clock, payments, mail, log: app.log, publicUrl: config.publicUrl, messageBus },
    {
      intervalMs: env.BOOKING_SWEEP_INTERVAL_MS,
      exclusive: (pass) => database.tryWithLock(LOCKS.bookingSweep, pass),
      onPass: (outcome) => metrics?.sweeperRun('bookings', outcome),
    },
  );
  uploadsSweeper = startUploadsSweeper(
    { db: database.db, storage, clock, log: app.log },
    {
      intervalMs: env.UPLOAD_SWEEP_INTERVAL_MS,
      exclusive: (pass) => database.tryWithLock(LOCKS.uploadsSweep, pass),
      onPass: (outcome) => metrics?.sweeperRun('uploads', outcome),
    },
  );
  calendarSync = startCalendarSync(
    { db: database.db, clock, fetchPolicy: calendarFetch, log: app.log },
    {
      intervalMs: env.CALENDAR_SYNC_INTERVAL_MS,
      exclusive: (pass) => database.tryWithLock(LOCKS.calendarSync, pass),
      onPass: (outcome) => metrics?.sweeperRun('calendar', outcome),
    },
  );
  messageMailer = startMessageMailer(
    { db: database.db, clock, mail, log: app.log, publicUrl: config.publicUrl },
    {
      intervalMs: env.MESSAGE_MAIL_INTERVAL_MS,
      delayMs: env.MESSAGE_MAIL_DELAY_MS,
      exclusive: (pass) => database.tryWithLock(LOCKS.messageMail, pass),
      onPass: (outcome) => metrics?.sweeperRun('message_mail', outcome),
    },
  );
  reviewsPublisher = startReviewsPublisher(
    { db: database.db, clock, log: app.log },
    {
      intervalMs: env.REVIEW_PUBLISH_INTERVAL_MS,
      exclusive: (pass) => database.tryWithLock(LOCKS.reviewsPublish, pass),
      onPass: (outcome) => metrics?.sweeperRun('reviews', outcome),
    },
  );
  const shown = env.PUBLIC_URL ?? address.replace('127.0.0.1', 'localhost');
  console.log(`StayHub is running: open ${shown}`);
}

await main();
