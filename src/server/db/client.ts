import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { setGenericPlanPool } from './lean-read';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding advisory lock `key` (PostgreSQL: `pg_advisory_lock` on a connection
   * of its own, so processes take turns; PGlite is one process: `fn` just runs).
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Connection-pool use (PostgreSQL only). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/**
 * Advisory-lock keys of the start-up steps processes take turns at. The periodic jobs hold a lease
 * in the `jobs` table instead (jobs/job-queue.ts, ADR 0046).
 */
export const LOCKS = {
  migrations: 7_245_001,
  demoData: 7_245_002,
} as const;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export const pgliteExtensions = { btree_gist, pg_trgm };

/** Wraps an open PGlite instance (tests hand in one loaded from a migrated template). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withLock: (_key, fn) => fn(),
    close: () => client.close(),
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  return fromPglite(client);
}

export function openPostgres(connectionString: string, max = 10): Database {
  // Fixed-size pools (ADR 0078): a connection, once opened, stays open. pg's default closes one after
  // 10 s idle; after a burst, a dozen backends exiting together stalled every search for ~200 ms, and
  // the next burst paid for new backends with cold caches and statements to prepare again.
  const fixedSize = { connectionString, max, idleTimeoutMillis: 0 };
  const pool = new pg.Pool(fixedSize);
  // The search statements whose generic plan is the one they were written for (ADR 0077): a pool
  // of its own, whose connections never re-plan a prepared statement for its values. They are
  // ordered index walks that stop after a page, so sorting is off there, as in the place search's
  // function (migration 0015): a generic plan otherwise read every home of a big place and sorted
  // (ADR 0080). JIT is off with it: a sort that cannot be avoided then costs enough to compile.
  const genericPlans = new pg.Pool({
    ...fixedSize,
    options: '-c plan_cache_mode=force_generic_plan -c enable_sort=off -c jit=off',
  });
  // An idle connection that PostgreSQL ends (a restart, pg_terminate_backend, DROP DATABASE ... FORCE
  // after close()) is an 'error' on the pool, which pg has already dropped: the next query opens a
  // new one. Without a listener Node throws it and the process dies.
  pool.on('error', () => {});
  genericPlans.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  setGenericPlanPool(db, genericPlans);
  // A lock is held on a connection of its own (never one of the pool's, which `fn` needs), and
  // ends with that connection: a process that dies mid-job frees its lock.
  const locked = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const lock = new pg.Client({ connectionString });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [key]);
      return await fn();
    } finally {
      await lock.end();
    }
  };
  return {
    db,
    kind: 'postgres',
    // Processes starting together take turns: the second sees the migrations applied.
    migrate: async () => {
      await locked(LOCKS.migrations, () => migratePg(db as never, { migrationsFolder }));
    },
    withLock: locked,
    poolStats: () => ({
      total: pool.totalCount + genericPlans.totalCount,
      idle: pool.idleCount + genericPlans.idleCount,
      waiting: pool.waitingCount + genericPlans.waitingCount,
      max: 2 * max,
    }),
    close: async () => {
      await Promise.all([pool.end(), genericPlans.end()]);
    },
  };
}

/** SQLSTATE of a driver error, also when Drizzle wraps it (err.cause). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
