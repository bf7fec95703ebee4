import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectHomeView } from '../features/homes/homes-queries';
import { insertHome, insertUser } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import type { Database, Db } from './client';
import { leanRead, poolOf, text } from './lean-read';
import * as schema from './schema';

/** text[] (OID 1009) as pg itself parses it. */
const parseTextArray = pg.types.getTypeParser(1009 as never, 'text') as (v: string) => string[];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('lean reads (ADR 0024)', () => {
  it('are used on a PostgreSQL pool only: PGlite and transactions read through Drizzle', async () => {
    const pool = poolOf(database.db);
    if (database.kind === 'pglite') expect(pool).toBeNull();
    else expect(pool).not.toBeNull();
    await database.db.transaction(async (tx) => {
      expect(poolOf(tx as unknown as Db)).toBeNull();
    });
  });

  it('answer text fields by position, reuse the statement, and survive a failed statement', async (ctx) => {
    const pool = poolOf(database.db);
    if (!pool) return ctx.skip();
    const statement = `select $1::text as a, $2::int + 1 as b, array['x', 'with, comma', 'quote"d', null]::text[] as c,
      null::text as d, timestamptz '2026-11-21 10:00:00.5+02' as e`;
    // More reads than connections: every connection parses the statement once and then binds it.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        leanRead(pool, 'lean_test', statement, [`v${i}`, String(i)], (f) => ({
          a: f[0],
          b: text.int(f[1]!),
          c: parseTextArray(f[2]!),
          d: f[3],
          e: text.instant(f[4]!).toISOString(),
        })),
      ),
    );
    results.forEach((rows, i) => {
      expect(rows).toEqual([
        { a: `v${i}`, b: i + 1, c: ['x', 'with, comma', 'quote"d', null], d: null, e: '2026-11-21T08:00:00.500Z' },
      ]);
    });
    // A run-time error rejects with PostgreSQL's error and leaves the pool usable.
    await expect(leanRead(pool, 'lean_test', statement, ['x', 'not a number'], (f) => f)).rejects.toMatchObject({
      code: '22P02',
    });
    // A statement whose first run fails after its Parse succeeded (a bad value) is usable on the next run.
    await expect(leanRead(pool, 'lean_fresh', statement, ['x', 'NaN?'], (f) => f)).rejects.toMatchObject({
      code: '22P02',
    });
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, i) => leanRead(pool, 'lean_fresh', statement, ['x', String(i)], (f) => f[1])),
    );
    expect(again).toEqual(Array.from({ length: 20 }, (_, i) => [String(i + 1)]));
    const failingParse = 'select no_such_column from homes';
    await expect(leanRead(pool, 'lean_bad', failingParse, [], (f) => f)).rejects.toMatchObject({ code: '42703' });
    await expect(leanRead(pool, 'lean_test', statement, ['y', '1'], (f) => f[0])).resolves.toEqual(['y']);
    // A reader that throws rejects that read only.
    await expect(
      leanRead(pool, 'lean_test', statement, ['z', '1'], () => {
        throw new Error('bad row');
      }),
    ).rejects.toThrow('bad row');
    await expect(leanRead(pool, 'lean_test', statement, ['z', '2'], (f) => f[1])).resolves.toEqual(['3']);
  });

  it('read one home exactly as the Drizzle statement does', async (ctx) => {
    const pool = poolOf(database.db);
    if (!pool) return ctx.skip();
    const host = await insertUser(database.db, { role: 'host', image: null });
    const home = await insertHome(database.db, {
      hostId: host.id,
      hostEmail: host.email,
      images: ['/uploads/a "quoted", name-1280.webp', '/uploads/b-1280.webp'],
      houseRules: 'No parties,\nno "loud" music',
    });
    const orphan = await insertHome(database.db, { hostId: null, images: [] });
    // A client checked out of the pool is not a pool: the same call reads through Drizzle.
    const client: pg.PoolClient = await pool.connect();
    try {
      const viaDrizzle = drizzle(client, { schema }) as unknown as Db;
      expect(poolOf(viaDrizzle)).toBeNull();
      const now = new Date('2026-11-21T10:00:00.000Z');
      for (const id of [home.id, orphan.id, '00000000-0000-4000-8000-000000000000']) {
        const lean = await selectHomeView(database.db, id, now);
        expect(lean).toEqual(await selectHomeView(viaDrizzle, id, now));
      }
      expect(JSON.parse((await selectHomeView(database.db, home.id, now))!.json).images[0]).toBe(
        '/uploads/a "quoted", name-1280.webp',
      );
    } finally {
      client.release();
    }
  });
});
