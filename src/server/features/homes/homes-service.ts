import { eq, getTableColumns } from 'drizzle-orm';
import { homeJson, PLACEHOLDER_IMAGE } from '#server/db/home-json-fields';
import type { Home, HomeUnlisted, HomesQuery, HomesSort } from '#shared/schemas/homes';
import type { PlaceMatch } from '#shared/place-match';
import { parseBbox } from '#shared/bbox';
import type { GeoPoint } from '#shared/schemas/geo';
import { invalid } from '#server/domain-errors';
import type { Db } from '#server/db/client';
import { homes } from '#server/db/schema';
import { homeFields, selectHomeView, selectListPage, selectPlacePage, type HomeHost } from './homes-queries';
import { selectOnePlacePage } from './one-place-page';
import type { PageRow } from './home-rows';
import { CLOSE_SPELLING_RANK, type RankedPlace } from '../search/place-index';

export type HomeRow = typeof homes.$inferSelect;

export type HomeFields = Pick<HomeRow, keyof typeof homeFields>;
export { homeFields };

export { PLACEHOLDER_IMAGE };

/** The Home of a row: the rule `home_api_json` is generated from (db/home-json-fields.ts). */
const homeJsonOfTable = homeJson(getTableColumns(homes));
export function toHome(row: HomeFields): Home {
  return homeJsonOfTable.toHome(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/**
 * Where a page ends, in the order it was asked for: the last row's sort key (price in cents, or
 * the rating sort's key as the review sum and count it is computed from), its insertion number
 * and, in a place search, its match rank. A cursor only continues the sort it was made in.
 */
export type HomesCursor = {
  seq: number;
  rank: number;
} & (
  | { sort: 'newest' }
  | { sort: 'price_asc' | 'price_desc'; priceCents: number }
  | { sort: 'rating'; ratingSum: number; ratingCount: number }
);

/** The last row of a page, as the cursor needs it. */
type CursorRow = Pick<HomeFields, 'seq' | 'priceCents' | 'ratingSum' | 'ratingCount'>;

const SORT_TAG: Record<HomesSort, string> = { newest: '', price_asc: 'pa', price_desc: 'pd', rating: 'rt' };

/**
 * The cursor is opaque to clients: base64url of `<tag><key>h<seq>` (+ `r<rank>` in a place search);
 * `newest` has no tag or key (`h<seq>`, as before sorts existed), `pa`/`pd` carry the price in
 * cents, `rt` the review sum and count (`rt<sum>.<count>`).
 */
function encodeCursor(sort: HomesSort, row: CursorRow, rank = 0): string {
  const key =
    sort === 'newest'
      ? ''
      : sort === 'rating'
        ? `rt${row.ratingSum}.${row.ratingCount}`
        : `${SORT_TAG[sort]}${row.priceCents}`;
  return Buffer.from(`${key}h${row.seq}${rank ? `r${rank}` : ''}`).toString('base64url');
}

/** The cursor's position, or null when it is malformed or was made in another sort than `sort`. */
export function decodeCursor(cursor: string, sort: HomesSort): HomesCursor | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(?:(pa|pd)(\d{1,10})|rt(\d{1,10})\.(\d{1,10}))?h(\d{1,15})(?:r([1-9]))?$/.exec(text);
  if (!match) return null;
  const [, priceTag, price, sum, count, seq, rank] = match;
  const tag = priceTag ?? (sum !== undefined ? 'rt' : '');
  if (tag !== SORT_TAG[sort]) return null;
  const at = { seq: Number(seq), rank: rank ? Number(rank) : 0 };
  if (sort === 'newest') return { sort, ...at };
  if (sort === 'rating') return { sort, ...at, ratingSum: Number(sum), ratingCount: Number(count) };
  return { sort, ...at, priceCents: Number(price) };
}

/** The rating sort's key, as homes.rating_sort computes it (migration 0015): -1 without reviews. */
function ratingSortKey(ratingSum: number, ratingCount: number): number {
  return ratingCount > 0 ? ratingSum / ratingCount : -1;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search cache key of a homes query (its defined parameters, sorted), shared by GET /api/homes
 * and the server render of the public pages, so both read the same cache entries.
 */
export function homesSearchKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export interface HomesPage {
  /** The page's homes as a JSON array of Home (each home's stored JSON, ADR 0027). */
  json: string;
  /** The same homes as read, each its own JSON text (a dated search adds each one's stay to it). */
  rows: PageRow[];
  nextCursor: string | null;
  /** In a place search, what the text matched (null without a place). */
  match: PlaceMatch | null;
}

/** A place rank (search_place_set, migration 0021) as the kind of match a client is told. */
function placeMatchKind(rank: number | null): PlaceMatch['kind'] {
  if (rank === null) return 'none';
  if (rank <= 1) return 'exact';
  if (rank <= 3) return 'prefix';
  return rank === CLOSE_SPELLING_RANK ? 'close' : 'partial';
}

/**
 * One page of homes in the asked order (`sort`, default newest). Every shape is an ordered index
 * walk that stops after a page (plans in docs/search-plans.md, ADR 0011 and 0020):
 * - a public search of one place, newest first or by price, is that place's walk alone
 *   (one-place-page.ts, ADR 0080, 0081);
 * - any other place search (search_place_page, migrations 0008 ... 0050) is given its places
 *   (`places`: the best 20, ranked by the caller from the places held in memory, ADR 0075; without
 *   them it decides them in home_locations), each ranked, best first: 0 the city (the part before the first
 *   comma) or the whole place is the term, 1 whole words of the place are the term, 2 the city
 *   starts with it, 3 a word starts with it, 4 a word contains it; only when no place contains the
 *   term, the one closest spelling (5: "Lisbn" finds "Lisbon, Portugal", but "Porto" never does,
 *   ADR 0036); per place it walks the sort's index (location, key, seq) until it has a page of
 *   homes that pass the filters (newest first: its share of the page, then only while it can still
 *   reach the page); the short walks are merged by (rank, key, seq). The place rank
 *   stays first in every sort: a look-alike place never comes before the place that was typed;
 * - any other list walks the sort's index (seq, or (key, seq)), filtering each row; with dates a
 *   price sort merges that walk of the plain homes with the homes whose dated prices can reach its
 *   page, priced for the stay (dated-price-list.ts, ADR 0058).
 * Ties in the key go by seq: newest first, except price_asc, which walks the same index as
 * price_desc forwards (the older of two equal prices first).
 */
export async function listHomes(
  db: Db,
  query: HomesQuery & { after?: HomesCursor; hostEmail?: string; places?: RankedPlace[] },
  now: Date,
): Promise<HomesPage> {
  const size = query.limit + 1;
  const sort = query.sort ?? 'newest';
  const dates = query.checkIn && query.checkOut ? { checkIn: query.checkIn, checkOut: query.checkOut } : null;
  const after = query.after;
  const filters = {
    minPrice: query.minPrice === undefined ? null : query.minPrice * 100,
    maxPrice: query.maxPrice === undefined ? null : query.maxPrice * 100,
    bedrooms: query.bedrooms ?? null,
  };
  const afterKey = {
    afterSeq: after ? after.seq : null,
    afterPrice: after && 'priceCents' in after ? after.priceCents : null,
    afterRating: after?.sort === 'rating' ? ratingSortKey(after.ratingSum, after.ratingCount) : null,
  };
  let rows: PageRow[];
  let match: PlaceMatch | null = null;
  // A map box replaces the place (D107): the map view is the place; the client keeps the text as a label.
  const bbox = query.bbox === undefined ? undefined : parseBbox(query.bbox);
  if (typeof bbox === 'string') throw invalid(bbox, 'invalid_bbox');
  const onePlace = query.places?.length === 1 ? query.places[0]! : null;
  if (query.location && !bbox && onePlace && sort !== 'rating' && !query.hostEmail) {
    // One place, newest first or by price: its walk alone (one-place-page.ts, ADR 0080, 0081).
    rows = await selectOnePlacePage(db, {
      sort,
      place: onePlace.location,
      rank: onePlace.rank,
      checkIn: dates?.checkIn ?? null,
      checkOut: dates?.checkOut ?? null,
      guests: query.guests ?? null,
      now,
      ...filters,
      afterRank: after ? after.rank : null,
      afterSeq: afterKey.afterSeq,
      afterPrice: afterKey.afterPrice,
      size,
    });
    match = { query: query.location, place: onePlace.location, kind: placeMatchKind(onePlace.rank) };
  } else if (query.location && !bbox) {
    // Places by substring, or the closest spelling when none contains it ("Lisbn").
    const found = await selectPlacePage(db, {
      term: query.location,
      escaped: escapeLike(query.location.toLowerCase()),
      checkIn: dates?.checkIn ?? null,
      checkOut: dates?.checkOut ?? null,
      guests: query.guests ?? null,
      hostEmail: query.hostEmail ?? null,
      now,
      ...filters,
      sort,
      afterRank: after ? after.rank : null,
      ...afterKey,
      size,
      places: query.places ?? null,
    });
    rows = found.rows;
    match = {
      query: query.location,
      place: found.match?.place ?? null,
      kind: placeMatchKind(found.match?.rank ?? null),
    };
  } else {
    rows = await selectListPage(db, sort, {
      hostEmail: query.hostEmail || undefined,
      ...dates,
      guests: query.guests,
      minPrice: filters.minPrice ?? undefined,
      maxPrice: filters.maxPrice ?? undefined,
      bedrooms: filters.bedrooms ?? undefined,
      now,
      afterSeq: afterKey.afterSeq ?? undefined,
      afterPrice: afterKey.afterPrice ?? undefined,
      afterRating: afterKey.afterRating ?? undefined,
      bbox,
      size,
    });
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    json: `[${page.map((row) => row.json).join(',')}]`,
    rows: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor(sort, last, last.rank) : null,
    match,
  };
}

/** One home as the public detail page shows it, with its host: one primary-key lookup (prepared). */
export async function findHomeView(db: Db, id: string, now: Date) {
  if (!isUuid(id)) return null;
  return (await selectHomeView(db, id, now)) ?? null;
}

/**
 * A home's stored JSON (homes.api_json, ADR 0027) with its host added, and its exact point for
 * those who may see it: GET /api/home/:id's answer.
 */
export function homeWithHostJson(
  json: string,
  host: HomeHost | null,
  exactPoint?: GeoPoint,
  unlisted?: HomeUnlisted | null,
): string {
  const exact = exactPoint ? `,"exactPoint":${JSON.stringify(exactPoint)}` : '';
  const why = unlisted ? `,"unlisted":${JSON.stringify(unlisted)}` : '';
  return `${json.slice(0, -1)},"host":${JSON.stringify(host)}${exact}${why}}`;
}

export async function findHome(db: Db, id: string): Promise<HomeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(homes).where(eq(homes.id, id)).limit(1);
  return row ?? null;
}
