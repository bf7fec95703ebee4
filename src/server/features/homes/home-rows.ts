/**
 * Home rows as the driver answers them (the one-home read and the search and list pages): each
 * home's stored JSON and the few columns read beside it, field by field.
 */
import { Placeholder } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { leanRead, poolOf, text, type PlanMode, type TextRow } from '#server/db/lean-read';

/** A row as the driver answers it: column names as in the database, before Drizzle maps them. */
export type RawHomeRow = Record<string, unknown>;

/**
 * Rows straight from the driver (`all()`: the pg and PGlite prepared queries both have it), read
 * here field by field: Drizzle's generic row mapping cost about as much as the rest of the
 * handler for a page of 24 homes. Dates stay 'YYYY-MM-DD' text (Drizzle's parsers for both
 * drivers); seq is a bigint (text or BigInt, depending on the driver).
 */
async function rawRows(query: { execute: unknown }, values: Record<string, unknown>): Promise<RawHomeRow[]> {
  return (query as unknown as { all(values: Record<string, unknown>): Promise<RawHomeRow[]> }).all(values);
}

/** A row of a search or list page: the home as the API answers it, and where the page stands. */
export interface PageRow {
  rank: number;
  seq: number;
  priceCents: number;
  ratingSum: number;
  ratingCount: number;
  /** The Home, as JSON text (homes.api_json, migration 0018). */
  json: string;
  /** A dated page: what the home's stay is priced from (stay-terms.ts); null undated. */
  stayTerms: string | null;
}

/** A place search page's columns in select order (the list queries have no rank: 0). */
export const PAGE_COLUMNS = [
  'rank',
  'seq',
  'price_cents',
  'rating_sum',
  'rating_count',
  'api_json',
  'stay_terms',
] as const;

export function toPageRow(row: RawHomeRow): PageRow {
  return {
    rank: Number(row.rank ?? 0),
    seq: Number(row.seq),
    priceCents: Number(row.price_cents),
    ratingSum: Number(row.rating_sum),
    ratingCount: Number(row.rating_count),
    json: row.api_json as string,
    stayTerms: (row.stay_terms as string | null | undefined) ?? null,
  };
}

/** Columns read as numbers from PostgreSQL's text output (the rest are text). */
const NUMERIC = new Set(['rank', 'seq', 'price_cents', 'rating_count', 'rating_sum', 'host_review_count']);

function readField(name: string, value: string | null): unknown {
  if (value === null) return null;
  if (NUMERIC.has(name)) return text.int(value);
  if (name === 'lat' || name === 'lng') return Number(value);
  if (name === 'host_joined_at' || name === 'unlisted_at') return text.instant(value);
  return value;
}

/** A value as PostgreSQL reads it from text: instants in ISO form, numbers and strings as they print. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

interface HomeRowsQuery {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute: unknown };
}

/**
 * Runs a statement of home rows: on a PostgreSQL pool through the lean path (db/lean-read.ts, ADR
 * 0024: no Describe per run, rows read by position), elsewhere (PGlite) as Drizzle's prepared
 * query. Both give the same row objects, keyed by `columns` (the statement's columns in order).
 * `plans: 'generic'` runs it on the generic-plan connections (lean-read.ts, ADR 0077).
 */
export function homeRowsReader(
  db: Db,
  name: string,
  query: HomeRowsQuery,
  columns: readonly string[],
  plans: PlanMode = 'auto',
): (values: Record<string, unknown>) => Promise<RawHomeRow[]> {
  const pool = poolOf(db, plans);
  if (!pool) {
    const prepared = query.prepare(name);
    return (values) => rawRows(prepared, values);
  }
  const { sql: statement, params } = query.toSQL();
  const toRow = (fields: TextRow): RawHomeRow => {
    const row: RawHomeRow = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = readField(columns[i]!, fields[i] ?? null);
    return row;
  };
  return (values) =>
    leanRead(
      pool,
      `${name}_lean`,
      statement,
      params.map((param) => asText(param instanceof Placeholder ? values[param.name as string] : param)),
      toRow,
    );
}
