import { sql } from 'drizzle-orm';
import {
  PRICE_HISTOGRAM_BUCKETS,
  type PlaceSuggestions,
  type PriceHistogram,
  type PriceHistogramQuery,
} from '#shared/schemas/search';
import type { Db } from '#server/db/client';

const p = sql.placeholder;

/** The term as LIKE reads it literally: lower-cased (as the place search does) with \ % _ escaped. */
function likeEscaped(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Both reads are prepared once per database handle (as homes-queries does): parsing and planning
 * would cost more than these small statements take to run.
 */
function preparePlaces(db: Db) {
  return db
    .select({ location: sql<string>`m.location`, homes: sql<number>`m.home_count` })
    .from(
      // The places a search would find (migration 0021): those containing the term, or, only when
      // none does, the close spellings, closest first.
      sql`search_place_set(${p('term')}::text, ${p('escaped')}::text, ${p('limit')}::integer) as m`,
    )
    .orderBy(sql`m.place_rank`, sql`m.closeness desc`, sql`m.home_count desc`, sql`m.location`)
    .limit(p('limit'))
    .prepare('places_suggest');
}

function prepareHistogram(db: Db) {
  return db
    .select({ priceCents: sql<number>`r.out_price_cents`, homes: sql<number>`r.out_homes` })
    .from(
      sql`price_histogram_rows(${p('term')}::text, ${p('escaped')}::text, ${p('checkIn')}::date,
        ${p('checkOut')}::date, ${p('guests')}::integer, ${p('bedrooms')}::integer, ${p('now')}::timestamptz) as r`,
    )
    .prepare('price_histogram');
}

const prepared = new WeakMap<
  Db,
  { places: ReturnType<typeof preparePlaces>; histogram: ReturnType<typeof prepareHistogram> }
>();

function preparedFor(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = { places: preparePlaces(db), histogram: prepareHistogram(db) };
    prepared.set(db, found);
  }
  return found;
}

/**
 * Places that have homes, best match first: the places and ranks of a place search
 * (search_place_set, migration 0021: the city or whole words are the term, the city starts with
 * it, a word starts with it, inside a word; only when no place contains it, close spellings,
 * closest first), then the places with more homes, then by name.
 */
export async function suggestPlaces(db: Db, q: string, limit: number): Promise<PlaceSuggestions> {
  const rows = await preparedFor(db).places.execute({ term: q, escaped: likeEscaped(q), limit });
  return { places: rows.map((r) => ({ location: r.location, homes: Number(r.homes) })) };
}

/**
 * Equal-width buckets in whole dollars over counts per price: from the lowest price (rounded down)
 * to the highest (rounded up), at most PRICE_HISTOGRAM_BUCKETS of them, each at least $1 wide.
 * A home of `c` cents is in bucket floor((c - minPrice × 100) / (width × 100)).
 */
export function toBuckets(
  rows: { priceCents: number; homes: number }[],
  exact: boolean,
  buckets = PRICE_HISTOGRAM_BUCKETS,
): PriceHistogram {
  const found = rows.filter((r) => r.homes > 0);
  if (found.length === 0) return { minPrice: 0, maxPrice: 0, bucketWidth: 1, counts: [], total: 0, exact };
  const minPrice = Math.floor(Math.min(...found.map((r) => r.priceCents)) / 100);
  const maxPrice = Math.ceil(Math.max(...found.map((r) => r.priceCents)) / 100);
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
 * With a place it is exact; without one it comes from home_price_stats, exact unless dates are
 * asked for, which it then does not check (ADR 0023).
 */
export async function priceHistogram(db: Db, query: PriceHistogramQuery, now: Date): Promise<PriceHistogram> {
  const dates = query.checkIn && query.checkOut ? { checkIn: query.checkIn, checkOut: query.checkOut } : null;
  const rows = await preparedFor(db).histogram.execute({
    term: query.location ?? null,
    escaped: query.location ? likeEscaped(query.location) : null,
    checkIn: dates?.checkIn ?? null,
    checkOut: dates?.checkOut ?? null,
    guests: query.guests ?? null,
    bedrooms: query.bedrooms ?? null,
    now,
  });
  const exact = Boolean(query.location) || !dates;
  return toBuckets(
    rows.map((r) => ({ priceCents: Number(r.priceCents), homes: Number(r.homes) })),
    exact,
  );
}
