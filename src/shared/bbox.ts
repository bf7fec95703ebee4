/**
 * The map box as GET /api/homes and the /searchresult URL take it (issue 29). Its own zod-free file:
 * the search page's loader reads it on every page's first load, and the API validates with it.
 */

/** A map box in degrees; `west > east` means it crosses the antimeridian (180°). */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * `west,south,east,north` as GET /api/homes takes it, or the reason it is not one (a clear 400):
 * four finite numbers, latitudes in [-90, 90] with south ≤ north, longitudes in [-180, 180].
 */
export function parseBbox(text: string): Bbox | string {
  const parts = text.split(',');
  if (parts.length !== 4) return 'bbox must be four numbers: west,south,east,north';
  const numbers = parts.map((part) => (part.trim() === '' ? NaN : Number(part)));
  if (!numbers.every(Number.isFinite)) return 'bbox must be four finite numbers: west,south,east,north';
  const [west, south, east, north] = numbers as [number, number, number, number];
  if (south < -90 || north > 90 || south > 90 || north < -90) return 'bbox latitudes must be within -90 and 90';
  if ([west, east].some((lng) => lng < -180 || lng > 180)) return 'bbox longitudes must be within -180 and 180';
  if (south > north) return 'bbox south must not be above north';
  return { west, south, east, north };
}
