/**
 * GET /api/ready waits for a new process's first read of the places a search walks (health.ts), so a
 * load balancer sends it no search before that read is done; a first read that fails does not keep it
 * out of rotation.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#server/test/test-app';

describe('a new process, while the places are still being read', () => {
  const t = useTestApp();

  it('answers 503 "Loading: places", then 200 once the read is done', async (ctx) => {
    // Another transaction holds home_locations, so the read waits: PostgreSQL only (PGlite has one connection).
    if (t.database.kind !== 'postgres') return ctx.skip();
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const lock = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table home_locations in access exclusive mode`);
      locked();
      await released;
    });
    await holding;
    try {
      const loading = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(loading.statusCode).toBe(503);
      expect(loading.json()).toEqual({ error: { code: 'not_ready', message: 'Loading: places' } });
      // Liveness does not wait for it.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      unlock();
      await lock;
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
    // The places are in memory: a suggestion answers from them.
    const places = await t.app.inject({ method: 'GET', url: '/api/places?q=zz' });
    expect(places.statusCode).toBe(200);
  });
});

describe('a new process whose first read of the places fails', () => {
  const t = useTestApp();

  it('answers ready all the same: only that first read is waited for', async () => {
    await t.db.execute(sql`alter table home_locations rename to home_locations_away`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ ok: true });
      expect(ready.statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table home_locations_away rename to home_locations`);
    }
  });
});
