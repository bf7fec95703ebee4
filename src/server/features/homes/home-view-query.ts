/**
 * GET /api/home/:id's read: one home and its host in one prepared statement, and on a PostgreSQL
 * pool the same statement through the lean path (db/lean-read.ts, ADR 0024), since this read is
 * the route's whole cost.
 */
import { eq, Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { leanRead, poolOf, text, type TextRow } from '#server/db/lean-read';
import { homes, reviews, users } from '#server/db/schema';
import type { HomeFields } from './homes-service';
import { homeFields } from './home-columns';
import { rawRows, toFields, type RawHomeRow } from './home-rows';

const p = sql.placeholder;

/**
 * One home with its host (name, photo, joined, published guest reviews of all their homes) in
 * one statement: the details page's host section must not cost a second round trip.
 */
function homeViewQuery(db: Db) {
  return db
    .select({
      ...homeFields,
      hostName: sql`${users.name}`.as('host_name'),
      hostImage: sql`${users.image}`.as('host_image'),
      hostJoinedAt: sql`${users.createdAt}`.as('host_joined_at'),
      hostReviewCount: sql`(select count(*)::integer from ${reviews}
        where ${reviews.subjectUserId} = ${users.id} and ${reviews.authorRole} = 'guest'
          and (${reviews.publishedAt} is not null or ${reviews.publishAt} <= ${p('now')}::timestamptz))`.as(
        'host_review_count',
      ),
    })
    .from(homes)
    .leftJoin(users, eq(users.id, homes.hostId))
    .where(eq(homes.id, p('id')))
    .limit(1);
}

function prepareHomeView(db: Db) {
  return homeViewQuery(db).prepare('homes_view');
}

/** The columns of homeViewQuery in select order, as `toFields` and the host part read them by name. */
const HOME_VIEW_COLUMNS = [
  ...Object.values(homeFields).map((column) => column.name),
  'host_name',
  'host_image',
  'host_joined_at',
  'host_review_count',
];

/** Columns read as numbers from PostgreSQL's text output (the rest are text, dates as 'YYYY-MM-DD'). */
const NUMERIC = new Set([
  'seq',
  'price_cents',
  'total_guest',
  'bedrooms',
  'bathrooms',
  'min_nights',
  'max_nights',
  'rating_count',
  'rating_sum',
  'cleaning_fee_cents',
  'host_review_count',
]);

/**
 * The same statement for the lean PostgreSQL path (db/lean-read.ts, ADR 0024): its text, its
 * parameters in order (named placeholders filled per call, fixed values written once), and a
 * row reader that gives the same row object the Drizzle path gives.
 */
function leanHomeView(db: Db) {
  const { sql: statement, params } = homeViewQuery(db).toSQL();
  const toRow = (fields: TextRow): RawHomeRow => {
    const row: RawHomeRow = {};
    for (let i = 0; i < HOME_VIEW_COLUMNS.length; i++) {
      const name = HOME_VIEW_COLUMNS[i]!;
      const value = fields[i] ?? null;
      row[name] =
        value === null
          ? name === 'images'
            ? []
            : null
          : NUMERIC.has(name)
            ? text.int(value)
            : name === 'images'
              ? text.textArray(value)
              : name === 'host_joined_at'
                ? text.instant(value)
                : value;
    }
    return row;
  };
  const values = (named: Record<string, string>) =>
    params.map((param) => (param instanceof Placeholder ? named[param.name as string]! : String(param)));
  return { statement, values, toRow };
}

interface PreparedView {
  view: ReturnType<typeof prepareHomeView>;
  /** Set on a pg pool (PostgreSQL server): the one-home read without Drizzle or pg's Query. */
  lean: { pool: NonNullable<ReturnType<typeof poolOf>>; query: ReturnType<typeof leanHomeView> } | null;
}

const prepared = new WeakMap<Db, PreparedView>();

function preparedFor(db: Db): PreparedView {
  let found = prepared.get(db);
  if (!found) {
    const pool = poolOf(db);
    found = { view: prepareHomeView(db), lean: pool ? { pool, query: leanHomeView(db) } : null };
    prepared.set(db, found);
  }
  return found;
}

/** Who hosts a home, as GET /api/home/:id shows it (null when the host account is gone). */
export interface HomeHost {
  name: string;
  image: string | null;
  joinedAt: string;
  reviewCount: number;
}

export async function selectHomeView(
  db: Db,
  id: string,
  now: Date,
): Promise<{ home: HomeFields; host: HomeHost | null } | undefined> {
  const found = preparedFor(db);
  const lean = found.lean;
  const [row] = lean
    ? await leanRead(
        lean.pool,
        'homes_view_lean',
        lean.query.statement,
        lean.query.values({ id, now: now.toISOString() }),
        lean.query.toRow,
      )
    : await rawRows(found.view, { id, now });
  if (!row) return undefined;
  const joined = row.host_joined_at;
  const host =
    row.host_name == null
      ? null
      : {
          name: row.host_name as string,
          image: (row.host_image as string | null) ?? null,
          joinedAt: (joined instanceof Date ? joined : new Date(String(joined))).toISOString(),
          reviewCount: Number(row.host_review_count),
        };
  return { home: toFields(row), host };
}
