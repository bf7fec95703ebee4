import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { homeLocations, homes } from './schema';
import { insertHome } from '../test/factories';
import { createTestDatabase } from '../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function counts(): Promise<Record<string, number>> {
  const rows = await database.db.select().from(homeLocations);
  return Object.fromEntries(rows.map((r) => [r.location, r.homeCount]));
}

describe('home_locations follows homes', () => {
  it('counts inserts, moves and deletes, and forgets a place with no homes left', async () => {
    const a = await insertHome(database.db, { location: 'Alpha Town' });
    await insertHome(database.db, { location: 'Alpha Town' });
    const b = await insertHome(database.db, { location: 'Beta City' });
    expect(await counts()).toMatchObject({ 'Alpha Town': 2, 'Beta City': 1 });

    await database.db
      .update(homes)
      .set({ location: 'Gamma Bay' })
      .where(sql`${homes.id} = ${b.id}`);
    const after = await counts();
    expect(after['Gamma Bay']).toBe(1);
    expect(after['Beta City']).toBeUndefined();

    await database.db
      .update(homes)
      .set({ title: 'Renamed' })
      .where(sql`${homes.id} = ${a.id}`);
    expect((await counts())['Alpha Town']).toBe(2);

    await database.db.delete(homes).where(sql`${homes.location} = 'Alpha Town'`);
    expect((await counts())['Alpha Town']).toBeUndefined();
  });
});
