import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { applyAdminEmails } from './auth/admins';
import { appConfigFromEnv } from './auth/config';
import { openPglite, openPostgres } from './db/client';
import { EnvError, loadEnv } from './env';
import { startBookingSweeper, type BookingSweeper } from './features/bookings/bookings-sweeper';
import { startUploadsSweeper, type UploadsSweeper } from './features/uploads/uploads-sweeper';
import { systemClock } from './providers/clock/clock';
import type { MailProvider } from './providers/mail/mail';
import { outboxMail } from './providers/mail/outbox-mail';
import { smtpMail } from './providers/mail/smtp-mail';
import { paymentsFromEnv } from './providers/payments/payments-from-env';
import { storageFromEnv } from './providers/storage/storage-from-env';
import { seedDemoData } from './seed/demo-data';

/** Start-up only: env -> database -> migrations -> demo data -> listen. */
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

  if (env.SEED_DEMO_DATA) {
    const { seeded, accounts } = await seedDemoData({ db: database.db, storage, clock });
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

  const payments = paymentsFromEnv(env, { db: database.db, clock });
  console.log(`Card payments: ${payments.name}`);

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
    trustProxy: env.TRUST_PROXY,
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS },
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    storage.destroy?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Expires holds past their time and confirms paid holds whose browser never called back.
  let sweeper: BookingSweeper | null = null;
  // Removes uploads nothing refers to once they are a day old (safe with several processes).
  let uploadsSweeper: UploadsSweeper | null = null;
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await uploadsSweeper?.stop();
  });

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  sweeper = startBookingSweeper(
    { db: database.db, clock, payments, mail, log: app.log, publicUrl: config.publicUrl },
    { intervalMs: env.BOOKING_SWEEP_INTERVAL_MS },
  );
  uploadsSweeper = startUploadsSweeper(
    { db: database.db, storage, clock, log: app.log },
    { intervalMs: env.UPLOAD_SWEEP_INTERVAL_MS },
  );
  const shown = env.PUBLIC_URL ?? address.replace('127.0.0.1', 'localhost');
  console.log(`StayHub is running: open ${shown}`);
}

await main();
