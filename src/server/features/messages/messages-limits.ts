/**
 * Per-user sending limit: at most MESSAGES_PER_MINUTE messages (inquiries included) in any
 * fixed minute window, counted by @fastify/rate-limit (messages-routes.ts, http/rate-limits.ts: in
 * this process, or in Redis with REDIS_URL so the limit holds across processes). ADR 0044.
 *
 * The fixed-window store below is what Better Auth's own limiter counts in (app.ts).
 */
import { SharedStateUnavailableError, type RateLimitStore } from '#server/app-context';

export const MESSAGES_PER_MINUTE = 20;

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
