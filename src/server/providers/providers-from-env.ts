import { resolve } from 'node:path';
import type { AppConfig, AppDeps, MessageBus } from '../app-context';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { UPLOADS_CONCURRENT_PER_USER, UPLOADS_PER_MINUTE_PER_USER } from '../features/uploads/upload-limits';
import { countedPayments, createMetrics, type Metrics } from '../metrics';
import { systemClock } from './clock/clock';
import { memoryMessageBus } from './live/memory-bus';
import { postgresMessageBus } from './live/postgres-bus';
import { redisMessageBus } from './live/redis-bus';
import type { MailProvider } from './mail/mail';
import { outboxMail } from './mail/outbox-mail';
import { smtpMail } from './mail/smtp-mail';
import { paymentsFromEnv } from './payments/payments-from-env';
import { payoutsFromEnv } from './payouts/payouts-from-env';
import {
  openRedis,
  redisRateLimitStore,
  redisReady,
  redisSearchGeneration,
  redisThrottleStore,
  redisUploadLimiter,
  sharedRedis,
  type SharedRedis,
} from './redis/redis-stores';
import { storageFromEnv } from './storage/storage-from-env';

/** The outside world buildApp gets, as the environment chooses it (the database and config aside). */
export type EnvProviders = Pick<
  AppDeps,
  | 'clock'
  | 'storage'
  | 'mail'
  | 'payments'
  | 'payouts'
  | 'calendarFetch'
  | 'messageBus'
  | 'loginThrottleStore'
  | 'authRateLimitStore'
  | 'uploadLimiter'
  | 'searchGeneration'
  | 'rateLimits'
> & {
  storage: AppDeps['storage'] & { destroy?(): void };
  messageBus: MessageBus;
  /** Prometheus metrics when METRICS_PORT is set (served by main.ts on their own port). */
  metrics: Metrics | null;
  /** What /api/ready checks besides the database (Redis when used). */
  readinessChecks: Record<string, () => Promise<unknown>>;
  /** Closes what these providers hold open (message bus, Redis, bucket client), after the server closed. */
  close(): Promise<void>;
};

/**
 * Every provider chosen from the environment, in one place: disk or bucket storage, SMTP or the
 * outbox folder, Stripe or the sandbox, Redis for shared state or this process's memory, the live
 * message bus, metrics. What is not chosen here (tests, or no REDIS_URL) counts in this process:
 * plugins/app-services.ts. Logs each choice on the console.
 */
export async function providersFromEnv(
  env: Env,
  { database, dataDir, config }: { database: Database; dataDir: string; config: AppConfig },
): Promise<EnvProviders> {
  const clock = systemClock;
  const { storage, name: storageName } = storageFromEnv(env, dataDir);
  console.log(`Uploads: ${storageName}`);
  const mail: MailProvider = env.SMTP_URL
    ? smtpMail(env.SMTP_URL, config.mailFrom)
    : outboxMail(resolve(dataDir, 'outbox'), config.mailFrom);
  const metrics = env.METRICS_PORT ? createMetrics({ pool: database.poolStats }) : null;
  const provider = paymentsFromEnv(env, { db: database.db, clock });
  const payments = metrics ? countedPayments(provider, metrics) : provider;
  console.log(`Card payments: ${payments.name}`);
  const payouts = payoutsFromEnv(env, { db: database.db, clock, publicUrl: config.publicUrl });
  console.log(`Host payouts: ${payouts.name}`);
  const calendarFetch = { allowPrivate: env.CALENDAR_IMPORT_ALLOW_PRIVATE };
  if (calendarFetch.allowPrivate)
    console.log('Calendar imports may fetch from private addresses (CALENDAR_IMPORT_ALLOW_PRIVATE).');

  const redis = await redisFromEnv(env);
  const prefix = env.REDIS_KEY_PREFIX;
  // Live message events reach the streams on every process: Redis pub/sub when shared state is in
  // Redis, else PostgreSQL LISTEN/NOTIFY on a server database; PGlite is one process.
  const messageBus: MessageBus = redis
    ? redisMessageBus(redis.shared, prefix, console)
    : env.DATABASE_URL
      ? postgresMessageBus(env.DATABASE_URL, console)
      : memoryMessageBus();
  const shared = redis?.shared;
  return {
    clock,
    storage,
    mail,
    payments,
    payouts,
    calendarFetch,
    messageBus,
    ...(shared && {
      loginThrottleStore: redisThrottleStore(shared, prefix),
      authRateLimitStore: redisRateLimitStore(shared, prefix),
      uploadLimiter: redisUploadLimiter(shared, prefix, () => clock.now().getTime(), {
        concurrent: UPLOADS_CONCURRENT_PER_USER,
        perMinute: UPLOADS_PER_MINUTE_PER_USER,
      }),
      searchGeneration: redisSearchGeneration(shared, prefix),
    }),
    ...(redis && { rateLimits: { redis: redis.client, keyPrefix: prefix } }),
    metrics,
    readinessChecks: redis ? { redis: () => redis.client.ping() } : {},
    async close() {
      await messageBus.close?.();
      if (redis?.client.status === 'ready') await redis.client.quit();
      else redis?.client.disconnect();
      storage.destroy?.();
    },
  };
}

/**
 * Shared state for several processes (REDIS_URL); null without it. Its calls fail fast while it is
 * unreachable (a short timeout, then an open circuit; ADR 0031), and start-up does not wait for it
 * for long: what degrades meanwhile is in docs/operations.md.
 */
async function redisFromEnv(env: Env): Promise<{ client: ReturnType<typeof openRedis>; shared: SharedRedis } | null> {
  if (!env.REDIS_URL) return null;
  const client = openRedis(env.REDIS_URL);
  const shared = sharedRedis(client, {
    onChange: (state) =>
      state === 'open'
        ? console.error('Redis: unreachable; its calls fail at once for a few seconds (circuit open)')
        : state === 'closed' && console.log('Redis: answering again (circuit closed)'),
  });
  let errorLogged = false;
  client.on('error', (err: Error) => {
    // Once per outage: the client reconnects every second and would repeat the same error.
    if (!errorLogged) console.error(`Redis: ${err.message}`);
    errorLogged = true;
  });
  client.on('ready', () => (errorLogged = false));
  if (!(await redisReady(client, 3_000))) {
    console.error(
      'Redis: not reachable at start-up; starting anyway (see "Running several processes" in docs/operations.md)',
    );
  }
  return { client, shared };
}
