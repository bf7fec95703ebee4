/**
 * GET /api/home/:id's read: one home and its host in one prepared statement, and on a PostgreSQL
 * pool the same statement through the lean path (db/lean-read.ts, ADR 0024), since this read is
 * the route's whole cost.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { homes, moderationReports, reviews, users } from '#server/db/schema';
import type { HomeUnlisted } from '#shared/schemas/homes';
import { homeRowsReader } from './home-rows';
import type { GeoPoint } from '#shared/schemas/geo';

const p = sql.placeholder;

/**
 * One home with its host (name, photo, joined, published guest reviews of all their homes) in
 * one statement: the details page's host section must not cost a second round trip.
 */
function homeViewQuery(db: Db) {
  return db
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
      // Read also when unlisted by moderation: the route answers it to its host and admins only (ADR 0060).
      unlistedAt: homes.unlistedAt,
      unlistedBy: homes.unlistedBy,
      // The admin's note of the report that unlisted it; only looked up for an unlisted home.
      unlistedNote: sql`case when ${homes.unlistedAt} is null then null else (
          select ${moderationReports.note} from ${moderationReports}
          where ${moderationReports.targetType} = 'home' and ${moderationReports.targetId} = ${homes.id}::text
            and ${moderationReports.action} = 'unlist'
          order by ${moderationReports.resolvedAt} desc limit 1) end`.as('unlisted_note'),
    })
    .from(homes)
    .leftJoin(users, eq(users.id, homes.hostId))
    .where(eq(homes.id, p('id')))
    .limit(1);
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
  'unlisted_at',
  'unlisted_by',
  'unlisted_note',
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
  id: string;
  name: string;
  image: string | null;
  joinedAt: string;
  reviewCount: number;
}

export async function selectHomeView(
  db: Db,
  id: string,
  now: Date,
): Promise<
  | { json: string; host: HomeHost | null; hostId: string | null; exactPoint: GeoPoint; unlisted: HomeUnlisted | null }
  | undefined
> {
  const [row] = await readerFor(db)({ id, now });
  if (!row) return undefined;
  const host =
    row.host_name == null
      ? null
      : {
          id: row.host_id as string,
          name: row.host_name as string,
          image: (row.host_image as string | null) ?? null,
          joinedAt: isoInstant(row.host_joined_at),
          reviewCount: Number(row.host_review_count),
        };
  return {
    json: row.api_json as string,
    host,
    hostId: (row.host_id as string | null) ?? null,
    exactPoint: { lat: Number(row.lat), lng: Number(row.lng) },
    unlisted: row.unlisted_at == null ? null : unlistedOf(row),
  };
}

/** A timestamp as the driver answers it (a Date through Drizzle, text through the lean path) in ISO form. */
const isoInstant = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

function unlistedOf(row: Record<string, unknown>): HomeUnlisted {
  const reason = row.unlisted_by === 'suspension' ? 'suspension' : 'report';
  return {
    at: isoInstant(row.unlisted_at),
    reason,
    note: reason === 'report' ? ((row.unlisted_note as string | null) ?? null) : null,
  };
}
