import type { SearchCache, SharedGeneration } from '#server/app-context';
import type { Clock } from '#server/providers/clock/clock';

/**
 * Public home searches answered from memory for a few seconds. Identical
 * requests in flight share one query, and any successful write through this
 * process empties the cache before its answer is sent (see app.ts), so a change
 * is seen at once here. With a `shared` generation (Redis, when REDIS_URL is
 * set) a write also bumps it and every search reads it first, so every process's
 * next search after a write is fresh; without one, other processes see the
 * change within `ttlMs`. When the shared generation cannot be read, the search
 * goes to the database. Only an advisory read: a booking itself is decided by
 * the database's exclusion constraint, never by this cache.
 */
export const noSearchCache: SearchCache = {
  get: (_key, load) => load(),
  clear: async () => {},
};

export function createSearchCache({
  ttlMs,
  maxEntries = 1000,
  clock,
  shared,
  onSharedError,
}: {
  ttlMs: number;
  maxEntries?: number;
  clock: Pick<Clock, 'now'>;
  shared?: SharedGeneration;
  onSharedError?: (err: unknown) => void;
}): SearchCache {
  if (ttlMs <= 0) return noSearchCache;
  let local = 0;
  const entries = new Map<string, { at: number; generation: string; value: Promise<unknown> }>();
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let generation = String(local);
      if (shared) {
        try {
          generation = `${local}:${await shared.current()}`;
        } catch (err) {
          onSharedError?.(err);
          return load();
        }
      }
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: now, generation, value });
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    async clear() {
      local++;
      entries.clear();
      await shared?.bump();
    },
  };
}
