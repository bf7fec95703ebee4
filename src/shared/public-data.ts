/**
 * The public pages' data port: what their route loaders read, in the browser from the API
 * (src/client/features/browse/lib/public-data.ts), on the server from the services directly
 * (src/server/features/ssr/ssr-data.ts), so a render never makes an HTTP call to its own process.
 * Both answer exactly the shared response schemas; a refusal is an ApiError on both sides (a missing
 * home: status 404). The server imports this contract, never the client's modules (ADR 0040).
 */
import type { Experience } from './experiences';
import type { PlaceMatch } from './place-match';
import type { Home, HomesSort } from './schemas/homes';
import type { HomeReviews } from './schemas/reviews';

export interface HomesFilter {
  limit?: number;
  location?: string;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** Whole dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** At least this many. */
  bedrooms?: number;
  sort?: HomesSort;
  /** A map's view, `west,south,east,north` (issue 29): replaces the place in the search. */
  bbox?: string;
}

export interface HomesPage {
  homes: Home[];
  /** The next page's URL (from the Link header), or null on the last page. */
  next: string | null;
  /** In a place search, what the place text matched (the Search-Match header); null otherwise. */
  match: PlaceMatch | null;
}

export interface PublicData {
  home(id: string, signal?: AbortSignal): Promise<Home>;
  /** The first page of homes for a filter (`next`: the API URL of the following page). */
  homesPage(filter: HomesFilter, signal?: AbortSignal): Promise<HomesPage>;
  experiences(signal?: AbortSignal): Promise<Experience[]>;
  /** The first page of a home's published reviews, with the averages. */
  homeReviews(homeId: string, signal?: AbortSignal): Promise<HomeReviews>;
}

/** GET /api/homes for a filter: the URL the browser fetches, and what the server render parses as that request. */
export function homesUrl(filter: HomesFilter = {}): string {
  const params = new URLSearchParams();
  if (filter.limit !== undefined) params.set('limit', String(filter.limit));
  if (filter.location) params.set('location', filter.location);
  if (filter.checkIn && filter.checkOut) {
    params.set('checkIn', filter.checkIn);
    params.set('checkOut', filter.checkOut);
  }
  if (filter.guests !== undefined) params.set('guests', String(filter.guests));
  if (filter.minPrice !== undefined) params.set('minPrice', String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set('maxPrice', String(filter.maxPrice));
  if (filter.bedrooms !== undefined) params.set('bedrooms', String(filter.bedrooms));
  if (filter.sort !== undefined) params.set('sort', filter.sort);
  if (filter.bbox) params.set('bbox', filter.bbox);
  const query = params.toString();
  return query ? `/api/homes?${query}` : '/api/homes';
}
