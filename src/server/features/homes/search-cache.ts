import type { SearchCache } from '#server/app-context';
import type { Clock } from '#server/providers/clock/clock';

/**
 * Public home searches answered from memory for a few seconds. Identical
 * requests in flight share one query, and any successful write through this
 * process empties the cache (see app.ts), so a change is seen at once here and
 * within `ttlMs` by other processes. Only an advisory read: a booking itself is
 * decided by the database's exclusion constraint, never by this cache.
 */
export const noSearchCache: SearchCache = {
  get: (_key, load) => load(),
  clear: () => {},
};

export function createSearchCache({
  ttlMs,
  maxEntries = 1000,
  clock,
}: {
  ttlMs: number;
  maxEntries?: number;
  clock: Pick<Clock, 'now'>;
}): SearchCache {
  if (ttlMs <= 0) return noSearchCache;
  let generation = 0;
  const entries = new Map<string, { at: number; generation: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const loadedIn = generation;
      const value = load();
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: now, generation: loadedIn, value });
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
