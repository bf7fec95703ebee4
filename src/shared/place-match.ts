/**
 * How a place search's text was matched (issue 25, ADR 0036): `exact` the city, the whole place or
 * whole words of it are the text; `prefix` the city or a word starts with it; `partial` a word
 * contains it; `close` no place contains it and `place` is the closest spelling, the only place
 * searched; `none` no place with homes matches. `place` is the best-matched place (null with
 * `none`). GET /api/homes sends it, percent-encoded JSON, in the Search-Match header of a place
 * search. Without zod, so the browser's first load can read it (ADR 0025).
 */
export const PLACE_MATCH_KINDS = ['exact', 'prefix', 'partial', 'close', 'none'] as const;
export interface PlaceMatch {
  query: string;
  place: string | null;
  kind: (typeof PLACE_MATCH_KINDS)[number];
}
export const SEARCH_MATCH_HEADER = 'search-match';

/** The city of a place: its text before the first comma ("Lisbon" of "Lisbon, Portugal"). */
export function cityOf(place: string): string {
  return place.split(',')[0]!.trim();
}
