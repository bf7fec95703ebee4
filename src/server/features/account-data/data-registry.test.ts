/**
 * The registry of people's data must cover the schema: every table with a user column (a name such as
 * user_id, email, host_id, author_id, reporter_id ..., or a foreign key to users) is in USER_DATA or
 * explicitly in NOT_USER_DATA with a reason. Every schema file is read, also one not yet exported from
 * schema.ts, so a new feature's table (reports, blocks, the audit log) cannot merge uncovered.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { deletionPlan } from './account-deletion';
import { NOT_USER_DATA, PERSONAL_COLUMN, USER_DATA } from './data-registry';

const SCHEMA_DIR = join(import.meta.dirname, '../../db');

async function schemaTables(): Promise<PgTable[]> {
  const files = [
    ...readdirSync(SCHEMA_DIR)
      .filter((f) => /^schema.*\.ts$/.test(f))
      .map((f) => join(SCHEMA_DIR, f)),
    ...readdirSync(join(SCHEMA_DIR, 'schema'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(SCHEMA_DIR, 'schema', f)),
  ];
  const tables = new Set<PgTable>();
  for (const file of files) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.add(value);
  }
  return [...tables];
}

/** The columns of a table that name or point at a person. */
function userColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const byName = config.columns.filter((c) => PERSONAL_COLUMN.test(c.name)).map((c) => c.name);
  const byForeignKey = config.foreignKeys
    .filter((fk) => fk.reference().foreignTable === users)
    .flatMap((fk) => fk.reference().columns.map((c) => c.name));
  return [...new Set([...byName, ...byForeignKey])];
}

describe('the registry of people data', () => {
  it('covers every table with a user column (or says why it holds nothing personal)', async () => {
    const tables = await schemaTables();
    expect(tables.length).toBeGreaterThan(20);
    const uncovered = tables
      .map((table) => ({ name: getTableConfig(table).name, columns: userColumns(table) }))
      .filter(({ name, columns }) => columns.length > 0 && !(name in USER_DATA) && !(name in NOT_USER_DATA))
      .map(({ name, columns }) => `${name} (${columns.join(', ')})`);
    expect(uncovered, 'add these tables to USER_DATA or NOT_USER_DATA in data-registry.ts').toEqual([]);
  });

  it('names only tables that exist, under their own name, with fields they have', async () => {
    const names = new Set((await schemaTables()).map((t) => getTableConfig(t).name));
    for (const [name, entry] of Object.entries(USER_DATA)) {
      expect(getTableConfig(entry.table).name).toBe(name);
      const columns = Object.keys(getTableColumns(entry.table));
      for (const field of entry.exportFields) expect(columns, `${name}.${field}`).toContain(field);
      expect(entry.why && entry.retention && entry.visibleTo, name).toBeTruthy();
    }
    for (const name of Object.keys(NOT_USER_DATA)) expect(names, name).toContain(name);
  });

  it('detects a user column by its name and by a foreign key to users', () => {
    const columnsOf = (name: string) => userColumns(USER_DATA[name]!.table);
    expect(columnsOf('reviews')).toEqual(expect.arrayContaining(['author_id', 'subject_user_id']));
    expect(columnsOf('security_deposits')).toContain('decided_by');
    expect(columnsOf('payment_intents')).toEqual(expect.arrayContaining(['billing_email', 'billing_name']));
  });

  it('never exports secrets (tokens, password hashes)', () => {
    for (const [name, entry] of Object.entries(USER_DATA)) {
      for (const field of entry.exportFields) {
        expect(`${name}.${field}`).not.toMatch(/token|password|secret|idempotency/i);
      }
    }
  });

  it('gives account deletion a step for every table it must anonymise or empty', () => {
    const { anonymised, deleted } = deletionPlan();
    const marked = (kind: string) =>
      Object.entries(USER_DATA)
        .filter(([, entry]) => entry.onDeletion === kind)
        .map(([name]) => name)
        .sort();
    expect([...anonymised].sort()).toEqual(marked('anonymise'));
    // Homes are deleted first, on their own (their deletion is remembered in deleted_homes).
    expect([...deleted, 'homes'].sort()).toEqual(marked('delete'));
  });
});
