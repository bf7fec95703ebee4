/**
 * Issue 26: the per-user limits count in @fastify/rate-limit's Redis store when REDIS_URL is set, so
 * two processes share one budget; a refusal is the feature's own error with Retry-After. The
 * features' limits themselves: messages-rules.test.ts, calendar-sync-limits.test.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '#server/auth/guards';
import { limitReached } from '#server/domain-errors';
import type { SharedRedis } from '#server/providers/redis/redis-stores';
import { connectTestRedis, redisAvailable, testRedisPrefix, TEST_REDIS_URL } from '#server/test/redis';
import { perUserLimit, rateLimits } from './rate-limits';

const available = await redisAvailable();
const { prefix, cleanup } = testRedisPrefix();

/** One "process": the plugin on Redis, a route limited to 2 a minute per user (the caller named by a header). */
async function processWith(redis: SharedRedis): Promise<FastifyInstance> {
  const app = Fastify();
  await rateLimits(app, { redis: redis.client, keyPrefix: prefix });
  app.decorateRequest('identity', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.headers['x-user'];
    request.identity = typeof user === 'string' ? ({ id: user } as Identity) : null;
    done();
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) =>
    reply.status(error.statusCode ?? 429).send({ error: { code: error.code, message: error.message } }),
  );
  const limit = perUserLimit(app, {
    name: 'test-posts',
    max: 2,
    windowSeconds: 60,
    refuse: (seconds) => limitReached(`Wait ${seconds} seconds.`, 'too_many_posts'),
  });
  app.post('/posts', { preHandler: limit }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe.skipIf(!available)(
  available ? 'with Redis' : `with Redis: SKIPPED, no Redis answers at ${TEST_REDIS_URL}`,
  () => {
    let redis: SharedRedis;
    let one: FastifyInstance, two: FastifyInstance;
    beforeAll(async () => {
      redis = await connectTestRedis();
      [one, two] = await Promise.all([processWith(redis), processWith(redis)]);
    });
    afterAll(async () => {
      await Promise.all([one.close(), two.close()]);
      await cleanup(redis.client);
      redis.client.disconnect();
    });

    it('two processes share one budget per user; others and anonymous callers are not counted', async () => {
      const post = (app: FastifyInstance, user?: string) =>
        app.inject({ method: 'POST', url: '/posts', headers: user ? { 'x-user': user } : {} });
      expect((await post(one, 'ana')).statusCode).toBe(200);
      expect((await post(two, 'ana')).statusCode).toBe(200);
      const refused = await post(one, 'ana');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'too_many_posts', message: expect.stringMatching(/^Wait \d+ seconds\.$/) },
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await post(two, 'ana')).statusCode).toBe(429);
      expect((await post(two, 'bea')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await post(one)).statusCode).toBe(200);
      // The count is in Redis, under the app's key prefix.
      expect(await redis.client.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
    });
  },
);
