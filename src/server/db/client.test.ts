import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('survives PostgreSQL ending idle pooled connections (restart, pg_terminate_backend)', async (ctx) => {
  if (database.kind !== 'postgres') return ctx.skip();
  // Two connections in the pool, both idle afterwards.
  await Promise.all([1, 2].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
  // From one connection, end every other connection of this database (the idle one included).
  const ended = await database.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_terminate_backend(pid) as pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length;
  });
  expect(ended).toBeGreaterThan(0);
  // The pool has heard of the ended connection (its 'error') and dropped it: only the one that ended it is left.
  await vi.waitFor(() => expect(database.poolStats!().total).toBe(1));
  // An unhandled 'error' event would fail this file; the pool still answers.
  const answers = await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select 1 as one`)));
  expect(answers.map((a) => (a as unknown as { rows: unknown[] }).rows[0])).toEqual([
    { one: 1 },
    { one: 1 },
    { one: 1 },
  ]);
});

it('keeps its connections open when they go idle (fixed-size pools, ADR 0078)', async (ctx) => {
  if (database.kind !== 'postgres') return ctx.skip();
  const backends = async () => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  // Only the timers are fake: the queries talk to PostgreSQL over real sockets, and a pool that
  // closes idle connections arms its timer when a connection is released.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await Promise.all([1, 2, 3, 4].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    const opened = database.poolStats!().total;
    expect(opened).toBeGreaterThanOrEqual(4);
    // An hour of idleness: pg's default pool would have closed each connection after 10 s.
    vi.advanceTimersByTime(60 * 60 * 1000);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(database.poolStats!().total).toBe(opened);
    expect(database.poolStats!().idle).toBe(opened);
    expect(await backends()).toBeGreaterThanOrEqual(opened);
  } finally {
    vi.useRealTimers();
  }
});
