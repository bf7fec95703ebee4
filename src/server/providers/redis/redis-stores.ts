/**
 * Shared state for several app processes, in Redis (REDIS_URL): sign-in
 * throttle counters, Better Auth's rate-limit counters, per-user upload limits
 * and the search-cache generation. Every read-modify-write is one Lua script
 * (atomic in Redis), so concurrent requests on any number of processes count
 * as on one. Keys start with `prefix` (REDIS_KEY_PREFIX, default `stayhub:`).
 *
 * Sessions stay in PostgreSQL on purpose (no Better Auth `secondaryStorage`):
 * with one, Better Auth reads sessions and the user's role from Redis first, so
 * the app's own revocations (DELETE FROM sessions on a role change) would not
 * apply until the cached copy expired.
 */
import { randomUUID } from 'node:crypto';
import { Redis, ReplyError } from 'ioredis';
import {
  SharedStateUnavailableError,
  type LoginThrottleStore,
  type RateLimitStore,
  type SharedGeneration,
  type UploadLimiter,
  type ThrottleState,
} from '#server/app-context';
import { circuitBreaker, type CircuitBreaker, type CircuitState } from './circuit-breaker';

export { Redis };

/**
 * How long Redis may take. Redis answers in well under a millisecond on a healthy network, so
 * these only bound an outage: a connection attempt gives up after CONNECT_MS, a command after
 * COMMAND_MS, and after CIRCUIT_FAILURES failures in a row calls fail at once for CIRCUIT_OPEN_MS
 * (then one call tries again; a reconnect closes the circuit at once). ADR 0031.
 */
export const REDIS_TIMEOUTS = { connectMs: 1_000, commandMs: 500, circuitFailures: 3, circuitOpenMs: 5_000 };

/**
 * Connects to REDIS_URL. While Redis is unreachable commands fail at once (no offline queue,
 * no retry of a command), and the client reconnects in the background with a growing pause
 * (at most 1 s) for as long as the process runs.
 */
export function openRedis(url: string, timeouts: Partial<typeof REDIS_TIMEOUTS> = {}): Redis {
  const { connectMs, commandMs } = { ...REDIS_TIMEOUTS, ...timeouts };
  return new Redis(url, {
    connectTimeout: connectMs,
    commandTimeout: commandMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
}

/** Resolves true once `redis` is connected and ready, false if it is not within `ms` (start-up goes on either way). */
export async function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}

/**
 * One process's Redis behind one circuit breaker (circuit-breaker.ts). `call` runs a command
 * and throws SharedStateUnavailableError when Redis does not answer (or the circuit is open);
 * Redis's own errors (a failing script) pass through unchanged.
 */
export interface SharedRedis {
  client: Redis;
  call<T>(command: (redis: Redis) => Promise<T>): Promise<T>;
  circuit(): CircuitState;
}

export function sharedRedis(
  client: Redis,
  options: { timeouts?: Partial<typeof REDIS_TIMEOUTS>; onChange?: (state: CircuitState) => void } = {},
): SharedRedis {
  const { circuitFailures, circuitOpenMs } = { ...REDIS_TIMEOUTS, ...options.timeouts };
  const isReplyError = (err: unknown) => err instanceof (ReplyError as new () => Error);
  const breaker: CircuitBreaker = circuitBreaker({
    failures: circuitFailures,
    openMs: circuitOpenMs,
    isFailure: (err) => !isReplyError(err),
    onChange: options.onChange,
  });
  // A (re)connection proves Redis is back: no need to wait for the next trial call.
  client.on('ready', () => breaker.reset());
  return {
    client,
    circuit: breaker.state,
    async call(command) {
      try {
        return await breaker.run(() => command(client));
      } catch (err) {
        if (isReplyError(err)) throw err;
        throw new SharedStateUnavailableError('Redis is unreachable', { cause: err });
      }
    },
  };
}

/** Compare-and-set: writes ARGV[2] (or deletes on '') only while the key still holds ARGV[1] ('' = absent). */
const CAS = `
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** A counter is forgotten this long after its last failure or the end of its lock (throttle.ts forgets after 15 min). */
const THROTTLE_KEEP_MS = 24 * 60 * 60_000;

/**
 * The sign-in throttle's store (auth/throttle.ts): `update` reads the state, applies the
 * change in this process, and writes it back only if nobody changed it meanwhile
 * (compare-and-set in one script); on a clash it reads again and re-applies the change.
 */
export function redisThrottleStore(redis: SharedRedis, prefix: string): LoginThrottleStore {
  return {
    async update(key, change) {
      const redisKey = `${prefix}throttle:${key}`;
      for (let attempt = 0; attempt < 50; attempt++) {
        const raw = await redis.call((r) => r.get(redisKey));
        const next = change(raw ? (JSON.parse(raw) as ThrottleState) : null);
        const encoded = next ? JSON.stringify(next) : '';
        const keepMs = next ? Math.max(0, next.lockedUntil - next.lastFailureAt) + THROTTLE_KEEP_MS : 0;
        if ((await redis.call((r) => r.eval(CAS, 1, redisKey, raw ?? '', encoded, String(keepMs)))) === 1) return next;
      }
      throw new Error('sign-in throttle: too many concurrent updates of one key');
    },
  };
}

/** Fixed window: the first request of a window sets its expiry; returns [count, ms left]. */
const FIXED_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Better Auth's rate-limit counters (`rateLimit.customStorage`): one atomic count per key and window. */
export function redisRateLimitStore(redis: SharedRedis, prefix: string): RateLimitStore {
  return {
    async consume(key, rule) {
      const [count, leftMs] = (await redis.call((r) =>
        r.eval(FIXED_WINDOW, 1, `${prefix}ratelimit:${rule.window}:${key}`, String(rule.window * 1000)),
      )) as [number, number];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((leftMs > 0 ? leftMs : rule.window * 1000) / 1000)) };
    },
  };
}

/**
 * KEYS: in-flight leases (score = lease end), starts (score = start time).
 * ARGV: now, token, concurrent, perMinute, windowMs, leaseMs.
 * Returns {1} or {0, reason, retryAfterMs}.
 */
const ACQUIRE_UPLOAD = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[5])
local lease = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return {0, 'concurrent', 1000} end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {0, 'per_minute', tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now + lease, ARGV[2])
redis.call('ZADD', KEYS[2], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], lease)
redis.call('PEXPIRE', KEYS[2], window)
return {1}`;

/**
 * Per-user upload limits shared by every process: at most `concurrent` in flight (each a
 * lease that ends at `release()`, or after `leaseMs` if its process died), at most
 * `perMinute` started in any sliding minute. Same answers as upload-limits.ts.
 */
export function redisUploadLimiter(
  redis: SharedRedis,
  prefix: string,
  now: () => number,
  limits: { concurrent: number; perMinute: number; leaseMs?: number },
): UploadLimiter {
  const windowMs = 60_000;
  const leaseMs = limits.leaseMs ?? 15 * 60_000;
  return {
    async acquire(userId) {
      const inFlight = `${prefix}uploads:inflight:${userId}`;
      const token = crypto.randomUUID();
      const answer = (await redis.call((r) =>
        r.eval(
          ACQUIRE_UPLOAD,
          2,
          inFlight,
          `${prefix}uploads:started:${userId}`,
          String(now()),
          token,
          String(limits.concurrent),
          String(limits.perMinute),
          String(windowMs),
          String(leaseMs),
        ),
      )) as [number, string?, number?];
      if (answer[0] !== 1) {
        return {
          allowed: false,
          reason: answer[1] === 'concurrent' ? 'concurrent' : 'per_minute',
          retryAfterSeconds: Math.max(1, Math.ceil((answer[2] ?? 1000) / 1000)),
        };
      }
      let released = false;
      return {
        allowed: true,
        async release() {
          if (released) return;
          released = true;
          // If Redis is unreachable now, the lease ends by itself after leaseMs.
          await redis.call((r) => r.zrem(inFlight, token)).catch(() => 0);
        },
      };
    },
  };
}

/**
 * The search-cache generation (features/homes/search-cache.ts): read per search, set to a new
 * random value on every write. Random rather than a counter: a Redis restarted empty must never
 * hand back a value that entries cached before its outage were tagged with.
 */
export function redisSearchGeneration(redis: SharedRedis, prefix: string): SharedGeneration {
  const key = `${prefix}search:generation`;
  return {
    current: async () => (await redis.call((r) => r.get(key))) ?? '0',
    bump: async () => {
      await redis.call((r) => r.set(key, randomUUID()));
    },
  };
}
