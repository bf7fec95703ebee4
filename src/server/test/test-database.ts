import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { fromPglite, openPostgres, pgliteExtensions, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL in the api-postgres project. */
export async function createTestDatabase(): Promise<Database> {
  if (inject('dbMode') === 'postgres') {
    const { adminUrl, template, prefix } = inject('postgresTemplate');
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    const database = openPostgres(withDatabase(adminUrl, name), 20);
    return {
      ...database,
      async close() {
        await database.close();
        // A connection that is still closing (a listener, a pool client ending) would be terminated by the
        // forced drop and report 57P01 as an unhandled error: wait for the database to be left first.
        // (At most 5 s: the forced drop ends whatever is left after that.)
        await vi
          .waitFor(
            async () => {
              const { rows } = await admin.query<{ n: number }>(
                'select count(*)::int as n from pg_stat_activity where datname = $1',
                [name],
              );
              if (rows[0]?.n) throw new Error(`${rows[0].n} connections left`);
            },
            { timeout: 5_000, interval: 50 },
          )
          .catch(() => {});
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return fromPglite(client);
}
