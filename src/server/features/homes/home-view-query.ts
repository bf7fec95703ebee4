/**
 * GET /api/home/:id's read: one home and its host in one prepared statement, and on a PostgreSQL
 * pool the same statement through the lean path (db/lean-read.ts, ADR 0024), since this read is
 * the route's whole cost.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { homes, reviews, users } from '#server/db/schema';
import { homeRowsReader } from './home-rows';
import type { GeoPoint } from '#shared/schemas/geo';

const p = sql.placeholder;

/**
 * One home with its host (name, photo, joined, published guest reviews of all their homes) in
 * one statement: the details page's host section must not cost a second round trip.
 */
function homeViewQuery(db: Db) {
  return (
    db
      .select({
        apiJson: homes.apiJson,
        // The exact point and the owner: the route adds exactPoint for those who may see it.
        lat: homes.lat,
        lng: homes.lng,
        hostId: homes.hostId,
        hostName: sql`${users.name}`.as('host_name'),
        hostImage: sql`${users.image}`.as('host_image'),
        hostJoinedAt: sql`${users.createdAt}`.as('host_joined_at'),
        hostReviewCount: sql`(select count(*)::integer from ${reviews}
        where ${reviews.subjectUserId} = ${users.id} and ${reviews.authorRole} = 'guest' and ${reviews.hiddenAt} is null
          and (${reviews.publishedAt} is not null or ${reviews.publishAt} <= ${p('now')}::timestamptz))`.as(
          'host_review_count',
        ),
      })
      .from(homes)
      .leftJoin(users, eq(users.id, homes.hostId))
      // A home unlisted by moderation answers 404, as a deleted one (ADR 0060).
      .where(and(eq(homes.id, p('id')), isNull(homes.unlistedAt)))
      .limit(1)
  );
}

/** The columns of homeViewQuery in select order. */
const HOME_VIEW_COLUMNS = [
  'api_json',
  'lat',
  'lng',
  'host_id',
  'host_name',
  'host_image',
  'host_joined_at',
  'host_review_count',
];

const readers = new WeakMap<Db, ReturnType<typeof homeRowsReader>>();

function readerFor(db: Db) {
  let reader = readers.get(db);
  if (!reader) {
    reader = homeRowsReader(db, 'homes_view', homeViewQuery(db), HOME_VIEW_COLUMNS);
    readers.set(db, reader);
  }
  return reader;
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
): Promise<{ json: string; host: HomeHost | null; hostId: string | null; exactPoint: GeoPoint } | undefined> {
  const [row] = await readerFor(db)({ id, now });
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
  return {
    json: row.api_json as string,
    host,
    hostId: (row.host_id as string | null) ?? null,
    exactPoint: { lat: Number(row.lat), lng: Number(row.lng) },
  };
}
