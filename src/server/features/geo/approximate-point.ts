/**
 * The public point of a home (issue 29, ADR 0056): its exact point moved by a per-home random
 * offset, 200–500 m in a uniform direction, drawn once when the exact point is written and stored
 * (homes.approx_lat/approx_lng). Fixed, so reading a home many times gives the same point and
 * averaging the answers cannot find the pin; the exact point is never derived from it.
 */
import type { GeoPoint } from '#shared/schemas/geo';

const OFFSET_MIN_METRES = 200;
const OFFSET_MAX_METRES = 500;
const EARTH_RADIUS_METRES = 6_371_008.8;
const DEGREE = Math.PI / 180;

/** Six decimals (about 0.1 m): both copies of a Home (SQL and TypeScript) print the same digits. */
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

export function roundPoint(point: GeoPoint): GeoPoint {
  return { lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * DEGREE;
  const dLng = (b.lng - a.lng) * DEGREE;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEGREE) * Math.cos(b.lat * DEGREE) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The point `metres` away from `from` in direction `bearing` (radians from north), on the sphere:
 * exact near the poles and across the antimeridian, where a flat offset would not be.
 */
export function destination(from: GeoPoint, metres: number, bearing: number): GeoPoint {
  const angle = metres / EARTH_RADIUS_METRES;
  const lat1 = from.lat * DEGREE;
  const lng1 = from.lng * DEGREE;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  // Back into [-180, 180).
  const lng = ((((lng2 / DEGREE + 180) % 360) + 360) % 360) - 180;
  return { lat: lat2 / DEGREE, lng };
}

/**
 * The exact point moved by a fresh random offset (`random` is Math.random unless a caller needs a
 * fixed draw). The distance is uniform in the band, so no answer is closer than 200 m.
 */
export function approximatePoint(exact: GeoPoint, random: () => number = Math.random): GeoPoint {
  // A metre inside the band each side: rounding to six decimals moves the point by at most 0.1 m.
  const metres = OFFSET_MIN_METRES + 1 + random() * (OFFSET_MAX_METRES - OFFSET_MIN_METRES - 2);
  return roundPoint(destination(exact, metres, random() * 2 * Math.PI));
}

/** The columns of a home's point: the exact one rounded, and a new approximate one. */
export function pointColumns(exact: GeoPoint) {
  const point = roundPoint(exact);
  const approx = approximatePoint(point);
  return { lat: point.lat, lng: point.lng, approxLat: approx.lat, approxLng: approx.lng };
}
