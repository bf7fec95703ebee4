/**
 * src/server/db/sql/*.sql hold the current definition of every SQL function (and the triggers that
 * call it) that the migrations install, one file per function. This test runs every file on a
 * freshly migrated database and fails when that changes anything: a file whose text differs from
 * what the latest migration installed, a function without a file, or a file without a function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';

const DIR = join(import.meta.dirname, 'sql');

/** Splits a file into statements at semicolons outside comments, quotes and dollar quotes. */
function statements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (rest.startsWith('--')) i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (rest.startsWith("'")) i = text.indexOf("'", i + 1) + 1;
    else if (dollar) i = text.indexOf(dollar[0], i + dollar[0].length) + dollar[0].length;
    else if (text[i] === ';') {
      out.push(text.slice(start, i + 1).trim());
      start = ++i;
      continue;
    } else i++;
  }
  if (text.slice(start).replace(/--.*$/gm, '').trim()) throw new Error('text after the last statement');
  return out;
}

/** Every function in the public schema (extensions' aside) and every trigger, as PostgreSQL prints them. */
async function installed(database: Database) {
  const functions = await database.db.execute(sql`
    select p.proname as name, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 2`);
  const triggers = await database.db.execute(sql`
    select tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
    where not t.tgisinternal order by 1`);
  // Both drivers answer { rows }; Drizzle's type for it depends on the driver.
  return {
    functions: (functions as unknown as { rows: { name: string; signature: string; def: string }[] }).rows,
    triggers: (triggers as unknown as { rows: { name: string; def: string }[] }).rows,
  };
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the SQL functions in src/server/db/sql', () => {
  it('splits statements only outside comments, quotes and dollar quotes', () => {
    expect(statements("select ';' -- a; b\n;\nCREATE f() AS $$ x; y $$;\n-- end\n")).toEqual([
      "select ';' -- a; b\n;",
      'CREATE f() AS $$ x; y $$;',
    ]);
  });

  it('are one file per live function, each what the latest migrations installed', async () => {
    const before = await installed(database);
    const files = readdirSync(DIR).filter((name) => name.endsWith('.sql'));
    expect(files.map((name) => name.replace(/\.sql$/, '').replaceAll('-', '_')).sort()).toEqual(
      [...new Set(before.functions.map((f) => f.name))].sort(),
    );
    for (const file of files) {
      const text = readFileSync(join(DIR, file), 'utf8');
      for (const statement of statements(text)) {
        // Replacing, never adding: a CREATE without OR REPLACE would fail here rather than pass.
        expect(statement, file).toMatch(/^(--.*\n)*CREATE OR REPLACE (FUNCTION|TRIGGER) /);
        await database.db.execute(sql.raw(statement));
      }
    }
    // Running every file changed nothing: same functions, same bodies and settings, same triggers.
    expect(await installed(database)).toEqual(before);
    expect(before.triggers.length).toBeGreaterThan(10);
  });
});
