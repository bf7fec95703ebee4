/**
 * A public place search that walks one place, newest first (the default order) or by price (ADR
 * 0081: one-place-price-walk.ts): the term names one place, or no place contains it and it has one
 * closest spelling. Such a page needs none of what search_place_page does for many places (the
 * shares of the page, the merge by rank, the match row): it is that function's walk of one place
 * as a statement of its own, read as a list is (ADR 0080). Measured at 1,000,000 homes,
 * PostgreSQL's CPU for a page of an exact place: 250 µs through the function, 80 µs as one index
 * walk; dated with filters, about 400 → 240 µs. Newest first:
 * - Without a filter, homes_location_idx walked in order, each home read as the walk meets it:
 *   every home it meets is on the page.
 * - With dates or a filter, the same walk tests each entry on the index alone (the columns
 *   search_home_fits and search_dated_price_fits read are in it: an index-only scan), then reads
 *   the page's homes by primary key: a fully booked place passes no home, and reads none.
 * The filters are the function's own (search_home_fits, search_dated_price_fits, and the live
 * holds), so a place reads the same homes either way; a filter not asked for is not in the text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { HOMES_PAGE_DEFAULT } from '#shared/constants';
import type { Db } from '#server/db/client';
import { homeRowsReader, PAGE_COLUMNS, toPageRow, type PageRow } from './home-rows';
import { stayTermsOfRow } from './stay-terms';
import { weekendNightsOf } from './dated-price-list';
import { onePlacePriceWalk, placeWalkFits, placeWalkValues, type OnePlacePriceShape } from './one-place-price-walk';

const p = sql.placeholder;

type OnePlaceSort = 'newest' | 'price_asc' | 'price_desc';

/** What varies the statement's text: the order, which filters are present, and whether the page continues a cursor. */
interface OnePlaceShape extends OnePlacePriceShape {
  sort: OnePlaceSort;
}

const shapeKey = ({ sort, ...filters }: OnePlaceShape, size: number | null) =>
  `${sort}_${Object.values(filters)
    .map((on) => +on)
    .join('')}_${size ?? 'n'}`;

/** The newest-first walk: rows (id, seq, price_cents) newest first, `limit` at most. */
function newestWalk(shape: OnePlaceShape, limit: SQL): SQL {
  const after = shape.after ? sql`and f.seq < ${p('afterSeq')}::bigint` : sql``;
  const v = placeWalkValues(shape);
  // As search_place_page's walk: with dates the price range is the nightly price for them.
  const dated = shape.dates
    ? sql`and search_dated_price_fits(f.id, f.price_cents, f.price_low_cents, f.price_high_cents,
        f.weekend_price_cents, f.has_price_periods, ${v.checkIn}, ${v.checkOut}, ${p('weekendNights')}::integer,
        ${v.minPrice}, ${v.maxPrice})`
    : sql``;
  return sql`select f.id, f.seq, f.price_cents
    from homes f
    where ${placeWalkFits('f', shape, !shape.dates, sql`${after} ${dated}`)}
    order by f.seq desc nulls last
    limit ${limit}`;
}

/** The page's order, on the page's rows. */
const ORDER: Record<OnePlaceSort, string> = {
  newest: 'page.seq desc nulls last',
  price_asc: 'page.price_cents asc, page.seq asc',
  price_desc: 'page.price_cents desc, page.seq desc',
};

function prepareOnePlace(db: Db, shape: OnePlaceShape, size: number | null) {
  const limit = size === null ? sql`${p('size')}::integer` : sql.raw(String(size));
  let page: SQL;
  if (shape.sort === 'newest' && !shape.dates && !shape.guests && !shape.bedrooms && !shape.price) {
    page = sql`(select h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json, null::text as stay_terms
      from homes h
      where h.location = ${p('place')} and h.unlisted_at is null ${shape.after ? sql`and h.seq < ${p('afterSeq')}::bigint` : sql``}
      order by h.seq desc nulls last
      limit ${limit})`;
  } else {
    const walk = shape.sort === 'newest' ? newestWalk(shape, limit) : onePlacePriceWalk(shape.sort, shape, limit);
    const stay = shape.dates ? stayTermsOfRow('g') : sql`null`;
    // Each home of the page read by primary key: a lateral lookup (limit 1: its id is unique). The
    // price is the walk's: with dates, the stay's nightly price the page is ordered by.
    page = sql`(select w.seq, w.price_cents, h.rating_sum, h.rating_count, h.api_json, h.stay_terms
      from (${walk}) as w
      cross join lateral (select g.rating_sum, g.rating_count, g.api_json, ${stay} as stay_terms
        from homes g where g.id = w.id limit 1) as h)`;
  }
  const column = (name: string) => (name === 'rank' ? sql`${p('rank')}::integer` : sql.raw(`page.${name}`)).as(name);
  const query = db
    .select(Object.fromEntries(PAGE_COLUMNS.map((name) => [name, column(name)])))
    .from(sql`${page} as page`)
    .orderBy(sql.raw(ORDER[shape.sort]));
  const name = `homes_one_place_${shapeKey(shape, size)}`;
  // One plan per connection: the place, the dates and the filters bound, the walk the same (ADR 0077).
  return homeRowsReader(db, name, query, PAGE_COLUMNS, 'generic');
}

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepareOnePlace>>>();

function onePlaceQuery(db: Db, shape: OnePlaceShape, size: number | null) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = shapeKey(shape, size);
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = prepareOnePlace(db, shape, size)));
  return query;
}

/** One page of a public place search of one place (`place`, ranked `rank`), newest first or by price. */
export async function selectOnePlacePage(
  db: Db,
  values: {
    sort: OnePlaceSort;
    place: string;
    rank: number;
    checkIn: string | null;
    checkOut: string | null;
    guests: number | null;
    now: Date;
    minPrice: number | null;
    maxPrice: number | null;
    bedrooms: number | null;
    afterRank: number | null;
    afterSeq: number | null;
    /** The cursor's price, in a price sort. */
    afterPrice: number | null;
    size: number;
  },
): Promise<PageRow[]> {
  // A cursor of a better rank's place has this place still ahead; of a worse one, nothing is left
  // (search_place_page's order: rank, then the walk).
  if (values.afterRank !== null && values.afterRank > values.rank) return [];
  const after =
    values.afterRank === values.rank &&
    values.afterSeq !== null &&
    (values.sort === 'newest' || values.afterPrice !== null);
  const dates = values.checkIn !== null && values.checkOut !== null;
  const shape: OnePlaceShape = {
    sort: values.sort,
    dates,
    guests: values.guests !== null,
    bedrooms: values.bedrooms !== null,
    price: values.minPrice !== null || values.maxPrice !== null,
    after,
  };
  const rows = await onePlaceQuery(
    db,
    shape,
    values.size === HOMES_PAGE_DEFAULT + 1 ? values.size : null,
  )({
    ...values,
    ...(dates && { weekendNights: weekendNightsOf(values.checkIn!, values.checkOut!) }),
  });
  return rows.map(toPageRow);
}
