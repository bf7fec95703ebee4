import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { HOMES_PAGE_DEFAULT } from '#shared/constants';
import type { Db } from '#server/db/client';
import { bookings, homes, reviews, users } from '#server/db/schema';
import type { HomeFields } from './homes-service';

/**
 * The public reads (search, list, one home) as prepared statements, built once per database
 * handle and shape, not per request. Two reasons, both measured at 1,000,000 homes
 * (docs/search-plans.md): building a Drizzle query cost more server CPU than everything else
 * the request did, and a named statement lets PostgreSQL parse and plan it once per connection
 * instead of on every request. Values are bound at run time (sql.placeholder), so each shape's
 * text never changes.
 */

/** The columns a Home is made of (lists read only these: not the nights, not the timestamps). */
export const homeFields = {
  id: homes.id,
  seq: homes.seq,
  hostEmail: homes.hostEmail,
  title: homes.title,
  location: homes.location,
  description: homes.description,
  priceCents: homes.priceCents,
  totalGuest: homes.totalGuest,
  bedrooms: homes.bedrooms,
  bathrooms: homes.bathrooms,
  availableFrom: homes.availableFrom,
  availableTo: homes.availableTo,
  images: homes.images,
  minNights: homes.minNights,
  maxNights: homes.maxNights,
  checkInTime: homes.checkInTime,
  checkOutTime: homes.checkOutTime,
  houseRules: homes.houseRules,
  ratingCount: homes.ratingCount,
  ratingSum: homes.ratingSum,
  cleaningFeeCents: homes.cleaningFeeCents,
  cancellationPolicy: homes.cancellationPolicy,
};

const p = sql.placeholder;

/**
 * WHERE part: the home is free for the stay at `now`. Confirmed nights come from
 * homes.confirmed_nights (kept by triggers on bookings, ADR 0011), a test on the
 * row itself; holds still live at `now` are few and read once per query through
 * bookings_hold_expiry_idx (a hashed subplan), so a hold past its time stops
 * blocking the moment it expires. Equivalent to `not overlappingBooking(...)`.
 */
const freeForStay: SQL = sql`not (${homes.confirmedNights} && daterange(${p('checkIn')}::date, ${p('checkOut')}::date, '[)'))
    and ${homes.id} not in (
      select ${bookings.homeId} from ${bookings}
      where ${bookings.status} = 'held' and ${bookings.holdExpiresAt} > ${p('now')}::timestamptz
        and ${bookings.stay} && daterange(${p('checkIn')}::date, ${p('checkOut')}::date, '[)')
        and ${bookings.homeId} is not null
    )`;

/** What varies the text of a list query (no place): which filters are present. */
export interface ListShape {
  hostEmail: boolean;
  dates: boolean;
  guests: boolean;
  after: boolean;
}

/**
 * One home with its host (name, photo, joined, published guest reviews of all their homes) in
 * one prepared statement: the details page's host section must not cost a second round trip.
 */
function prepareHomeView(db: Db) {
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
    .limit(1)
    .prepare('homes_view');
}

/**
 * A place search: search_place_home_rows (migrations 0008, 0014) answers one page, best place
 * first, with the columns a Home is made of; every argument is a parameter (null when that filter
 * is not asked for). Its columns are renamed to the table's, so rows read as the other queries'.
 */
function preparePlaceSearch(db: Db) {
  const page = sql`search_place_home_rows(${p('term')}, ${p('escaped')}, ${p('checkIn')}::date,
      ${p('checkOut')}::date, ${p('guests')}::integer, ${p('hostEmail')}::text, ${p('now')}::timestamptz,
      ${p('afterRank')}::integer, ${p('afterSeq')}::bigint, ${p('size')}::integer) as found`;
  const column = (name: string) => sql`found.${sql.raw(`out_${name}`)}`.as(name);
  const columns = [
    'rank',
    'seq',
    'id',
    'host_email',
    'title',
    'location',
    'description',
    'price_cents',
    'total_guest',
    'bedrooms',
    'bathrooms',
    'available_from',
    'available_to',
    'images',
    'min_nights',
    'max_nights',
    'check_in_time',
    'check_out_time',
    'house_rules',
    'rating_count',
    'rating_sum',
    'cleaning_fee_cents',
    'cancellation_policy',
  ];
  return db
    .select(Object.fromEntries(columns.map((name) => [name, column(name)])))
    .from(page)
    .orderBy(sql`found.out_rank`, sql`found.out_seq desc`)
    .prepare('homes_place_search');
}

/**
 * A list without a place: a backwards walk of homes_seq_unique, filtering each row. The usual
 * page size is written into the statement: with `LIMIT $n` PostgreSQL's generic plan assumes a
 * tenth of the table and would plan a parallel scan, so it re-plans every time instead. Other
 * sizes share one statement with the limit as a parameter (custom plans), which keeps the number
 * of statements per connection small whatever `limit` clients send.
 */
function prepareList(db: Db, shape: ListShape, size: number | null) {
  const filters: SQL[] = [];
  if (shape.after) filters.push(lt(homes.seq, p('afterSeq')));
  if (shape.hostEmail) filters.push(sql`lower(${homes.hostEmail}) = lower(${p('hostEmail')})`);
  if (shape.dates) {
    filters.push(lte(homes.availableFrom, p('checkIn')), gte(homes.availableTo, p('checkOut')), freeForStay);
  }
  if (shape.guests) filters.push(gte(homes.totalGuest, p('guests')));
  const name = `homes_list_${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}_${size ?? 'n'}`;
  return db
    .select(homeFields)
    .from(homes)
    .where(and(...filters))
    .orderBy(desc(homes.seq))
    .limit(size ?? p('size'))
    .prepare(name);
}

/** A row as the driver answers it: column names as in the database, before Drizzle maps them. */
type RawHomeRow = Record<string, unknown>;

/**
 * Rows straight from the driver (`all()`: the pg and PGlite prepared queries both have it), read
 * here field by field: Drizzle's generic row mapping cost about as much as the rest of the
 * handler for a page of 24 homes. Dates stay 'YYYY-MM-DD' text (Drizzle's parsers for both
 * drivers); seq is a bigint (text or BigInt, depending on the driver).
 */
async function rawRows(query: { execute: unknown }, values: Record<string, unknown>): Promise<RawHomeRow[]> {
  return (query as unknown as { all(values: Record<string, unknown>): Promise<RawHomeRow[]> }).all(values);
}

function toFields(row: RawHomeRow): HomeFields {
  return {
    id: row.id as string,
    seq: Number(row.seq),
    hostEmail: row.host_email as string,
    title: row.title as string,
    location: row.location as string,
    description: row.description as string,
    priceCents: row.price_cents as number,
    totalGuest: row.total_guest as number,
    bedrooms: row.bedrooms as number,
    bathrooms: row.bathrooms as number,
    availableFrom: row.available_from as string,
    availableTo: row.available_to as string,
    images: row.images as string[],
    minNights: row.min_nights as number,
    maxNights: row.max_nights as number,
    checkInTime: row.check_in_time as string,
    checkOutTime: row.check_out_time as string,
    houseRules: row.house_rules as string,
    ratingCount: row.rating_count as number,
    ratingSum: row.rating_sum as number,
    cleaningFeeCents: row.cleaning_fee_cents as number,
    cancellationPolicy: row.cancellation_policy as HomeFields['cancellationPolicy'],
  };
}

interface Prepared {
  homeView: ReturnType<typeof prepareHomeView>;
  placeSearch: ReturnType<typeof preparePlaceSearch>;
  lists: Map<string, ReturnType<typeof prepareList>>;
}

const prepared = new WeakMap<Db, Prepared>();

function preparedFor(db: Db): Prepared {
  let found = prepared.get(db);
  if (!found) {
    found = { homeView: prepareHomeView(db), placeSearch: preparePlaceSearch(db), lists: new Map() };
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
  const [row] = await rawRows(preparedFor(db).homeView, { id, now });
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

export async function selectPlacePage(
  db: Db,
  values: {
    term: string;
    escaped: string;
    checkIn: string | null;
    checkOut: string | null;
    guests: number | null;
    hostEmail: string | null;
    now: Date;
    afterRank: number | null;
    afterSeq: number | null;
    size: number;
  },
): Promise<{ home: HomeFields; rank: number }[]> {
  const rows = await rawRows(preparedFor(db).placeSearch, values);
  return rows.map((row) => ({ home: toFields(row), rank: Number(row.rank) }));
}

export async function selectListPage(
  db: Db,
  values: {
    hostEmail?: string;
    checkIn?: string;
    checkOut?: string;
    guests?: number;
    now: Date;
    afterSeq?: number;
    size: number;
  },
): Promise<HomeFields[]> {
  const shape: ListShape = {
    hostEmail: values.hostEmail !== undefined,
    dates: values.checkIn !== undefined && values.checkOut !== undefined,
    guests: values.guests !== undefined,
    after: values.afterSeq !== undefined,
  };
  const fixedSize = values.size === HOMES_PAGE_DEFAULT + 1 ? values.size : null;
  const key = `${+shape.hostEmail}${+shape.dates}${+shape.guests}${+shape.after}_${fixedSize ?? 'n'}`;
  const lists = preparedFor(db).lists;
  let query = lists.get(key);
  if (!query) {
    query = prepareList(db, shape, fixedSize);
    lists.set(key, query);
  }
  return (await rawRows(query, values)).map(toFields);
}
