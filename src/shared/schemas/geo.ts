import { z } from 'zod';

/** A point on the earth in degrees (WGS 84), as homes and the gazetteer give it. */
const coordinates = {
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
};

export const geoPointSchema = z.object(coordinates).meta({ id: 'GeoPoint' });
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** A point a client sends (the host's pin): unknown fields are refused, as on every write. */
export const pinSchema = z.object(coordinates).strict();

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

export const bboxParam = z
  .string()
  .max(100)
  .superRefine((text, ctx) => {
    const parsed = parseBbox(text);
    if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
  })
  .meta({ example: '-9.25,38.68,-9.05,38.80' })
  .describe(
    'Map box in degrees, west,south,east,north (west > east: across the antimeridian); homes whose approximate ' +
      'point lies in it, edges included. Replaces the place (`location`) term (D107)',
  );

export const geocodeQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .describe('A place as typed: a city, optionally followed by a comma and a country name or ISO code'),
  })
  .strict();

/** GET /api/geocode: the most populous gazetteer city of that name (and country, when given). */
export const geocodeResultSchema = z
  .object({
    name: z.string(),
    country: z.string().describe('The country, in English'),
    point: geoPointSchema,
  })
  .meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
