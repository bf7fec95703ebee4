/**
 * The places that have homes, held in memory for the suggestions (GET /api/places, ADR 0064).
 * They are typed at every keystroke: matching and ranking 5,000 names here costs a few
 * microseconds, where asking PostgreSQL cost more than the rest of the request. The ranks and the
 * order are those of search_place_set (migrations 0021 and 0036), so the answers are the same:
 * - a term of one or two letters: the places whose name starts with it, the city that is the term
 *   first (rank 0, else 2); only when none starts with it, the places containing it, as below;
 * - the places containing the term: 0 the city or the whole place is the term, 1 whole words of
 *   the place are the term, 2 the city starts with it, 3 a word starts with it, 4 inside a word;
 * - within a rank, more homes first, then the place's name in the database's own order (the load
 *   is sorted by PostgreSQL, so its collation decides, as in the query it replaces);
 * - only when no place contains the term, the close spellings of search_place_close (migration
 *   0021): the places whose pg_trgm word similarity to the term reaches 0.6, the closest first,
 *   then more homes, then the name — computed here by a port of pg_trgm (word-similarity.ts,
 *   ADR 0073), where asking PostgreSQL planned pg_trgm's estimates anew on each connection's
 *   first calls (~10 ms: the bench's p99).
 */
import type { PlaceSuggestions } from '#shared/schemas/search';
import {
  trigramsInOrder,
  trigramText,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
  type TrigramText,
} from './word-similarity';

interface Place {
  location: string;
  homes: number;
  /** lower(location). */
  lower: string;
  /** lower(trim(split_part(location, ',', 1))): the city. */
  city: string;
  /** ' ' || translate(lower(location), ',', ' ') || ' ': whole words are ' word '. */
  words: string;
  /** Position in PostgreSQL's ORDER BY location. */
  order: number;
  /** pg_trgm's trigrams of the name, in order (word-similarity.ts). */
  words3: TrigramText;
}

export interface PlaceRow {
  location: string;
  homes: number;
}

export interface PlaceIndex {
  size: number;
  /** The containing or prefix matches, best first; null when no place contains the term. */
  match(term: string, limit: number): PlaceSuggestions['places'] | null;
  /** search_place_close(term, limit): the close spellings, closest first (asked when `match` found none). */
  close(term: string, limit: number): PlaceSuggestions['places'];
}

/** PostgreSQL's trim() (spaces only, not every white space as String.prototype.trim). */
const trimSpaces = (s: string) => s.replace(/^ +| +$/g, '');

/** Best first within a rank: more homes, then the database's order of names. */
const byHomesThenName = (a: Place, b: Place) => b.homes - a.homes || a.order - b.order;

function codePoints(s: string): string[] {
  return Array.from(s);
}

/** Every three consecutive UTF-16 units: a term of three or more is looked up by its rarest one. */
function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

function push<K>(map: Map<K, Place[]>, key: K, place: Place) {
  const list = map.get(key);
  if (list) list.push(place);
  else map.set(key, [place]);
}

/** `rows` in PostgreSQL's ORDER BY location. */
export function buildPlaceIndex(rows: PlaceRow[]): PlaceIndex {
  const places: Place[] = rows.map((r, order) => {
    const lower = r.location.toLowerCase();
    return {
      location: r.location,
      homes: r.homes,
      lower,
      city: trimSpaces(r.location.split(',')[0]!).toLowerCase(),
      words: ` ${lower.replaceAll(',', ' ')} `,
      order,
      words3: trigramText(r.location),
    };
  });
  const ranked = [...places].sort(byHomesThenName);
  // Each list below is filled in `ranked` order, so it is already best first.
  const byPrefix = new Map<string, Place[]>();
  const byCity = new Map<string, Place[]>();
  const byTrigram = new Map<string, Place[]>();
  /** pg_trgm trigram -> the places that have it, once each. */
  const byWordTrigram = new Map<string, Place[]>();
  for (const place of places) for (const trigram of place.words3.distinct) push(byWordTrigram, trigram, place);
  for (const place of ranked) {
    const letters = codePoints(place.lower);
    if (letters.length >= 1) push(byPrefix, letters[0]!, place);
    if (letters.length >= 2) push(byPrefix, letters[0]! + letters[1]!, place);
    push(byCity, place.city, place);
    for (const trigram of trigrams(place.lower)) push(byTrigram, trigram, place);
  }

  const view = (list: Place[]) => list.map((p) => ({ location: p.location, homes: p.homes }));

  /** search_place_set's first keystrokes: the best places whose name starts with the term. */
  function startingWith(term: string, limit: number): Place[] {
    const starting = byPrefix.get(term) ?? [];
    const first = (byCity.get(term) ?? []).filter((p) => p.lower.startsWith(term)).slice(0, limit);
    const out = [...first];
    for (const place of starting) {
      if (out.length >= limit) break;
      if (place.city !== term) out.push(place);
    }
    return out;
  }

  /** search_place_containing's ranks. */
  function rankOf(place: Place, term: string, words: string): number {
    if (place.city === term || place.lower === term) return 0;
    if (place.words.includes(words)) return 1;
    if (place.city.startsWith(term)) return 2;
    if (place.lower.startsWith(term) || place.lower.includes(` ${term}`) || place.lower.includes(`,${term}`)) return 3;
    return 4;
  }

  function containing(term: string, limit: number): Place[] {
    let candidates: Place[] = places;
    const grams = [...trigrams(term)];
    if (grams.length > 0) {
      candidates = [];
      let fewest = Infinity;
      for (const gram of grams) {
        const list = byTrigram.get(gram) ?? [];
        if (list.length < fewest) [candidates, fewest] = [list, list.length];
      }
    }
    const words = ` ${term.replaceAll(',', ' ')} `;
    const found: { place: Place; rank: number }[] = [];
    for (const place of candidates) {
      if (place.lower.includes(term)) found.push({ place, rank: rankOf(place, term, words) });
    }
    found.sort((a, b) => a.rank - b.rank || byHomesThenName(a.place, b.place));
    return found.slice(0, limit).map((f) => f.place);
  }

  /**
   * search_place_close: `term <% location` (word similarity >= the threshold, in float4 against the
   * double threshold as pg_trgm compares), ordered by the similarity, more homes, then the name.
   * Only the places sharing at least 60% of the term's trigrams are scored: the similarity is at
   * most shared / term's trigrams, so no other place can reach the threshold.
   */
  function close(q: string, limit: number): Place[] {
    const termTrigrams = new Set(trigramsInOrder(q));
    if (termTrigrams.size === 0) return [];
    const shared = new Map<Place, number>();
    for (const trigram of termTrigrams) {
      for (const place of byWordTrigram.get(trigram) ?? []) shared.set(place, (shared.get(place) ?? 0) + 1);
    }
    // A margin below 0.6 for float rounding: the exact similarity decides.
    const least = (WORD_SIMILARITY_THRESHOLD - 0.01) * termTrigrams.size;
    const found: { place: Place; similarity: number }[] = [];
    for (const [place, n] of shared) {
      if (n < least) continue;
      const similarity = wordSimilarity(termTrigrams, place.words3);
      if (similarity >= WORD_SIMILARITY_THRESHOLD) found.push({ place, similarity });
    }
    found.sort((a, b) => b.similarity - a.similarity || byHomesThenName(a.place, b.place));
    return found.slice(0, limit).map((f) => f.place);
  }

  return {
    size: places.length,
    close: (q, limit) => view(close(q, limit)),
    match(q, limit) {
      const term = q.toLowerCase();
      if (codePoints(q).length < 3) {
        const starting = startingWith(term, limit);
        if (starting.length > 0) return view(starting);
      }
      const found = containing(term, limit);
      return found.length > 0 ? view(found) : null;
    },
  };
}
