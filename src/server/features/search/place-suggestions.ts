/**
 * Place suggestions from this process's memory (ADR 0064): the places are loaded from
 * home_locations, and reloaded when home_locations_version (bumped by a trigger in every
 * transaction that changes home_locations, migration 0040) has moved. The version is read
 * - before the first suggestion after a successful write through this process (`markStale`, from
 *   the API's write hook), so a host who adds a home in a new place finds it at once;
 * - otherwise at most every `maxAgeMs` (writes through other processes, jobs, scripts): a
 *   suggestion is never older than that. From half that age on the read runs in the background
 *   while suggestions still answer from the index they have. 0 reads it before every suggestion
 *   (the tests' default).
 * This is an index of the places, not a cache of answers: every keystroke is matched and ranked,
 * close spellings included (ADR 0073): a suggestion asks PostgreSQL nothing but the version.
 */
import { sql } from 'drizzle-orm';
import type { PlaceSuggestions } from '#shared/schemas/search';
import type { Db } from '#server/db/client';
import type { Clock } from '#server/providers/clock/clock';
import { buildPlaceIndexInSteps, CLOSE_SPELLING_RANK, type PlaceIndex, type RankedPlace } from './place-index';

function prepare(db: Db) {
  return {
    version: db
      .select({ version: sql<string>`v.version::text` })
      .from(sql`home_locations_version v`)
      .prepare('places_version'),
    // One statement, one snapshot: the version read is the one these rows are at.
    load: db
      .select({
        version: sql<string>`v.version::text`,
        location: sql<string | null>`l.location`,
        homes: sql<number | null>`l.home_count`,
      })
      .from(sql`home_locations_version v left join home_locations l on true`)
      .orderBy(sql`l.location`)
      .prepare('places_load'),
  };
}

export interface PlaceSuggester {
  suggest(q: string, limit: number): Promise<PlaceSuggestions>;
  /**
   * The places a search for this term walks (ADR 0075): the best `limit` containing it, from the
   * same index and as fresh as the suggestions; when none contains it, its one closest spelling
   * (search_place_close's, ranked CLOSE_SPELLING_RANK, ADR 0080). [] when it has neither (the
   * search then asks PostgreSQL: a place newer than this index, else nothing).
   */
  bestPlaces(term: string, limit: number): Promise<RankedPlace[]>;
  /** A write through this process may have changed the places: the next suggestion reads the version first. */
  markStale(): void;
  /**
   * Settles once this process has read the places (starting the read when nothing has yet), or its
   * first read failed: a new process is ready for searches only then (GET /api/ready), so its
   * first searches do not wait for the read. Never rejects: a later failure slows searches only.
   */
  firstRead(): Promise<void>;
}

export function placeSuggester(db: Db, { clock, maxAgeMs }: { clock: Pick<Clock, 'now'>; maxAgeMs: number }) {
  let statements: ReturnType<typeof prepare> | null = null;
  let loaded: { version: string; index: PlaceIndex } | null = null;
  let checkedAt = 0;
  let stale = true;
  /** Moved by every markStale: a read that began before the last one does not store what it found. */
  let generation = 0;
  /** The read in flight, shared by the suggestions that arrive meanwhile. */
  let pending: Promise<PlaceIndex> | null = null;
  let first: Promise<void> | null = null;

  async function refresh(): Promise<PlaceIndex> {
    statements ??= prepare(db);
    const startedAt = clock.now().getTime();
    const mine = generation;
    // Cleared before the read: a write marked after this point makes the next suggestion read again.
    stale = false;
    const [current] = await statements.version.execute();
    let found = loaded;
    if (!found || current?.version !== found.version) {
      const rows = await statements.load.execute();
      found = {
        version: rows[0]?.version ?? '',
        // In steps, so that other requests run meanwhile (ADR 0082).
        index: await buildPlaceIndexInSteps(
          rows.flatMap((r) => (r.location === null ? [] : [{ location: r.location, homes: Number(r.homes) }])),
          () => new Promise((resolve) => setImmediate(resolve)),
        ),
      };
    }
    // A background read can finish after the one a write started (markStale): it answers the
    // suggestions that waited for it, but must not replace what the later read found.
    if (mine === generation) {
      loaded = found;
      checkedAt = startedAt;
    }
    return found.index;
  }

  function startRead(): Promise<PlaceIndex> {
    if (!pending) {
      const read = refresh().finally(() => {
        if (pending === read) pending = null;
      });
      pending = read;
    }
    return pending;
  }

  function current(): Promise<PlaceIndex> {
    const age = clock.now().getTime() - checkedAt;
    if (loaded && !stale && age < maxAgeMs) {
      // Past half its age the version is read in the background, so under steady traffic no
      // suggestion waits for it (they did, every maxAgeMs: the bench's p99); an answer still never
      // comes from an index checked more than maxAgeMs ago. A failed read is retried by the next
      // suggestion, which waits for it once the age is reached.
      if (age >= maxAgeMs / 2) startRead().catch(() => undefined);
      return Promise.resolve(loaded.index);
    }
    return startRead();
  }

  return {
    async suggest(q, limit) {
      const index = await current();
      // Close spellings (search_place_close's, pg_trgm) only when no place contains the term.
      return { places: index.match(q, limit) ?? index.close(q, limit) };
    },
    async bestPlaces(term, limit) {
      const index = await current();
      const best = index.best(term, limit);
      if (best.length > 0) return best;
      // A search walks one close spelling (search_place_close(term, 1)), as the database would.
      return index.close(term, 1).map((place) => ({ ...place, rank: CLOSE_SPELLING_RANK }));
    },
    firstRead() {
      first ??= current().then(
        () => undefined,
        () => undefined,
      );
      return first;
    },
    markStale() {
      stale = true;
      generation++;
      // A read already in flight may have started before the write committed: the next one starts anew.
      pending = null;
    },
  } satisfies PlaceSuggester;
}
