/** Where a written home is: the host's pin, else the gazetteer's point for its location (issue 29). */
import type { GeoPoint } from '#shared/schemas/geo';
import { invalid } from '#server/domain-errors';
import { lookupPlace } from './gazetteer';

/** The pin if one was placed, else the city the location names; a place nobody knows is a 400. */
export function homePoint(location: string, pin: GeoPoint | undefined): GeoPoint {
  if (pin) return pin;
  const place = lookupPlace(location);
  if (!place) {
    throw invalid(
      `We could not find "${location}" on the map. Place the pin on the map, or write the location as a city and country (Lisbon, Portugal).`,
      'place_not_found',
    );
  }
  return place.point;
}
