/**
 * `npm run db:home-json -- --name <migration>`: after a Home field and its column were added (docs/
 * architecture.md, "Adding a field to a home"), writes src/server/db/sql/home-api-json.sql from
 * homeSchema (db/home-json-fields.ts), lets drizzle-kit generate the migration, and puts its
 * statements in the only order PostgreSQL accepts: the stored JSON dropped, the columns changed, the
 * function replaced, the stored JSON added again (computed for every row). Without `--name` it only
 * rewrites the SQL file.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getTableColumns, type Column } from 'drizzle-orm';
import { homeJson } from '../db/home-json-fields';
import { homes } from '../db/schema';

const root = join(import.meta.dirname, '../../..');
const sqlFile = join(root, 'src/server/db/sql/home-api-json.sql');
const migrations = join(root, 'src/server/db/migrations');
const BREAK = '--> statement-breakpoint';

/** The argument types of the function a home-api-json.sql text creates, for its DROP FUNCTION. */
function argumentTypes(text: string): string[] {
  const args = /FUNCTION home_api_json\(([\s\S]*?)\)\s*RETURNS/.exec(text)?.[1];
  if (!args) throw new Error(`${sqlFile} does not create home_api_json`);
  return args.split(',').map((arg) => arg.trim().split(/\s+/).slice(1).join(' '));
}

const { values } = parseArgs({ options: { name: { type: 'string' } } });
const json = homeJson(getTableColumns(homes) as Record<string, Column>);
const before = readFileSync(sqlFile, 'utf8');
writeFileSync(sqlFile, json.functionSql);
console.log(before === json.functionSql ? `${sqlFile}: unchanged` : `${sqlFile}: rewritten`);

if (values.name) {
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', values.name], { cwd: root, stdio: 'inherit' });
  const newest = readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .at(-1)!;
  const path = join(migrations, newest);
  const isApiJson = (statement: string) => /"api_json"/.test(statement);
  const changes = readFileSync(path, 'utf8')
    .split(BREAK)
    .map((s) => s.trim())
    .filter((s) => s && !isApiJson(s));
  const statements = [
    `-- ${values.name}: see the commit. homes.api_json is dropped first and added last (home-api-json.sql).\nALTER TABLE "homes" DROP COLUMN "api_json";`,
    ...changes,
    `DROP FUNCTION home_api_json(${argumentTypes(before).join(', ')});`,
    json.functionSql.trim(),
    `ALTER TABLE "homes" ADD COLUMN "api_json" text GENERATED ALWAYS AS (${json.callSql}) STORED NOT NULL;`,
  ];
  writeFileSync(path, statements.join(`${BREAK}\n`) + '\n');
  console.log(`${path}: ordered (${changes.length} column changes). Write what it does in its first comment.`);
}
