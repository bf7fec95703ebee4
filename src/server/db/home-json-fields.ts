/**
 * How each field of a Home (src/shared/schemas/home-response.ts) is made from the homes row: the one rule
 * behind both copies of a Home the server writes, `toHome` (TypeScript) and `home_api_json` (the
 * SQL function whose text is src/server/db/sql/home-api-json.sql, stored per row as homes.api_json).
 * A field follows the naming convention unless it is one of the few exceptions below:
 * - `x` is the column `x` (a key in snake_case, like `total_guest`, is the column `totalGuest`);
 * - `x` in dollars is the column `xCents` in cents (null stays null when the column allows it).
 * So a new Home field is a key in the zod schema and a column of that name (docs/architecture.md,
 * "Adding a field to a home"); `home-json-fields.test.ts` fails when the SQL file is not what this
 * file generates, and `home-api-json.test.ts` when the two copies differ for any row.
 *
 * It takes the table's columns as an argument instead of importing the table: the table's own
 * definition (db/schema/homes.ts) calls it to list the function's arguments.
 */
import { getTableName, type Column } from 'drizzle-orm';
import { homeSchema, PER_REQUEST_HOME_FIELDS, type Home } from '#shared/schemas/homes';
import { centsToAmount } from '#shared/money';
import { roundedAverage } from '#shared/reviews';

/** The Home's keys that are stored (`host` and `stay` are added per request). */
const STORED_KEYS = Object.keys(homeSchema.shape).filter(
  (key) => !(PER_REQUEST_HOME_FIELDS as readonly string[]).includes(key),
) as StoredKey[];
type StoredKey = Exclude<keyof Home, (typeof PER_REQUEST_HOME_FIELDS)[number]>;

export const PLACEHOLDER_IMAGE = '/placeholder-home.svg';
type Row = Record<string, unknown>;

/** One field: the columns it reads (row keys), its value from a row, its JSON in SQL from `p_<column>` parameters. */
interface FieldRule {
  columns: string[];
  value(row: Row): unknown;
  sql(param: (column: string) => string): string;
}

const jsonText = (expr: string) => `to_json(${expr})::text`;
const dollars = (expr: string) => `trim_scale(${expr}::numeric / 100)::text`;

/** The fields that do not follow the convention, each with why. */
const EXCEPTIONS: Partial<Record<StoredKey, FieldRule>> = {
  // The spec names the id `_id`; a uuid is written as its text.
  _id: { columns: ['id'], value: (r) => r.id, sql: (p) => jsonText(`${p('id')}::text`) },
  // The cover is the first picture; a home without pictures shows the placeholder.
  image: {
    columns: ['images'],
    value: (r) => (r.images as string[])[0] ?? PLACEHOLDER_IMAGE,
    sql: (p) => jsonText(`coalesce(${p('images')}[1], '${PLACEHOLDER_IMAGE}')`),
  },
  images: {
    columns: ['images'],
    value: (r) => ((r.images as string[]).length ? r.images : [PLACEHOLDER_IMAGE]),
    sql: (p) =>
      jsonText(`CASE WHEN cardinality(${p('images')}) > 0 THEN ${p('images')} ELSE ARRAY['${PLACEHOLDER_IMAGE}'] END`),
  },
  // The spec's `from`/`to` are the availability window.
  from: { columns: ['availableFrom'], value: (r) => r.availableFrom, sql: (p) => jsonText(p('availableFrom')) },
  to: { columns: ['availableTo'], value: (r) => r.availableTo, sql: (p) => jsonText(p('availableTo')) },
  // The spec reads the host's email as both `hostEmail` and `email`.
  email: { columns: ['hostEmail'], value: (r) => r.hostEmail, sql: (p) => jsonText(p('hostEmail')) },
  // The average of the published reviews, to two decimals, a half up (roundedAverage); null without any.
  rating: {
    columns: ['ratingSum', 'ratingCount'],
    value: (r) => roundedAverage(r.ratingSum as number, r.ratingCount as number),
    sql: (p) =>
      `CASE WHEN ${p('ratingCount')} > 0\n         THEN trim_scale(((${p('ratingSum')}::bigint * 200 + ${p('ratingCount')}) / (2 * ${p('ratingCount')}))::numeric / 100)::text ELSE 'null' END`,
  },
  reviewCount: { columns: ['ratingCount'], value: (r) => r.ratingCount, sql: (p) => p('ratingCount') },
  // The public point (issue 29): the approximate columns as { lat, lng }; the exact ones are never stored in it.
  point: {
    columns: ['approxLat', 'approxLng'],
    value: (r) => ({ lat: r.approxLat, lng: r.approxLng }),
    sql: (p) => `'{"lat":' || ${p('approxLat')}::text || ',"lng":' || ${p('approxLng')}::text || '}'`,
  },
};

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The rule of a field that follows the convention, read off its column's type. */
function conventionRule(key: string, columns: Record<string, Column>): FieldRule {
  const name = camel(key);
  const cents = columns[`${name}Cents`];
  if (cents) {
    const column = `${name}Cents`;
    if (cents.notNull)
      return { columns: [column], value: (r) => centsToAmount(r[column] as number), sql: (p) => dollars(p(column)) };
    return {
      columns: [column],
      value: (r) => (r[column] === null ? null : centsToAmount(r[column] as number)),
      sql: (p) => `coalesce(${dollars(p(column))}, 'null')`,
    };
  }
  const column = columns[name];
  if (!column) {
    throw new Error(
      `Home field "${key}" has no column "${name}" or "${name}Cents" in homes: add one, or an exception in home-json-fields.ts`,
    );
  }
  // A number is its own JSON text; anything else (text, dates, arrays) is written by to_json, and a
  // NULL (which would make the whole text NULL) as null.
  const json = (p: (column: string) => string) =>
    column.dataType === 'number' ? `${p(name)}::text` : jsonText(p(name));
  return {
    columns: [name],
    value: (r) => r[name],
    sql: (p) => (column.notNull ? (column.dataType === 'number' ? p(name) : json(p)) : `coalesce(${json(p)}, 'null')`),
  };
}

export interface HomeJson {
  /** The Home of a row (the columns of `homeJsonColumns`, at least). */
  toHome(row: Row): Home;
  /** The row keys the function takes, in its argument order. */
  columns: string[];
  /** `home_api_json(<columns>)`, the generated column's expression. */
  callSql: string;
  /** The function's CREATE statement, as src/server/db/sql/home-api-json.sql holds it. */
  functionSql: string;
}

/** The two copies of a Home, generated from homeSchema and the homes table's columns. */
export function homeJson(columns: Record<string, Column>): HomeJson {
  const rules = STORED_KEYS.map((key) => [key, EXCEPTIONS[key] ?? conventionRule(key, columns)] as const);
  const used = [...new Set(rules.flatMap(([, rule]) => rule.columns))];
  const sqlName = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`homes has no column ${key}`);
    return column.name;
  };
  const param = (key: string) => `p_${sqlName(key)}`;
  const args = used.map((key) => `${param(key)} ${columns[key]!.getSQLType()}`);
  const keys = rules.map(([key, rule], i) => `    || '${i === 0 ? '{' : ','}"${key}":' || ${rule.sql(param)}`);
  keys[0] = keys[0]!.replace(/^ {4}\|\| /, '  SELECT ');
  const table = getTableName(Object.values(columns)[0]!.table);
  return {
    toHome(row) {
      return Object.fromEntries(rules.map(([key, rule]) => [key, rule.value(row)])) as Home;
    },
    columns: used,
    callSql: `home_api_json(${used.map(sqlName).join(', ')})`,
    functionSql: [
      `-- The Home of a ${table} row as JSON text, generated from homeSchema by src/server/db/home-json-fields.ts.`,
      '-- Do not edit: run `npm run db:home-json` (docs/architecture.md, "Adding a field to a home").',
      `CREATE OR REPLACE FUNCTION home_api_json(\n  ${wrap(args)})`,
      'RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$',
      ...keys,
      "    || '}'",
      '$$;',
      '',
    ].join('\n'),
  };
}

/** Arguments four to a line, so a diff of the file shows which changed. */
function wrap(args: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < args.length; i += 4) lines.push(args.slice(i, i + 4).join(', '));
  return lines.join(',\n  ');
}
