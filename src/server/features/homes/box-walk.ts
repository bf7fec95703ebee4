/**
 * A list's map box (bbox, issue 29, ADR 0056, 0068): the box and the filters its index entries
 * answer, tested either by a GiST index or on the first homes of the list's own index walk.
 */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { homes } from '#server/db/schema';
import type { HomesSort } from '#shared/schemas/homes';

const p = sql.placeholder;

/**
 * A map box without other filters is first answered by the list's own index walk (newest, price or
 * rating order) over at most this many homes, testing each one's point: a world or country
 * box fills its page within a few hundred rows, where the GiST index would read every home in the
 * box (1,000,000 for the world: seconds) to sort them. Only when those rows do not fill the page
 * (a small or sparse box, or the list's end) is the box read by the GiST index; that box then
 * holds few homes (fewer than about a page per BOX_WALK_ROWS homes of the list). Issue 29.
 */
const BOX_WALK_ROWS = 4_000;
/**
 * Newest first walks homes_box_walk_idx, whose entries carry the point and the filters' columns
 * (an index-only scan, ADR 0068): 20,000 entries cost about what 1,000 rows did (0.7 ms measured at
 * 1,000,000 homes), so a city box with filters few of its homes pass still fills its page from the walk.
 */
const BOX_WALK_INDEX_ROWS = 20_000;
const boxWalkRows = (sort: HomesSort) => (sort === 'newest' ? BOX_WALK_INDEX_ROWS : BOX_WALK_ROWS);
/** The point the homes_approx_point_idx GiST index is on (migration 0032, ADR 0056): the public one. */
const publicPoint = sql`point(${homes.approxLng}, ${homes.approxLat})`;
const boxOf = (west: SQL, east: SQL) =>
  sql`${publicPoint} <@ box(point(${west}, ${p('south')}::double precision), point(${east}, ${p('north')}::double precision))`;
const westBound = sql`${p('west')}::double precision`;
const eastBound = sql`${p('east')}::double precision`;
/** Edges included (`<@` on a box is inclusive); across 180° the box is its two halves. */
const IN_BOX = boxOf(westBound, eastBound);
const IN_WRAPPED_BOX = sql`(${boxOf(westBound, sql`180::double precision`)} or ${boxOf(sql`-180::double precision`, eastBound)})`;

/** The same tests on a walked entry (`w`, the walk's columns). */
const walkBoxOf = (west: SQL, east: SQL) =>
  sql`point(w.approx_lng, w.approx_lat) <@ box(point(${west}, ${p('south')}::double precision), point(${east}, ${p('north')}::double precision))`;
const WALK_IN_BOX = walkBoxOf(westBound, eastBound);
const WALK_IN_WRAPPED_BOX = sql`(${walkBoxOf(westBound, sql`180::double precision`)} or ${walkBoxOf(sql`-180::double precision`, eastBound)})`;

/**
 * Some night of the home costs at most maxPrice and some night at least minPrice: true of every home
 * the price filter keeps, with or without dates (a stay's nightly price is between its cheapest and
 * dearest night, price_low_cents and price_high_cents, ADR 0058), and answered by an index entry.
 */
const PRICE_SPAN = sql`coalesce(${homes.priceLowCents}, ${homes.priceCents}) <= ${p('maxPrice')}::integer
  and coalesce(${homes.priceHighCents}, ${homes.priceCents}) >= ${p('minPrice')}::integer`;
const WALK_PRICE_SPAN = sql`coalesce(w.price_low_cents, w.price_cents) <= ${p('maxPrice')}::integer
  and coalesce(w.price_high_cents, w.price_cents) >= ${p('minPrice')}::integer`;

/** What of a list's shape the box's tests depend on. */
interface BoxShape {
  hostEmail: boolean;
  guests: boolean;
  after: boolean;
  price: boolean;
  bedrooms: boolean;
  boxWraps: boolean;
}

/**
 * WHERE parts of a box read by a GiST index (no walk, or the walk did not fill the page): the box,
 * and, with a price filter, the price span it implies, spelled out so homes_box_filters_idx tests
 * it in its entries.
 */
export function boxFilters(shape: BoxShape): SQL[] {
  const filters = [shape.boxWraps ? IN_WRAPPED_BOX : IN_BOX];
  if (shape.price) filters.push(PRICE_SPAN);
  return filters;
}

/**
 * The FROM part, the select fields (`columns`: name → its expression on `homes`) and the order of
 * a box tested on the list's own index walk, at most boxWalkRows(sort) homes by the sort key. What
 * a walked entry carries (the point, bedrooms, guests, the span of prices its nights can have) is
 * tested there; only the homes that pass are read by seq with the box and every other filter
 * (`filters`, on `homes`). The LIMIT 1 keeps that read a per-home lookup: flattened into a join,
 * PostgreSQL read every home in the box and sorted (seconds). `order` is the list's: where it
 * continues after the cursor, and its order.
 */
export function boxWalk(
  sort: HomesSort,
  shape: BoxShape,
  order: { after: SQL; orderBy: SQL[] },
  filters: SQL[],
  columns: Record<string, SQL>,
): { from: SQL; fields: Record<string, SQL.Aliased>; orderBy: SQL[] } {
  const sortKey: Record<HomesSort, SQL> = {
    newest: sql``,
    price_asc: sql`, ${homes.priceCents} as w_price`,
    price_desc: sql`, ${homes.priceCents} as w_price`,
    rating: sql`, ${homes.ratingSort} as w_rating`,
  };
  const entry = and(
    sql`${shape.boxWraps ? WALK_IN_WRAPPED_BOX : WALK_IN_BOX}`,
    shape.guests ? sql`w.total_guest >= ${p('guests')}` : undefined,
    shape.bedrooms ? sql`w.bedrooms >= ${p('bedrooms')}` : undefined,
    shape.price ? WALK_PRICE_SPAN : undefined,
  );
  const walk = sql`(select w.* from (select ${homes.seq} as w_seq, ${homes.approxLng} as approx_lng,
        ${homes.approxLat} as approx_lat, ${homes.bedrooms} as bedrooms, ${homes.totalGuest} as total_guest,
        ${homes.priceCents} as price_cents, ${homes.priceLowCents} as price_low_cents,
        ${homes.priceHighCents} as price_high_cents${sortKey[sort]}
      from ${homes} where ${and(shape.hostEmail ? undefined : isNull(homes.unlistedAt), shape.after ? order.after : undefined)}
      order by ${sql.join(order.orderBy, sql`, `)} limit ${sql.raw(String(boxWalkRows(sort)))}) w
      where ${entry}) walk`;
  const inBox = shape.boxWraps ? IN_WRAPPED_BOX : IN_BOX;
  const selected = sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const found = sql`${walk} cross join lateral (select ${selected} from ${homes}
      where ${homes.seq} = walk.w_seq and ${and(...filters, inBox)} limit 1) h`;
  const walkOrder: Record<HomesSort, SQL[]> = {
    newest: [sql`walk.w_seq desc`],
    price_asc: [sql`walk.w_price`, sql`walk.w_seq`],
    price_desc: [sql`walk.w_price desc`, sql`walk.w_seq desc`],
    rating: [sql`walk.w_rating desc`, sql`walk.w_seq desc`],
  };
  return {
    from: found,
    fields: Object.fromEntries(Object.keys(columns).map((column) => [column, sql.raw(`h.${column}`).as(column)])),
    orderBy: walkOrder[sort],
  };
}
