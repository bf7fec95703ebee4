import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { jobs } from '#server/db/schema';
import { createTestDatabase } from '#server/test/test-database';
import { releaseAllLeases, runExclusively } from './job-queue';
import { startPeriodicJob } from './periodic-job';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('runExclusively (one pass of a periodic job at a time across processes)', () => {
  it('skips a pass while another holds the job, and runs once it is over', async () => {
    const exclusive = runExclusively(database.db, 'test-job');
    let release!: () => void;
    const first = exclusive(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    await expect.poll(() => release).toBeTypeOf('function');
    expect(await exclusive(async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await exclusive(async () => 'third')).toEqual({ ran: true, value: 'third' });
  });

  it('frees the job when the pass fails', async () => {
    const exclusive = runExclusively(database.db, 'failing-job');
    await expect(exclusive(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await exclusive(async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it("takes over the job once a dead process's lease has ended, not before", async () => {
    await database.db.insert(jobs).values({
      kind: 'periodic',
      name: 'orphaned-job',
      lockedBy: 'gone:1:abc',
      lockedUntil: sql`now() + interval '1 second'`,
    });
    const exclusive = runExclusively(database.db, 'orphaned-job');
    expect(await exclusive(async () => 'early')).toEqual({ ran: false });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await exclusive(async () => 'late')).toEqual({ ran: true, value: 'late' });
  });

  it('renews the lease while a long pass runs', async () => {
    const exclusive = runExclusively(database.db, 'long-job', { leaseMs: 600 });
    const until = () =>
      database.db
        .select({ t: jobs.lockedUntil })
        .from(jobs)
        .where(eq(jobs.name, 'long-job'))
        .then(([r]) => r?.t?.getTime() ?? 0);
    const pass = exclusive(async () => {
      const before = await until();
      await new Promise((r) => setTimeout(r, 1_500));
      return { before, after: await until() };
    });
    const other = await (async () => {
      // Past the first lease: only a renewed one keeps the other out.
      await new Promise((r) => setTimeout(r, 1_000));
      return exclusive(async () => 'other');
    })();
    const result = await pass;
    expect(other).toEqual({ ran: false });
    expect(result.ran && result.value.after).toBeGreaterThan(result.ran ? result.value.before : 0);
  });

  it('releaseAllLeases frees what a killed single process held (PGlite restarts)', async () => {
    await database.db.insert(jobs).values({
      kind: 'periodic',
      name: 'killed-job',
      lockedBy: 'me-before:1:abc',
      lockedUntil: sql`now() + interval '1 hour'`,
    });
    await releaseAllLeases(database.db);
    expect(await runExclusively(database.db, 'killed-job')(async () => 'ran')).toEqual({ ran: true, value: 'ran' });
  });

  it('startPeriodicJob counts a pass another process runs as skipped', async () => {
    const outcomes: string[] = [];
    const exclusive = runExclusively(database.db, 'periodic-test');
    let release!: () => void;
    const held = exclusive(() => new Promise<void>((resolve) => (release = resolve)));
    await expect.poll(() => release).toBeTypeOf('function');
    const job = startPeriodicJob({
      name: 'periodic test',
      intervalMs: 3_600_000,
      pass: async () => 1,
      worthLogging: () => false,
      exclusive,
      onPass: (o) => outcomes.push(o),
    });
    expect(await job.runNow()).toBeNull();
    release();
    await held;
    expect(await job.runNow()).toBe(1);
    await job.stop();
    expect(outcomes).toEqual(['skipped', 'skipped', 'ok']);
  });
});
