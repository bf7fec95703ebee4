/**
 * Per-user sending limit: at most MESSAGES_PER_MINUTE messages (inquiries included) in any
 * fixed minute window. Counted in this process by default; with REDIS_URL main.ts hands in
 * the Redis counter (providers/redis/redis-stores.ts redisRateLimitStore), so the limit
 * holds across processes.
 */
import { SharedStateUnavailableError, type RateLimitStore } from '#server/app-context';
import { limitReached } from '#server/domain-errors';

export const MESSAGES_PER_MINUTE = 20;
const RULE = { window: 60, max: MESSAGES_PER_MINUTE };

/** Fixed-window counts in this process (the same answers as the Redis store). */
export function memoryRateLimitStore(now: () => number): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let calls = 0;
  return {
    async consume(key, rule) {
      const t = now();
      // Windows that ended are dropped now and then, so the map stays small.
      if (++calls % 1000 === 0) for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { count: 0, endsAt: t + rule.window * 1000 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((w.endsAt - t) / 1000)) };
    },
  };
}

/**
 * `shared`, or `local` while `shared` is unavailable (Redis down): a spam limit keeps counting,
 * per process, rather than refusing everything (N processes then allow N times the limit).
 */
export function countLocallyWhileUnavailable(
  shared: RateLimitStore,
  local: RateLimitStore,
  onFallback?: (err: unknown) => void,
): RateLimitStore {
  return {
    async consume(key, rule) {
      try {
        return await shared.consume(key, rule);
      } catch (err) {
        if (!(err instanceof SharedStateUnavailableError)) throw err;
        onFallback?.(err);
        return local.consume(key, rule);
      }
    },
  };
}

/** Counts one message of this user; 429 too_many_messages past the limit. */
export async function takeSendSlot(store: RateLimitStore | undefined, userId: string): Promise<void> {
  if (!store) return;
  const { allowed, retryAfter } = await store.consume(`messages:${userId}`, RULE);
  if (!allowed) {
    throw limitReached(
      `You are sending messages too quickly. Please wait ${retryAfter ?? 60} seconds and try again.`,
      'too_many_messages',
    );
  }
}
