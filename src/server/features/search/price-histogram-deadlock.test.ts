/**
 * Two price edits crossing the same two dollars in opposite directions (ADR 0074): the statement
 * triggers on homes write home_price_stats in key order, and its row trigger then writes
 * home_price_dollars in that same order, so both take the dollars' rows in one order and the second
 * waits for the first instead of deadlocking (SQLSTATE 40P01). PostgreSQL only: PGlite has one
 * connection, so nothing runs concurrently there.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { homes } from '#server/db/schema';
import { insertHome } from '#server/test/factories';
import { createTestDatabase } from '#server/test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Rows<T> = { rows: T[] };

it('lets two price edits cross the same dollars in opposite directions without a deadlock', async (ctx) => {
  if (database.kind !== 'postgres') return ctx.skip();
  const { db } = database;
  // Each write of a dollar's row waits a moment once it holds the row, so that both edits hold their
  // first dollar before either asks for its second: in opposite orders, a certain deadlock.
  await db.execute(
    sql.raw(`
    CREATE FUNCTION test_dollar_pause() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$;
    CREATE TRIGGER test_dollar_pause BEFORE UPDATE ON home_price_dollars
      FOR EACH ROW EXECUTE FUNCTION test_dollar_pause();`),
  );
  // Different cents in the same dollars: the edits share no row of home_price_stats, only the dollars.
  const pairs: [number, number][] = [
    [10_000, 20_000],
    [30_010, 40_020],
    [50_030, 60_040],
    [70_050, 80_060],
  ];
  const edits: [[string, number], [string, number]][] = [];
  for (const [low, high] of pairs) {
    const up = await insertHome(db, { location: 'Crossbury, Testland', priceCents: low });
    const down = await insertHome(db, { location: 'Crossbury, Testland', priceCents: high + 50 });
    // Others at each price keep the dollars' rows there throughout.
    await insertHome(db, { location: 'Crossbury, Testland', priceCents: low + 90 });
    await insertHome(db, { location: 'Crossbury, Testland', priceCents: high + 90 });
    edits.push([
      [up.id, high],
      [down.id, low + 50],
    ]);
  }
  const errors: unknown[] = [];
  const edit = (id: string, priceCents: number) =>
    db
      .transaction(async (tx) => {
        await tx.update(homes).set({ priceCents }).where(eq(homes.id, id));
      })
      .catch((error: unknown) => errors.push(error));
  for (const [[upId, upTo], [downId, downTo]] of edits) {
    await Promise.all([edit(upId, upTo), edit(downId, downTo)]);
  }
  // Drizzle wraps PostgreSQL's error: its code (40P01) is on the cause.
  const code = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code ?? String(e);
  expect(errors.map(code)).toEqual([]);
  await db.execute(sql.raw('DROP TRIGGER test_dollar_pause ON home_price_dollars'));
  // And the summary still equals counting the homes.
  const summary = (await db.execute(sql`
    select s.dollar, s.counts[1] as homes from home_price_dollars s order by 1`)) as unknown as Rows<{
    dollar: number;
    homes: number;
  }>;
  const counted = (await db.execute(sql`
    select price_cents / 100 as dollar, count(*)::int as homes from homes where unlisted_at is null
    group by 1 order by 1`)) as unknown as Rows<{ dollar: number; homes: number }>;
  expect(summary.rows.map((r) => [Number(r.dollar), Number(r.homes)])).toEqual(
    counted.rows.map((r) => [Number(r.dollar), Number(r.homes)]),
  );
});
