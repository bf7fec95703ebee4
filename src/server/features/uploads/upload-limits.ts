/**
 * Per-user upload limits: at most `concurrent` uploads of one user in progress
 * at once and `perMinute` started in any minute. Pictures are decoded and
 * re-encoded on this process's CPU (up to 40 megapixels each), so one account
 * must not be able to keep it busy for everyone else.
 *
 * `uploadLimiter` counts in this process; with REDIS_URL set, main.ts passes
 * the Redis one (providers/redis/redis-stores.ts) as `AppDeps.uploadLimiter`,
 * so the limits hold across processes.
 */
import { SharedStateUnavailableError, type UploadLimiter, type UploadSlot } from '#server/app-context';
import { temporarilyUnavailable } from '#server/domain-errors';
export type { UploadLimiter, UploadSlot };

export const UPLOADS_CONCURRENT_PER_USER = 2;
export const UPLOADS_PER_MINUTE_PER_USER = 20;
const MINUTE_MS = 60_000;

export function uploadLimiter(
  now: () => number,
  limits: { concurrent?: number; perMinute?: number } = {},
): UploadLimiter {
  const concurrent = limits.concurrent ?? UPLOADS_CONCURRENT_PER_USER;
  const perMinute = limits.perMinute ?? UPLOADS_PER_MINUTE_PER_USER;
  const inFlight = new Map<string, number>();
  /** Start times within the last minute, oldest first. */
  const started = new Map<string, number[]>();

  let calls = 0;
  /** Users who stopped uploading are forgotten now and then, so the map stays small. */
  const prune = (t: number) => {
    for (const [user, times] of started) if (t - times[times.length - 1]! >= MINUTE_MS) started.delete(user);
  };

  return {
    async acquire(userId) {
      const t = now();
      if (++calls % 1000 === 0) prune(t);
      const recent = (started.get(userId) ?? []).filter((at) => t - at < MINUTE_MS);
      if (recent.length) started.set(userId, recent);
      else started.delete(userId);
      if ((inFlight.get(userId) ?? 0) >= concurrent) {
        return { allowed: false, reason: 'concurrent', retryAfterSeconds: 1 };
      }
      if (recent.length >= perMinute) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - t) / 1000));
        return { allowed: false, reason: 'per_minute', retryAfterSeconds };
      }
      started.set(userId, [...recent, t]);
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
      let released = false;
      return {
        allowed: true,
        async release() {
          if (released) return;
          released = true;
          const left = (inFlight.get(userId) ?? 1) - 1;
          if (left > 0) inFlight.set(userId, left);
          else inFlight.delete(userId);
        },
      };
    },
  };
}

/**
 * Takes a slot for this user's upload. While the limits cannot be checked (their Redis is
 * unreachable) the upload is refused with 503 uploads_unavailable rather than let through
 * unlimited: pictures are decoded on this process's CPU.
 */
export async function takeUploadSlot(limiter: UploadLimiter, userId: string): Promise<UploadSlot> {
  try {
    return await limiter.acquire(userId);
  } catch (err) {
    if (!(err instanceof SharedStateUnavailableError)) throw err;
    throw temporarilyUnavailable(
      'Uploads are unavailable for a moment. Please try again in a minute.',
      'uploads_unavailable',
      err,
    );
  }
}
