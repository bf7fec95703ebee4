import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    dbMode: 'pglite' | 'postgres';
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; template: string; prefix: string };
  }
}

/** Database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates one template database per run; every test file then starts from a
 * copy of it (PGlite: a dumped data dir; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  // The project's own env decides (vitest.config.ts), so `--project api-postgres` alone runs on PostgreSQL.
  const mode = (project.config.env?.TEST_DB_MODE ?? process.env.TEST_DB_MODE) === 'postgres' ? 'postgres' : 'pglite';
  project.provide('dbMode', mode);

  if (mode === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'stayhub-tpl-'));
    const database = await openPglite();
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    const path = join(dir, 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplatePath', path);
    project.provide('postgresTemplate', { adminUrl: '', template: '', prefix: '' });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the api-postgres project');
  const prefix = `stayhub_t_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = openPostgres(withDatabase(adminUrl, template), 1);
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplate', { adminUrl, template, prefix });

  return async () => {
    // Drop every database this run made, including ones a crashed test file left.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  };
}
