/**
 * The map's view in the /searchresult URL (issue 29): `bbox=west,south,east,north` in degrees, as
 * GET /api/homes takes it (west > east: the box crosses the antimeridian). Light on purpose: the
 * search page imports it, and its first load must not carry the map.
 */
import { parseBbox, type Bbox } from '#shared/bbox';

export type { Bbox } from '#shared/bbox';

/** The box in the URL, read as the API reads it; absent or not a box (a hand-edited link): null, no box. */
export function bboxFromUrl(text: string | null | undefined): Bbox | null {
  const box = text ? parseBbox(text) : null;
  return typeof box === 'string' ? null : box;
}

/** Wraps a longitude into -180..180 (a map panned round the world reports 190 or -200). */
export function wrapLng(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * Decimals enough for the box's size: a city's view keeps 4 (about 10 m), a country 2, the world 0.
 * Short, shareable URLs, and a view moved by a pixel or two does not make a new search.
 */
function decimalsFor(span: number): number {
  if (span >= 60) return 0;
  if (span >= 6) return 1;
  if (span >= 0.6) return 2;
  if (span >= 0.06) return 3;
  return 4;
}

const round = (value: number, decimals: number) => {
  const rounded = Number(value.toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
};

/**
 * The URL text of a map's view. A view wider than the world is the whole world; longitudes are
 * wrapped (a view across the antimeridian comes out as west > east, which the API reads so).
 */
export function formatBbox(box: Bbox): string {
  const lngSpan = box.east - box.west;
  const whole = lngSpan >= 360;
  const west = whole ? -180 : wrapLng(box.west);
  const east = whole ? 180 : wrapLng(box.east);
  const south = Math.max(-90, box.south);
  const north = Math.min(90, box.north);
  const decimals = decimalsFor(Math.max(whole ? 360 : lngSpan, north - south));
  return [west, south, east, north].map((v) => round(v, decimals)).join(',');
}

/** The search URL with the map's box set (or removed); the other parameters and their order are kept. */
export function withBbox(params: URLSearchParams, box: Bbox | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (box) next.set('bbox', formatBbox(box));
  else next.delete('bbox');
  return next;
}

/** The box's [[west, south], [east, north]] for fitting a map to it; a box across the antimeridian gets east + 360. */
export function boundsOf(box: Bbox): [[number, number], [number, number]] {
  const east = box.east < box.west ? box.east + 360 : box.east;
  return [
    [box.west, box.south],
    [east, box.north],
  ];
}
