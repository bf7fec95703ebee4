import { z } from 'zod';
import { parseBbox } from '../bbox';

/** A point on the earth in degrees (WGS 84), as homes and the gazetteer give it. */
const coordinates = {
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
};

export const geoPointSchema = z.object(coordinates).meta({ id: 'GeoPoint' });
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** A point a client sends (the host's pin): unknown fields are refused, as on every write. */
export const pinSchema = z.object(coordinates).strict();

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
