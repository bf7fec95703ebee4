import { and, asc, desc, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { HOMES_PAGE_DEFAULT } from '#shared/constants';
import type { Db } from '#server/db/client';
import type { RankedPlace } from '../search/place-index';
import { freeForStay as freeForAStay } from '#server/db/booking-conditions';
import { homes } from '#server/db/schema';
import type { HomesSort } from '#shared/schemas/homes';
import type { Bbox } from '#shared/bbox';
import { homeFields } from './home-columns';
import { datedPriceWalks, datedPriceFits, weekendNightsOf } from './dated-price-list';
import { boxFilters, boxWalk } from './box-walk';
import { homeRowsReader, PAGE_COLUMNS, toPageRow, type PageRow } from './home-rows';
import { stayTermsOf, stayTermsOfRow } from './stay-terms';

/**
 * The public reads (search, list; one home in home-view-query.ts) as prepared statements, built once per database
 * handle and shape, not per request. Two reasons, both measured at 1,000,000 homes
 * (docs/search-plans.md): building a Drizzle query cost more server CPU than everything else
 * the request did, and a named statement lets PostgreSQL parse and plan it once per connection
 * instead of on every request. Values are bound at run time (sql.placeholder), so each shape's
 * text never changes.
 */

export { homeFields };
export { selectHomeView, type HomeHost } from './home-view-query';

const p = sql.placeholder;

/** The search's availability test, its dates and instant bound when the prepared statement runs. */
const freeForStay: SQL = freeForAStay(p('checkIn'), p('checkOut'), p('now'));

/** What varies the text of a list query (no place): which filters are present. */
interface ListShape {
  hostEmail: boolean;
  dates: boolean;
  guests: boolean;
  after: boolean;
  /** A price range (both bounds bound, the missing one as 0 or the top of integer). */
  price: boolean;
  bedrooms: boolean;
  /** A map box (bbox): its public point in the box, or, across the antimeridian, in either half. */
  box: boolean;
  boxWraps: boolean;
  /** The box tested on the first homes of the list's own walk (box-walk.ts) instead of by a GiST index. */
  boxWalk: boolean;
}

/**
 * A place search: search_place_page (migrations 0008, 0014, 0015, 0018, 0021, 0050) answers what it
 * matched, then one page in the asked order, best place first, with each home's JSON, its cursor
 * fields and, dated, what its stay is priced from (stay-terms.ts); every argument is a
 * parameter (null when that filter is not asked for), so one statement serves every sort. Its rows
 * come in the page's order (WITH ORDINALITY keeps it); its columns are renamed to the table's, so
 * rows read as the other queries'.
 */
function preparePlaceSearch(db: Db) {
  const page = sql`search_place_page(${p('term')}, ${p('escaped')}, ${p('checkIn')}::date,
      ${p('checkOut')}::date, ${p('guests')}::integer, ${p('hostEmail')}::text, ${p('now')}::timestamptz,
      ${p('minPrice')}::integer, ${p('maxPrice')}::integer, ${p('bedrooms')}::integer, ${p('sort')}::text,
      ${p('afterRank')}::integer, ${p('afterPrice')}::integer, ${p('afterRating')}::double precision,
      ${p('afterSeq')}::bigint, ${p('size')}::integer, ${p('places')}::jsonb) with ordinality as found`;
  const column = (name: string) => sql`found.${sql.raw(`out_${name}`)}`.as(name);
  const query = db
    .select(Object.fromEntries(PAGE_COLUMNS.map((name) => [name, column(name)])))
    .from(page)
    .orderBy(sql`found.ordinality`);
  // Its generic plan is the function call and one lookup per row; a custom plan for each search's
  // values was the same plan, made again every time (ADR 0077).
  return homeRowsReader(db, 'homes_place_search', query, PAGE_COLUMNS, 'generic');
}

/**
 * Per sort: where a list continues after the cursor, and its order. Each matches an index walk:
 * homes_seq_unique backwards, homes_price_idx (price_cents, seq) forwards or backwards,
 * homes_rating_idx (rating_sort, seq) backwards.
 */
const LIST_ORDER: Record<HomesSort, { after: SQL; orderBy: SQL[] }> = {
  newest: { after: lt(homes.seq, p('afterSeq')), orderBy: [desc(homes.seq)] },
  price_asc: {
    after: sql`(${homes.priceCents}, ${homes.seq}) > (${p('afterPrice')}::integer, ${p('afterSeq')}::bigint)`,
    orderBy: [asc(homes.priceCents), asc(homes.seq)],
  },
  price_desc: {
    after: sql`(${homes.priceCents}, ${homes.seq}) < (${p('afterPrice')}::integer, ${p('afterSeq')}::bigint)`,
    orderBy: [desc(homes.priceCents), desc(homes.seq)],
  },
  rating: {
    after: sql`(${homes.ratingSort}, ${homes.seq}) < (${p('afterRating')}::double precision, ${p('afterSeq')}::bigint)`,
    orderBy: [desc(homes.ratingSort), desc(homes.seq)],
  },
};

/**
 * A list without a place: a backwards walk of homes_seq_unique, filtering each row. The usual
 * page size is written into the statement: with `LIMIT $n` PostgreSQL's generic plan assumes a
 * tenth of the table and would plan a parallel scan, so it re-plans every time instead. Other
 * sizes share one statement with the limit as a parameter (custom plans), which keeps the number
 * of statements per connection small whatever `limit` clients send.
 */
function prepareList(db: Db, sort: HomesSort, shape: ListShape, size: number | null) {
  const order = LIST_ORDER[sort];
  // Homes unlisted by moderation are never listed (ADR 0060), but in their host's own list (manage-home),
  // which only the host and admins read (the route checks) and which says why (homes-search.ts).
  const filters: SQL[] = shape.hostEmail ? [] : [isNull(homes.unlistedAt)];
  if (shape.hostEmail) filters.push(sql`lower(${homes.hostEmail}) = lower(${p('hostEmail')})`);
  if (shape.dates) {
    filters.push(lte(homes.availableFrom, p('checkIn')), gte(homes.availableTo, p('checkOut')), freeForStay);
  }
  if (shape.guests) filters.push(gte(homes.totalGuest, p('guests')));
  if (shape.bedrooms) filters.push(gte(homes.bedrooms, p('bedrooms')));
  // The box read by a GiST index (box-walk.ts).
  if (shape.box && !shape.boxWalk) filters.push(...boxFilters(shape));
  const name = `homes_list_${sort}_${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}_${size ?? 'n'}`;
  const limit = size ?? p('size');
  // A dated page's rows carry what their stays are priced from (stay-terms.ts), read beside each home's row.
  const columns = shape.dates ? [...LIST_COLUMNS, 'stay_terms'] : LIST_COLUMNS;
  if (shape.dates && (sort === 'price_asc' || sort === 'price_desc')) {
    // With dates the price sorts read each home's nightly price for them (ADR 0058).
    const page = datedPriceWalks(sort, and(...filters)!, shape, sql`${limit}`);
    // The periods of the page's homes only, not of every home the walks priced.
    const stay = stayTermsOf({ terms: sql`page.terms`, id: sql`page.id`, hasPeriods: sql`page.has_price_periods` });
    const query = db
      .select(
        Object.fromEntries(
          columns.map((column) => [column, (column === 'stay_terms' ? stay : sql.raw(`page.${column}`)).as(column)]),
        ),
      )
      .from(page)
      .orderBy(
        ...(sort === 'price_asc'
          ? [sql`page.price_cents`, sql`page.seq`]
          : [sql`page.price_cents desc`, sql`page.seq desc`]),
      )
      .limit(limit);
    return homeRowsReader(db, name, query, columns);
  }
  if (shape.after) filters.push(order.after);
  if (shape.price) {
    // With dates the nightly price for them, as in a place search; without, the base price.
    filters.push(
      shape.dates ? datedPriceFits : and(gte(homes.priceCents, p('minPrice')), lte(homes.priceCents, p('maxPrice')))!,
    );
  }
  if (shape.box && shape.boxWalk) {
    // The box tested on the list's own index walk, then the homes that pass read by seq (box-walk.ts).
    const walk = boxWalk(sort, shape, order, filters, columnsOfHome(columns));
    const query = db
      .select(walk.fields)
      .from(walk.from)
      .orderBy(...walk.orderBy)
      .limit(limit);
    // The walk's own length is written into it, so the page's LIMIT parameter does not change its
    // plan: the generic plan is the walk, and a custom plan made it again per search (1.1 ms of a
    // 1.6 ms search with filters, ADR 0077).
    return homeRowsReader(db, name, query, columns, 'generic');
  }
  const query = db
    .select(shape.dates ? { ...LIST_FIELDS, stay_terms: stayTermsOfRow('homes').as('stay_terms') } : LIST_FIELDS)
    .from(homes)
    .where(and(...filters))
    .orderBy(...order.orderBy)
    .limit(limit);
  return homeRowsReader(db, name, query, columns);
}

/** A list page's columns: each home's JSON and what a cursor is made of (the place search's, without the rank). */
const LIST_FIELDS = {
  seq: homes.seq,
  priceCents: homes.priceCents,
  ratingSum: homes.ratingSum,
  ratingCount: homes.ratingCount,
  apiJson: homes.apiJson,
};
const LIST_COLUMNS = Object.values(LIST_FIELDS).map((column) => column.name);

/** A page's columns (`columns`) as read from the `homes` row in scope. */
function columnsOfHome(columns: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(
    columns.map((column) => [column, column === 'stay_terms' ? stayTermsOfRow('homes') : sql.raw(`homes.${column}`)]),
  );
}

interface Prepared {
  placeSearch: ReturnType<typeof preparePlaceSearch>;
  lists: Map<string, ReturnType<typeof prepareList>>;
}

const prepared = new WeakMap<Db, Prepared>();

function preparedFor(db: Db): Prepared {
  let found = prepared.get(db);
  if (!found) {
    found = {
      placeSearch: preparePlaceSearch(db),
      lists: new Map(),
    };
    prepared.set(db, found);
  }
  return found;
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
    minPrice: number | null;
    maxPrice: number | null;
    bedrooms: number | null;
    sort: HomesSort;
    afterRank: number | null;
    afterPrice: number | null;
    afterRating: number | null;
    afterSeq: number | null;
    size: number;
    /** The places to walk, best first (ADR 0075); null: PostgreSQL matches them (search_place_best). */
    places: RankedPlace[] | null;
  },
): Promise<{ match: { place: string; rank: number } | null; rows: PageRow[] }> {
  const { places, ...rest } = values;
  const [first, ...rows] = await preparedFor(db).placeSearch({
    ...rest,
    places:
      places &&
      JSON.stringify(
        places.map((place) => ({ location: place.location, place_rank: place.rank, home_count: place.homes })),
      ),
  });
  // The function's first row is what was matched (migration 0021): no seq, the best place and its rank.
  const match = first && first.api_json !== null ? { place: first.api_json as string, rank: Number(first.rank) } : null;
  return { match, rows: rows.map(toPageRow) };
}

/** Price bounds in cents; a list binds both when either is asked for (one statement per shape). */
const PRICE_CENTS_TOP = 2_147_483_647;

export async function selectListPage(
  db: Db,
  sort: HomesSort,
  values: {
    hostEmail?: string;
    checkIn?: string;
    checkOut?: string;
    guests?: number;
    minPrice?: number;
    maxPrice?: number;
    bedrooms?: number;
    now: Date;
    afterSeq?: number;
    afterPrice?: number;
    afterRating?: number;
    bbox?: Bbox;
    size: number;
  },
): Promise<PageRow[]> {
  const shape: ListShape = {
    hostEmail: values.hostEmail !== undefined,
    dates: values.checkIn !== undefined && values.checkOut !== undefined,
    guests: values.guests !== undefined,
    after: values.afterSeq !== undefined,
    price: values.minPrice !== undefined || values.maxPrice !== undefined,
    bedrooms: values.bedrooms !== undefined,
    box: values.bbox !== undefined,
    boxWraps: values.bbox !== undefined && values.bbox.west > values.bbox.east,
    // Every box but a dated price sort (it has its own walks, ADR 0058): the walk tests the box
    // and the filters on the list's first boxWalkRows(sort) homes, then a GiST index if too few pass.
    boxWalk:
      values.bbox !== undefined && !(values.checkIn !== undefined && (sort === 'price_asc' || sort === 'price_desc')),
  };
  const fixedSize = values.size === HOMES_PAGE_DEFAULT + 1 ? values.size : null;
  const { bbox, ...rest } = values;
  const datedPrice = shape.dates && (sort === 'price_asc' || sort === 'price_desc');
  const bound = {
    ...rest,
    ...bbox,
    ...((shape.price || datedPrice) && {
      minPrice: values.minPrice ?? 0,
      maxPrice: values.maxPrice ?? PRICE_CENTS_TOP,
    }),
    ...(values.checkIn !== undefined &&
      values.checkOut !== undefined && { weekendNights: weekendNightsOf(values.checkIn, values.checkOut) }),
  };
  const rows = await listQuery(db, sort, shape, fixedSize)(bound);
  // The walk did not fill the page: the box is read by a GiST index (box-walk.ts).
  if (shape.boxWalk && rows.length < values.size) {
    return (await listQuery(db, sort, { ...shape, boxWalk: false }, fixedSize)(bound)).map(toPageRow);
  }
  return rows.map(toPageRow);
}

function listQuery(db: Db, sort: HomesSort, shape: ListShape, fixedSize: number | null) {
  const key = `${sort}_${Object.values(shape)
    .map((on) => +on)
    .join('')}_${fixedSize ?? 'n'}`;
  const lists = preparedFor(db).lists;
  let query = lists.get(key);
  if (!query) {
    query = prepareList(db, sort, shape, fixedSize);
    lists.set(key, query);
  }
  return query;
}
