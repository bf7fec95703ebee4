/**
 * Reading the map's view from the /searchresult URL (issue 29). Its own file: the search loader,
 * part of every page's first JavaScript, needs only this; writing a view (bbox.ts) loads with the page.
 */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const inRange = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

/** A box from the URL, or null when it is absent or not one (a hand-edited link is read as no box). */
export function parseBbox(text: string | null | undefined): Bbox | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (![west, east].every((v) => inRange(v, 180)) || ![south, north].every((v) => inRange(v, 90))) return null;
  if (south >= north || west === east) return null;
  return { west, south, east, north };
}
