/** Where a written home is: the host's pin, else the gazetteer's point for its location (issue 29). */
import type { GeoPoint } from '#shared/schemas/geo';
import { lookupPlace } from './gazetteer';

/** The Royal Observatory, Greenwich: where migration 0032 put older homes nobody could place. */
const GREENWICH: GeoPoint = { lat: 51.4779, lng: -0.0015 };

/** The gazetteer's point for a typed place ("Lisbon, Portugal"), or null when it knows none. */
export function placePoint(location: string): GeoPoint | null {
  return lookupPlace(location)?.point ?? null;
}

/**
 * The pin if one was placed, else the city the location names. A place the gazetteer does not know
 * is still a home (the spec's create body has no pin, and small villages are missing: D108): it goes
 * to the city its time zone is named after (Europe/Lisbon: Lisbon), else Greenwich, as migration
 * 0032 placed older homes, and its host moves the pin from the edit form.
 */
export function homePoint(location: string, pin: GeoPoint | undefined, timeZone: string): GeoPoint {
  if (pin) return pin;
  const zoneCity = timeZone.slice(timeZone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return placePoint(location) ?? (timeZone.includes('/') ? placePoint(zoneCity) : null) ?? GREENWICH;
}
