import { z } from 'zod';

/** A point on the Earth in degrees (issue 29): a home's approximate or exact location, a pin, a geocoded place. */
export const geoPointSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** GET /api/geocode?q=: the offline gazetteer's best place for a typed location (the host form's pin starts there). */
export const geocodeResultSchema = z.object({ name: z.string(), country: z.string(), point: geoPointSchema });
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
