import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  openRedis,
  redisReady,
  sharedRedis,
  type REDIS_TIMEOUTS,
  type SharedRedis,
} from '#server/providers/redis/redis-stores';

/** The Redis the Redis-backed tests use (TEST_REDIS_URL, default the local one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at TEST_REDIS_URL (tests that need one skip, saying why, when not). */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix of its own for one test file; `cleanup` deletes every key under it. */
export function testRedisPrefix(): { prefix: string; cleanup(redis: Redis): Promise<void> } {
  const prefix = `stayhub-test:${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    async cleanup(redis) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

/**
 * A connected client as main.ts makes one (fail-fast options, circuit breaker), ready before the
 * first command: without an offline queue a command sent while it connects would fail.
 */
export async function connectTestRedis(
  url = TEST_REDIS_URL,
  timeouts: Partial<typeof REDIS_TIMEOUTS> = {},
): Promise<SharedRedis> {
  const client = openRedis(url, timeouts);
  // Errors surface as rejected commands; the client's own 'error' events would only repeat them.
  client.on('error', () => {});
  if (!(await redisReady(client, 5_000))) throw new Error(`Redis at ${url} did not become ready`);
  return sharedRedis(client, { timeouts });
}
