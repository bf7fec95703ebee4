import type { SearchCache, SharedGeneration } from '#server/app-context';
import type { Clock } from '#server/providers/clock/clock';

/**
 * Public home searches answered from memory for a few seconds. Identical
 * requests in flight share one query, and any successful write through this
 * process empties the cache before its answer is sent (see app.ts), so a change
 * is seen at once here. With a `shared` generation (Redis, when REDIS_URL is
 * set) a write also bumps it and every search reads it first, so every process's
 * next search after a write is fresh; without one, other processes see the
 * change within `ttlMs`. The shared generation is only an optimisation, so a
 * search never waits on it: when it cannot be read within `sharedWaitMs` (Redis
 * down or slow), the search goes to the database. A write whose bump failed is
 * bumped again at the next chance, so entries cached on other processes before
 * it are not answered once Redis is back. Only an advisory read: a booking
 * itself is decided by the database's exclusion constraint, never by this cache.
 */
const noSearchCache: SearchCache = {
  get: (_key, load) => load(),
  clear: async () => {},
};

/** How long a search waits for the shared generation before it asks the database instead. */
const SHARED_GENERATION_WAIT_MS = 100;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`shared generation: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function createSearchCache({
  ttlMs,
  maxEntries = 1000,
  clock,
  shared,
  sharedWaitMs = SHARED_GENERATION_WAIT_MS,
  onSharedError,
}: {
  ttlMs: number;
  maxEntries?: number;
  clock: Pick<Clock, 'now'>;
  shared?: SharedGeneration;
  sharedWaitMs?: number;
  /** Called at the first failed read of the shared generation after a good one (not at every search of an outage). */
  onSharedError?: (err: unknown) => void;
}): SearchCache {
  if (ttlMs <= 0) return noSearchCache;
  let local = 0;
  /** A write happened here whose bump did not reach the other processes yet. */
  let owedBump = false;
  let sharedFailing = false;
  const entries = new Map<string, { at: number; generation: string; value: Promise<unknown> }>();
  const readShared = async (gen: SharedGeneration) => {
    if (owedBump) {
      await gen.bump();
      owedBump = false;
    }
    return gen.current();
  };
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let generation = String(local);
      if (shared) {
        try {
          generation = `${local}:${await within(readShared(shared), sharedWaitMs)}`;
          sharedFailing = false;
        } catch (err) {
          if (!sharedFailing) onSharedError?.(err);
          sharedFailing = true;
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
      if (!shared) return;
      try {
        await shared.bump();
        owedBump = false;
      } catch (err) {
        owedBump = true;
        throw err;
      }
    },
  };
}
