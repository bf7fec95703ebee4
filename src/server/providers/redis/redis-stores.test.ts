import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, RESET_AFTER, SLOW_AFTER } from '#server/auth/throttle';
import { createSearchCache } from '#server/features/homes/search-cache';
import { fixedClock } from '#server/providers/clock/clock';
import { connectTestRedis, redisAvailable, testRedisPrefix, TEST_REDIS_URL } from '#server/test/redis';
import {
  redisRateLimitStore,
  redisSearchGeneration,
  redisThrottleStore,
  redisUploadLimiter,
  type SharedRedis,
} from './redis-stores';

const available = await redisAvailable();
const title = available
  ? `Redis-backed shared state (${TEST_REDIS_URL})`
  : `Redis-backed shared state: SKIPPED, no Redis answers at ${TEST_REDIS_URL} (start one or set TEST_REDIS_URL)`;

describe.skipIf(!available)(title, () => {
  // Two connections stand for two app processes.
  let one: SharedRedis;
  let two: SharedRedis;
  const { prefix, cleanup } = testRedisPrefix();
  beforeAll(async () => {
    one = await connectTestRedis();
    two = await connectTestRedis();
  });
  afterAll(async () => {
    await cleanup(one.client);
    await one.client.quit();
    await two.client.quit();
  });

  it('counts sign-in failures of one account across processes as on one', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const attacked: string[] = [];
    const onAttack = async (email: string) => {
      attacked.push(email);
    };
    const nodes = [
      loginThrottle(redisThrottleStore(one, prefix), () => now, { onAttack }),
      loginThrottle(redisThrottleStore(two, prefix), () => now, { onAttack }),
    ];
    const source = { ip: '10.0.0.1' };
    for (let i = 0; i < SLOW_AFTER; i++) {
      expect((await nodes[i % 2]!.begin(source, 'Victim@example.test')).allowed).toBe(true);
      now += 100;
    }
    const sixth = await nodes[1]!.begin(source, 'victim@example.test');
    expect(sixth).toMatchObject({ allowed: false, reason: 'slowed', retryAfterSeconds: 2 });
    // A success on one process clears the source on the other.
    now += 2_000;
    expect((await nodes[0]!.begin(source, 'victim@example.test')).allowed).toBe(true);
    await nodes[0]!.succeeded(source, 'victim@example.test');
    expect((await nodes[1]!.begin(source, 'victim@example.test')).allowed).toBe(true);
    // Failures from many addresses on both reach the reset requirement together, reported once.
    for (let i = 0; i < RESET_AFTER; i++) await nodes[i % 2]!.begin({ ip: `10.0.1.${i}` }, 'victim@example.test');
    expect(await nodes[0]!.begin({ ip: '10.0.2.1' }, 'victim@example.test')).toMatchObject({ reason: 'reset' });
    expect(attacked).toEqual(['victim@example.test']);
    // A known device gets in on either process.
    expect((await nodes[1]!.begin({ ip: '10.0.2.1', device: 'own' }, 'victim@example.test')).allowed).toBe(true);
  });

  it('loses no update when many processes change one counter at once', async () => {
    const stores = [redisThrottleStore(one, prefix), redisThrottleStore(two, prefix)];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        stores[i % 2]!.update('race', (s) => ({ failures: (s?.failures ?? 0) + 1, lastFailureAt: 1, lockedUntil: 0 })),
      ),
    );
    const final = await stores[0]!.update('race', (s) => s);
    expect(final?.failures).toBe(40);
    expect(await one.client.pttl(`${prefix}throttle:race`)).toBeGreaterThan(0);
    await stores[1]!.update('race', () => null);
    expect(await one.client.exists(`${prefix}throttle:race`)).toBe(0);
  });

  it("counts Better Auth's rate limit in one window across processes", async () => {
    const stores = [redisRateLimitStore(one, prefix), redisRateLimitStore(two, prefix)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        stores[i % 2]!.consume('198.51.100.7|/sign-up/email', { window: 60, max: 3 }),
      ),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    const refused = answers.find((a) => !a.allowed)!;
    expect(refused.retryAfter).toBeGreaterThan(55);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });

  it('holds per-user upload limits across processes (2 at a time, 20 a minute)', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const limits = { concurrent: 2, perMinute: 20 };
    const nodes = [
      redisUploadLimiter(one, prefix, () => now, limits),
      redisUploadLimiter(two, prefix, () => now, limits),
    ];
    const a = await nodes[0]!.acquire('user-1');
    const b = await nodes[1]!.acquire('user-1');
    expect([a.allowed, b.allowed]).toEqual([true, true]);
    expect(await nodes[0]!.acquire('user-1')).toEqual({ allowed: false, reason: 'concurrent', retryAfterSeconds: 1 });
    expect((await nodes[1]!.acquire('user-2')).allowed).toBe(true);
    if (a.allowed) await a.release();
    const c = await nodes[1]!.acquire('user-1');
    expect(c.allowed).toBe(true);
    if (b.allowed) await b.release();
    if (c.allowed) await c.release();
    // 3 started so far; 17 more within the minute, then the 21st waits for the oldest to leave the window.
    for (let i = 0; i < 17; i++) {
      now += 1_000;
      const slot = await nodes[i % 2]!.acquire('user-1');
      expect(slot.allowed).toBe(true);
      if (slot.allowed) await slot.release();
    }
    now += 1_000;
    expect(await nodes[0]!.acquire('user-1')).toEqual({ allowed: false, reason: 'per_minute', retryAfterSeconds: 42 });
    now += 42_000;
    expect((await nodes[1]!.acquire('user-1')).allowed).toBe(true);
  });

  it("frees a dead process's upload slot when its lease ends", async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const limiter = redisUploadLimiter(one, prefix, () => now, { concurrent: 1, perMinute: 20, leaseMs: 5_000 });
    expect((await limiter.acquire('crashy')).allowed).toBe(true);
    expect((await limiter.acquire('crashy')).allowed).toBe(false);
    now += 5_001;
    expect((await limiter.acquire('crashy')).allowed).toBe(true);
  });

  it("makes every process's next search fresh after a write on any of them", async () => {
    const clock = fixedClock('2026-11-23T10:00:00Z');
    const caches = [
      createSearchCache({ ttlMs: 60_000, clock, shared: redisSearchGeneration(one, prefix) }),
      createSearchCache({ ttlMs: 60_000, clock, shared: redisSearchGeneration(two, prefix) }),
    ];
    let version = 1;
    const load = async () => version;
    expect(await caches[1]!.get('q', load)).toBe(1);
    version = 2;
    expect(await caches[1]!.get('q', load)).toBe(1); // cached
    await caches[0]!.clear(); // the write happened on the other process
    expect(await caches[1]!.get('q', load)).toBe(2);
  });
});
