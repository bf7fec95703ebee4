import { cityOf, type PlaceMatch } from '#shared/place-match';

/**
 * The place a results page is about: what was typed, or, when a close spelling was searched
 * instead, that place's city ("Lisbon" for "Lisbn"). A city typed in other letter case reads as
 * the place writes it ("porto" → "Porto").
 */
export function placeHeading(typed: string, match: PlaceMatch | null): string {
  if (!match?.place) return typed;
  const city = cityOf(match.place);
  if (match.kind === 'close') return city;
  return city.toLowerCase() === typed.trim().toLowerCase() ? city : typed;
}
