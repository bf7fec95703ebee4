import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/providers/clock/clock';
import { createSearchCache } from './search-cache';

describe('search cache', () => {
  it('shares one load between identical requests and serves it until the TTL passes', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const cache = createSearchCache({ ttlMs: 5000, clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock.advance(4999);
    expect(await cache.get('a', load)).toBe(1);
    clock.advance(2);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('forgets everything on clear, and does not keep failures', async () => {
    const cache = createSearchCache({ ttlMs: 5000, clock: fixedClock('2026-11-21T10:00:00Z') });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.clear();
    expect(await cache.get('a', async () => ++loads)).toBe(2);
    await expect(
      cache.get('x', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });

  it('keeps at most maxEntries', async () => {
    const cache = createSearchCache({ ttlMs: 5000, maxEntries: 2, clock: fixedClock('2026-11-21T10:00:00Z') });
    let loads = 0;
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(4); // evicted
    expect(await cache.get('c', async () => ++loads)).toBe(3);
  });

  it('with a shared generation, forgets what a write on another process changed', async () => {
    let counter = 0;
    const shared = { current: async () => String(counter), bump: async () => void counter++ };
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const [one, two] = [
      createSearchCache({ ttlMs: 5000, clock, shared }),
      createSearchCache({ ttlMs: 5000, clock, shared }),
    ];
    let loads = 0;
    expect(await two.get('a', async () => ++loads)).toBe(1);
    expect(await two.get('a', async () => ++loads)).toBe(1);
    await one.clear();
    expect(await two.get('a', async () => ++loads)).toBe(2);
  });

  it('goes to the database when the shared generation cannot be read', async () => {
    const errors: unknown[] = [];
    const shared = { current: async () => Promise.reject(new Error('redis down')), bump: async () => {} };
    const cache = createSearchCache({
      ttlMs: 5000,
      clock: fixedClock('2026-11-21T10:00:00Z'),
      shared,
      onSharedError: (e) => errors.push(e),
    });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
    // Told once per outage, not at every search.
    expect(errors).toHaveLength(1);
  });

  it('does not wait for a shared generation that does not answer', async () => {
    // A Redis that accepts the command and never answers.
    const shared = { current: () => new Promise<string>(() => {}), bump: async () => {} };
    const cache = createSearchCache({
      ttlMs: 5000,
      clock: fixedClock('2026-11-21T10:00:00Z'),
      shared,
      sharedWaitMs: 50,
    });
    const started = performance.now();
    expect(await cache.get('a', async () => 'from the database')).toBe('from the database');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('tells the other processes about a write whose bump failed once the shared generation is back', async () => {
    let generation = 0;
    let down = false;
    const shared = {
      current: async () => (down ? Promise.reject(new Error('redis down')) : String(generation)),
      bump: async () => (down ? Promise.reject(new Error('redis down')) : void generation++),
    };
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const [one, two] = [
      createSearchCache({ ttlMs: 5000, clock, shared }),
      createSearchCache({ ttlMs: 5000, clock, shared }),
    ];
    let version = 'before the write';
    expect(await two.get('a', async () => version)).toBe('before the write');
    down = true;
    version = 'after the write';
    await expect(one.clear()).rejects.toThrow('redis down');
    down = false;
    // The next search on the writing process bumps first, so the other process's entry is not answered.
    expect(await one.get('b', async () => 'unrelated')).toBe('unrelated');
    expect(await two.get('a', async () => version)).toBe('after the write');
  });

  it('is a pass-through with a TTL of 0', async () => {
    const cache = createSearchCache({ ttlMs: 0, clock: fixedClock('2026-11-21T10:00:00Z') });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });
});
