/**
 * On PostgreSQL the place search and the map box walks run on connections that keep one generic
 * plan per statement (ADR 0077), with sorting off (ADR 0080): under plan_cache_mode auto PostgreSQL
 * made a custom plan for every search's values (the same plan, at up to twice the cost of running it).
 */
import { beforeAll, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { poolOf } from '#server/db/lean-read';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp } from '#server/test/test-app';

const t = useTestApp();
const PLACE = 'Genericplan Cove, Testland';

beforeAll(async () => {
  t.clock.set(TEST_NOW);
  const host = await signInAs(t.app, 'host');
  for (const priceCents of [9_000, 12_000]) {
    await insertHome(t.db, { location: PLACE, hostId: host.user.id, hostEmail: host.user.email, priceCents });
  }
});

interface PlanCounts {
  name: string;
  generic_plans: string;
  custom_plans: string;
}

it('plans the place search and the map box walk once, whatever the values', async (ctx) => {
  const generic = poolOf(t.db, 'generic');
  if (t.database.kind !== 'postgres' || !generic) return ctx.skip();
  const searches = [
    `location=${encodeURIComponent(PLACE)}`,
    `location=${encodeURIComponent(PLACE)}&checkIn=2026-12-07&checkOut=2026-12-10&guests=2&minPrice=50&maxPrice=500&bedrooms=1`,
    `location=Genericplan&sort=price_asc&checkIn=2026-12-07&checkOut=2026-12-10`,
    // The rating order goes through search_place_page (homes_place_search).
    `location=Genericplan&sort=rating`,
    'bbox=-10,35,5,45&checkIn=2026-12-07&checkOut=2026-12-09&guests=2&minPrice=50&maxPrice=500&bedrooms=1',
    'bbox=-10,35,5,45',
  ];
  // One after another, so the pool lends the same connection each time (its idle list is last in, first out).
  for (let round = 0; round < 4; round++) {
    for (const query of searches) {
      const res = await t.app.inject({ url: `/api/homes?${query}` });
      expect(res.statusCode).toBe(200);
      homeListSchema.parse(res.json());
    }
  }
  const { rows } = await generic.query<PlanCounts>(
    'select name, generic_plans::text, custom_plans::text from pg_prepared_statements order by name',
  );
  expect(rows.length).toBeGreaterThanOrEqual(3);
  expect(rows.map((row) => row.name)).toContain('homes_place_search_lean');
  for (const row of rows) {
    expect({ name: row.name, custom: Number(row.custom_plans) }).toEqual({ name: row.name, custom: 0 });
    expect(Number(row.generic_plans)).toBeGreaterThan(0);
  }
});

it('walks a big place in order on those connections, reading a page of it, not every home', async (ctx) => {
  const generic = poolOf(t.db, 'generic');
  if (t.database.kind !== 'postgres' || !generic) return ctx.skip();
  // Sorting off (ADR 0080): a generic plan that read the place in another index's order and sorted
  // it read all 10,000 homes of the bench's biggest place for each page.
  const settings = await generic.query<{ sort: string; jit: string }>(
    "select current_setting('enable_sort') as sort, current_setting('jit') as jit",
  );
  expect(settings.rows[0]).toEqual({ sort: 'off', jit: 'off' });
});
