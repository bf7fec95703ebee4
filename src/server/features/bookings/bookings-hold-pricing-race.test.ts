/**
 * A hold and a price change serialise (issue 27): the hold's price is read under the home's lock,
 * the lock every price-period write takes. On PostgreSQL a transaction of the test holds the home's
 * lock while the hold arrives, saves a period over the stay's nights and commits: the hold, let
 * through only then, must carry the period's price. (PGlite has one connection: nothing can wait.)
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { homes, pricePeriods } from '#server/db/schema';
import { bookingRow, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';

const t = useTestApp();
const onPostgres = inject('dbMode') === 'postgres';

/** Sessions waiting for a lock right now. */
async function waitingOnLocks(): Promise<number> {
  const rows = (await t.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
  )) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0]?.n ?? 0;
}

describe('pricing a hold under the home lock', () => {
  it.skipIf(!onPostgres)('a price period saved while a hold waits for the home is in the hold’s price', async () => {
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db, { priceCents: 10_000, cleaningFeeCents: 0 });
    let hold: ReturnType<typeof createHold> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select({ id: homes.id }).from(homes).where(eq(homes.id, home.id)).for('no key update');
      hold = createHold(t.app, guest, { homeId: home.id, checkIn: '2027-01-10', checkOut: '2027-01-12', guests: 1 });
      // The hold has read what it reads before the lock and now waits for the home.
      await expect.poll(waitingOnLocks, { timeout: 5_000 }).toBeGreaterThan(0);
      await tx.insert(pricePeriods).values({
        homeId: home.id,
        fromDate: '2027-01-01',
        toDate: '2027-01-31',
        priceCents: 25_000,
        createdAt: t.clock.now(),
      });
    });
    const res = await hold!;
    expect(res.statusCode, res.body).toBe(200);
    const row = await bookingRow(t.db, (res.json() as { bookingId: string }).bookingId);
    expect(row.subtotalCents).toBe(50_000);
    expect(row.breakdown?.nightly.map((n) => n.cents)).toEqual([25_000, 25_000]);
  });
});
