import { sql } from 'drizzle-orm';
import { PRICE_HISTOGRAM_BUCKETS, type PriceHistogram, type PriceHistogramQuery } from '#shared/schemas/search';
import type { Db } from '#server/db/client';
import { homeRowsReader } from '../homes/home-rows';
import type { RankedPlace } from './place-index';

const p = sql.placeholder;

/** The term as LIKE reads it literally: lower-cased (as the place search does) with \ % _ escaped. */
function likeEscaped(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

const HISTOGRAM_COLUMNS = ['dollars', 'homes', 'min_cents', 'max_cents', 'exact'] as const;

/**
 * Prepared once per database handle and read as the search pages are (home-rows.ts: on a pool,
 * the lean path, no Describe per run), not built per request: planning and mapping would cost
 * more than the run.
 */
function prepareHistogram(db: Db) {
  const query = db
    .select({
      dollars: sql`r.out_dollars`.as('dollars'),
      homes: sql`r.out_homes`.as('homes'),
      min_cents: sql`r.out_min_cents`.as('min_cents'),
      max_cents: sql`r.out_max_cents`.as('max_cents'),
      exact: sql`r.out_exact`.as('exact'),
    })
    .from(
      sql`price_histogram_dollars(${p('term')}::text, ${p('escaped')}::text, ${p('checkIn')}::date,
        ${p('checkOut')}::date, ${p('guests')}::integer, ${p('bedrooms')}::integer, ${p('now')}::timestamptz,
        ${p('sample')}::integer, ${p('places')}::jsonb) as r`,
    );
  return homeRowsReader(db, 'price_histogram', query, HISTOGRAM_COLUMNS);
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareHistogram>>();

function histogramFor(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = prepareHistogram(db);
    prepared.set(db, found);
  }
  return found;
}

/** An integer[] as either driver answers it: an array (PGlite) or PostgreSQL's text ('{1,2}'). */
function integers(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value);
  return text.length <= 2 ? [] : text.slice(1, -1).split(',').map(Number);
}

const integerOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Equal-width buckets in whole dollars over counts per price: from the lowest price (rounded down)
 * to the highest (rounded up), at most PRICE_HISTOGRAM_BUCKETS of them, each at least $1 wide.
 * A home of `c` cents is in bucket floor((c - minPrice × 100) / (width × 100)).
 * `range` widens that span to prices the counts may lack: a sample's counts (ADR 0072) need not
 * hold the cheapest and the dearest home, which the slider's range must still reach.
 */
export function toBuckets(
  rows: { priceCents: number; homes: number }[],
  exact: boolean,
  buckets = PRICE_HISTOGRAM_BUCKETS,
  range: { minCents: number | null; maxCents: number | null } = { minCents: null, maxCents: null },
): PriceHistogram {
  const found = rows.filter((r) => r.homes > 0);
  const prices = found.map((r) => r.priceCents);
  const ends = [range.minCents, range.maxCents].filter((c): c is number => c !== null);
  if (found.length === 0 && ends.length === 0) {
    return { minPrice: 0, maxPrice: 0, bucketWidth: 1, counts: [], total: 0, exact };
  }
  const minPrice = Math.floor(Math.min(...prices, ...ends) / 100);
  const maxPrice = Math.ceil(Math.max(...prices, ...ends) / 100);
  const bucketWidth = Math.max(1, Math.ceil((maxPrice - minPrice + 1) / buckets));
  const counts = new Array<number>(Math.floor((maxPrice - minPrice) / bucketWidth) + 1).fill(0);
  let total = 0;
  for (const row of found) {
    const index = Math.floor((row.priceCents - minPrice * 100) / (bucketWidth * 100));
    counts[index]! += row.homes;
    total += row.homes;
  }
  return { minPrice, maxPrice, bucketWidth, counts, total, exact };
}

/**
 * The price histogram of a search (its place, dates, guests, bedrooms; never its price range).
 * With a place it counts the search's own homes, from a sample when the places hold more than
 * `sample` homes (ADR 0072; the SQL default when absent), its range staying exact; without one it
 * comes from home_price_stats, exact unless dates are asked for, which it then does not check (ADR 0023).
 * `places`: those the search walks, ranked by the server (ADR 0075); absent, PostgreSQL matches them.
 */
export async function priceHistogram(
  db: Db,
  query: PriceHistogramQuery,
  now: Date,
  sample?: number,
  places?: RankedPlace[],
): Promise<PriceHistogram> {
  const dates = query.checkIn && query.checkOut ? { checkIn: query.checkIn, checkOut: query.checkOut } : null;
  const [found] = await histogramFor(db)({
    term: query.location ?? null,
    escaped: query.location ? likeEscaped(query.location) : null,
    checkIn: dates?.checkIn ?? null,
    checkOut: dates?.checkOut ?? null,
    guests: query.guests ?? null,
    bedrooms: query.bedrooms ?? null,
    now,
    sample: sample ?? null,
    places: places
      ? JSON.stringify(places.map((place) => ({ location: place.location, home_count: place.homes })))
      : null,
  });
  const dollars = integers(found?.dollars);
  const homes = integers(found?.homes);
  // A dollar's bucket does not depend on its cents; the range's ends carry the cents.
  const rows = dollars.map((dollar, i) => ({ priceCents: dollar * 100, homes: homes[i]! }));
  // The exact flag as either driver answers it (PGlite: a boolean; the lean path: 't' or 'f').
  const exact = found?.exact === null || found?.exact === undefined || found.exact === true || found.exact === 't';
  return toBuckets(rows, exact, PRICE_HISTOGRAM_BUCKETS, {
    minCents: integerOrNull(found?.min_cents),
    maxCents: integerOrNull(found?.max_cents),
  });
}
