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
  iterateWordSimilarity,
  trigramsInOrder,
  trigramText,
  WORD_SIMILARITY_THRESHOLD,
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
  /** words3.distinct as numbers of the index's dictionary of trigrams. */
  words3Ids: Int32Array;
}

export interface PlaceRow {
  location: string;
  homes: number;
}

/** The rank of a close spelling (search_place_close's): after every place containing the term (0-4). */
export const CLOSE_SPELLING_RANK = 5;

/** A place a search walks, with its rank for the term (search_place_containing's, 0 best). */
export interface RankedPlace {
  location: string;
  rank: number;
  homes: number;
}

export interface PlaceIndex {
  size: number;
  /**
   * The best `limit` places containing the term, best first: search_place_best's answer (by rank,
   * then more homes, then name), whatever the term's length. [] when none contains it.
   */
  best(term: string, limit: number): RankedPlace[];
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

/** search_place_close over `places`: the function that answers it (built in steps of `step` places). */
function* closeSpellings(places: Place[], step: number): Generator<void, (q: string, limit: number) => Place[]> {
  // pg_trgm's trigrams numbered, each with the places (their positions) that have it, once each.
  const trigramIds = new Map<string, number>();
  const placesOfTrigram: number[][] = [];
  let longest = 0;
  for (let at = 0; at < places.length; at++) {
    if (at > 0 && at % step === 0) yield;
    const place = places[at]!;
    place.words3Ids = Int32Array.from(place.words3.distinct, (trigram) => {
      let id = trigramIds.get(trigram);
      if (id === undefined) {
        trigramIds.set(trigram, (id = placesOfTrigram.length));
        placesOfTrigram.push([]);
      }
      placesOfTrigram[id]!.push(at);
      return id;
    });
    longest = Math.max(longest, place.words3.distinct.length);
  }
  // Scratch of close(), reused: which trigrams the term has, trigrams shared per place, pg_trgm's arrays.
  const inTerm = new Uint8Array(placesOfTrigram.length);
  const shared = new Int32Array(places.length);
  const found = new Uint8Array(longest);
  const lastpos = new Int32Array(longest);
  /**
   * search_place_close: `term <% location` (word similarity >= the threshold, in float4 against the
   * double threshold as pg_trgm compares), ordered by the similarity, more homes, then the name.
   * The similarity is at most shared / the term's trigrams (shared: the term's distinct trigrams the
   * place has), so only places sharing 60% are scored, most shared first, and once `limit` are
   * found a place whose bound is below the last of them is not scored (ties still are).
   */
  function close(q: string, limit: number): Place[] {
    if (limit <= 0) return [];
    const termTrigrams = new Set(trigramsInOrder(q));
    const ulen1 = termTrigrams.size;
    if (ulen1 === 0) return [];
    const ids: number[] = [];
    for (const trigram of termTrigrams) {
      const id = trigramIds.get(trigram);
      if (id !== undefined) ids.push(id);
    }
    const touched: number[] = [];
    for (const id of ids) {
      inTerm[id] = 1;
      for (const at of placesOfTrigram[id]!) {
        if (shared[at] === 0) touched.push(at);
        shared[at]!++;
      }
    }
    // A margin below 0.6 for float rounding: the exact similarity decides.
    const least = (WORD_SIMILARITY_THRESHOLD - 0.01) * ulen1;
    // Most shared first: by buckets (a sort of the thousands of places sharing "  s" costs more).
    const buckets: number[][] = Array.from({ length: ulen1 + 1 }, () => []);
    for (const at of touched) if (shared[at]! >= least) buckets[shared[at]!]!.push(at);
    const candidates = buckets.reverse().flat();
    const best: { place: Place; similarity: number }[] = [];
    const better = (a: { place: Place; similarity: number }, b: { place: Place; similarity: number }) =>
      b.similarity - a.similarity || byHomesThenName(a.place, b.place);
    for (const at of candidates) {
      if (best.length >= limit && shared[at]! / ulen1 < best.at(-1)!.similarity - 1e-6) break;
      const place = places[at]!;
      const distinct = place.words3Ids;
      for (let j = 0; j < distinct.length; j++) found[j] = inTerm[distinct[j]!]!;
      const similarity = iterateWordSimilarity(place.words3.order, found, ulen1, lastpos);
      if (similarity < WORD_SIMILARITY_THRESHOLD) continue;
      best.push({ place, similarity });
      best.sort(better);
      if (best.length > limit) best.pop();
    }
    for (const id of ids) inTerm[id] = 0;
    for (const at of touched) shared[at] = 0;
    return best.map((f) => f.place);
  }

  return close;
}

/** One place as the index holds it: everything read per place, worked out once. */
function preparePlace(r: PlaceRow, order: number): Place {
  const lower = r.location.toLowerCase();
  return {
    location: r.location,
    homes: r.homes,
    lower,
    city: trimSpaces(r.location.split(',')[0]!).toLowerCase(),
    words: ` ${lower.replaceAll(',', ' ')} `,
    order,
    words3: trigramText(r.location),
    words3Ids: new Int32Array(0),
  };
}

/**
 * The index of `rows` (in PostgreSQL's ORDER BY location), built in steps of `step` places with
 * `await pause()` between them, so that the server goes on answering while it reads a new version
 * of the places: built in one go, 5,000 places held the event loop for 70-150 ms, each time a home
 * was added anywhere (its place's count moves the version); in steps, for about 2 ms at a time.
 */
export async function buildPlaceIndexInSteps(
  rows: PlaceRow[],
  pause: () => Promise<void>,
  step = 250,
): Promise<PlaceIndex> {
  const steps = indexSteps(rows, step);
  let next = steps.next();
  while (!next.done) {
    await pause();
    next = steps.next();
  }
  return next.value;
}

/** The index of `rows`, built by a generator that yields after each `step` places of each pass. */
function* indexSteps(rows: PlaceRow[], step: number): Generator<void, PlaceIndex> {
  const places: Place[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % step === 0) yield;
    places.push(preparePlace(rows[i]!, i));
  }
  const ranked = [...places].sort(byHomesThenName);
  // Each list below is filled in `ranked` order, so it is already best first.
  const byPrefix = new Map<string, Place[]>();
  const byCity = new Map<string, Place[]>();
  const byTrigram = new Map<string, Place[]>();
  for (let i = 0; i < ranked.length; i++) {
    if (i % step === 0) yield;
    const place = ranked[i]!;
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
    return rankedContaining(term, limit).map((f) => f.place);
  }

  function rankedContaining(term: string, limit: number): { place: Place; rank: number }[] {
    let candidates: Place[] = ranked;
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
    // Candidates come best first within a rank (`ranked` order), so each rank's first `limit` are
    // its best: kept per rank, no sort. A broad prefix ("San") has hundreds of candidates.
    const byRank: Place[][] = [[], [], [], [], []];
    for (const place of candidates) {
      if (!place.lower.includes(term)) continue;
      const list = byRank[rankOf(place, term, words)]!;
      if (list.length < limit) list.push(place);
    }
    const found: { place: Place; rank: number }[] = [];
    for (let rank = 0; rank < byRank.length && found.length < limit; rank++) {
      for (const place of byRank[rank]!) {
        if (found.length >= limit) break;
        found.push({ place, rank });
      }
    }
    return found;
  }

  const close = yield* closeSpellings(places, step);

  return {
    size: places.length,
    best(q, limit) {
      return rankedContaining(q.toLowerCase(), limit).map(({ place, rank }) => ({
        location: place.location,
        rank,
        homes: place.homes,
      }));
    },
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
