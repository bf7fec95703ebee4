import { sql } from 'drizzle-orm';
import { PRICE_HISTOGRAM_BUCKETS, type PriceHistogram, type PriceHistogramQuery } from '#shared/schemas/search';
import type { Db } from '#server/db/client';
import type { RankedPlace } from './place-index';

const p = sql.placeholder;

/** The term as LIKE reads it literally: lower-cased (as the place search does) with \ % _ escaped. */
function likeEscaped(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Prepared once per database handle (as homes-queries does): planning would cost more than the run. */
function prepareHistogram(db: Db) {
  return db
    .select({
      dollars: sql<number[] | null>`r.out_dollars`,
      homes: sql<number[] | null>`r.out_homes`,
      minCents: sql<number | null>`r.out_min_cents`,
      maxCents: sql<number | null>`r.out_max_cents`,
      exact: sql<boolean | null>`r.out_exact`,
    })
    .from(
      sql`price_histogram_dollars(${p('term')}::text, ${p('escaped')}::text, ${p('checkIn')}::date,
        ${p('checkOut')}::date, ${p('guests')}::integer, ${p('bedrooms')}::integer, ${p('now')}::timestamptz,
        ${p('sample')}::integer, ${p('places')}::jsonb) as r`,
    )
    .prepare('price_histogram');
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
  const [found] = await histogramFor(db).execute({
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
  const dollars = found?.dollars ?? [];
  const homes = found?.homes ?? [];
  // A dollar's bucket does not depend on its cents; the range's ends carry the cents.
  const rows = dollars.map((dollar, i) => ({ priceCents: Number(dollar) * 100, homes: Number(homes[i]) }));
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return toBuckets(rows, found?.exact ?? true, PRICE_HISTOGRAM_BUCKETS, {
    minCents: num(found?.minCents),
    maxCents: num(found?.maxCents),
  });
}
