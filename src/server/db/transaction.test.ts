import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { inTransaction } from './transaction';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (id int primary key, note text)`);
});
afterAll(() => database.close());

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });
const count = async () => {
  const { rows } = (await database.db.execute(sql`select count(*)::int as n from retry_probe`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(rows[0]!.n);
};

it('runs a transaction PostgreSQL ended with 40P01 or 40001 again, from a clean start', async () => {
  await database.db.execute(sql`delete from retry_probe`);
  const runs: number[] = [];
  const answer = await inTransaction(database.db, async (tx) => {
    runs.push(runs.length + 1);
    // The first run's insert is rolled back with it: the second run inserts the same key again.
    await tx.execute(sql`insert into retry_probe values (1, 'run')`);
    if (runs.length === 1) throw failure('40P01');
    if (runs.length === 2) throw failure('40001');
    return 'done';
  });
  expect(answer).toBe('done');
  expect(runs).toEqual([1, 2, 3]);
  expect(await count()).toBe(1);
});

it('gives up after 3 runs, and never runs again after any other error', async () => {
  let runs = 0;
  await expect(
    inTransaction(database.db, async () => {
      runs++;
      throw failure('40P01');
    }),
  ).rejects.toMatchObject({ code: '40P01' });
  expect(runs).toBe(3);

  runs = 0;
  await expect(
    inTransaction(database.db, async () => {
      runs++;
      throw failure('23P01');
    }),
  ).rejects.toMatchObject({ code: '23P01' });
  expect(runs).toBe(1);
});

it('gets both of two transactions that deadlock through (PostgreSQL)', async (ctx) => {
  if (database.kind !== 'postgres') return ctx.skip();
  await database.db.execute(sql`delete from retry_probe`);
  await database.db.execute(sql`insert into retry_probe values (1, ''), (2, '')`);
  // Each takes one row, then (once both have theirs) the other's: opposite orders, a deadlock.
  let arrived = 0;
  let bothLocked!: () => void;
  const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
  const crossing = (first: number, second: number) =>
    inTransaction(database.db, async (tx) => {
      await tx.execute(sql`update retry_probe set note = note || ${String(first)} where id = ${first}`);
      if (++arrived === 2) bothLocked();
      await barrier;
      await tx.execute(sql`update retry_probe set note = note || ${String(first)} where id = ${second}`);
      return first;
    });
  expect(await Promise.all([crossing(1, 2), crossing(2, 1)])).toEqual([1, 2]);
  // Each row got exactly one write from each transaction: the one PostgreSQL ended left nothing behind.
  const { rows } = (await database.db.execute(sql`select id, note from retry_probe order by id`)) as unknown as {
    rows: { id: number; note: string }[];
  };
  expect(rows.map((r) => [r.id, [...r.note].sort().join('')])).toEqual([
    [1, '12'],
    [2, '12'],
  ]);
});
