import type { PlaceSuggester } from './place-suggestions';
import type { RankedPlace } from './place-index';

/** How many places a place search (and its price histogram) walks at most: the best by rank, then homes (ADR 0058). */
const SEARCH_PLACES_MAX = 20;

/**
 * The places a place search walks, ranked by this process from the places it holds in memory for
 * the suggestions (ADR 0075), so PostgreSQL does not match the term against every place on each
 * search: those containing the term, else its closest spelling (ADR 0080). Undefined when the
 * memory has neither: PostgreSQL then matches the term (a place newer than the memory's copy).
 */
export async function placesToWalk(places: PlaceSuggester, term: string): Promise<RankedPlace[] | undefined> {
  const best = await places.bestPlaces(term, SEARCH_PLACES_MAX);
  return best.length > 0 ? best : undefined;
}
