/**
 * GET /api/homes as a service: the one reading of a homes query (cursor, earliest arrival), the
 * search cache and the next page's URL, for the API route and for the server render of the public
 * pages (src/server/features/ssr/ssr-data.ts), so both answer and refuse alike.
 */
import type { Home, HomesQuery } from '#shared/schemas/homes';
import { earliestCheckIn } from '#shared/time-zones';
import type { AppContext } from '#server/app-context';
import { invalid } from '#server/domain-errors';
import { placesToWalk } from '../search/places-to-walk';
import { withStayPrices } from './search-stay-prices';
import { unlistedReasons } from './home-unlisted';
import { decodeCursor, homesSearchKey, listHomes, type HomesCursor, type HomesPage } from './homes-service';

export interface HomesListing extends Omit<HomesPage, 'rows'> {
  /** The API URL of the following page (the Link header's rel="next"), or null on the last page. */
  next: string | null;
}

/**
 * A search across homes asks from the earliest check-in on (a day before today in UTC: a guest west
 * of UTC may still be on yesterday's date); GET /api/homes and the price histogram refuse alike.
 */
export function refuseArrivalInPast(checkIn: string | undefined, now: Date): void {
  if (checkIn !== undefined && checkIn < earliestCheckIn(now)) {
    throw invalid(`Arrival is in the past (checkIn ${checkIn}): search from today on.`, 'arrival_in_past');
  }
}

/** Where the page continues: a cursor continues only the sort it was made in (from another sort, or edited, it is refused). */
function cursorOf(query: HomesQuery): HomesCursor | undefined {
  if (query.cursor === undefined) return undefined;
  const cursor = decodeCursor(query.cursor, query.sort ?? 'newest');
  if (cursor === null) throw invalid('The cursor is not valid for this search', 'invalid_cursor');
  return cursor;
}

function nextUrl(query: HomesQuery, nextCursor: string | null): string | null {
  if (!nextCursor) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && key !== 'cursor') params.set(key, String(value));
  }
  params.set('cursor', nextCursor);
  return `/api/homes?${params.toString()}`;
}

/** A map box replaces the place: it walks no places. */
function placesOf(ctx: AppContext, query: HomesQuery) {
  if (!query.location || query.bbox !== undefined) return undefined;
  return placesToWalk(ctx.places, query.location);
}

/** The public search (every home, no host filter): the hot path, read through the search cache. */
export async function searchPublicHomes(ctx: AppContext, query: HomesQuery): Promise<HomesListing> {
  if (query.email !== undefined) throw invalid('A host list is not a public search', 'invalid_request');
  const after = cursorOf(query);
  const now = ctx.clock.now();
  refuseArrivalInPast(query.checkIn, now);
  const page = await ctx.searchCache.get(homesSearchKey(query), async () => {
    const places = await placesOf(ctx, query);
    const { rows, ...found } = await listHomes(ctx.db, { ...query, after, places }, now);
    const { checkIn, checkOut } = query;
    if (checkIn === undefined || checkOut === undefined || rows.length === 0) return found;
    const stay = { checkIn, checkOut, guests: query.guests ?? 1 };
    return { ...found, json: withStayPrices(ctx, rows, stay, now) };
  });
  return { ...page, next: nextUrl(query, page.nextCursor) };
}

/** A host's own homes (manage-home; the caller checked who may ask): always read fresh. */
export async function listHostHomes(ctx: AppContext, query: HomesQuery & { email: string }): Promise<HomesListing> {
  const after = cursorOf(query);
  const now = ctx.clock.now();
  refuseArrivalInPast(query.checkIn, now);
  const places = await placesOf(ctx, query);
  const { rows: _each, ...page } = await listHomes(ctx.db, { ...query, after, hostEmail: query.email, places }, now);
  return { ...page, json: await withUnlisted(ctx, page.json), next: nextUrl(query, page.nextCursor) };
}

/** The host's list marks each home moderation unlisted, with why (the admin's note of the report). */
async function withUnlisted(ctx: AppContext, json: string): Promise<string> {
  const list = JSON.parse(json) as Home[];
  if (!list.length) return json;
  const why = await unlistedReasons(
    ctx.db,
    list.map((home) => home._id),
  );
  if (!why.size) return json;
  return JSON.stringify(list.map((home) => (why.has(home._id) ? { ...home, unlisted: why.get(home._id) } : home)));
}
