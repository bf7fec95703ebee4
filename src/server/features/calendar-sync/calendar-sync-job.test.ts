/** The background worker: each pass syncs the imports not synced within half an interval. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calendarImports } from '#server/db/schema';
import { insertHome } from '#server/test/factories';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { useTestApp } from '#server/test/test-app';
import { startCalendarSync } from './calendar-sync-job';

const t = useTestApp();
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

it('fetches due feeds with conditional requests, skips fresh ones, records failures', async () => {
  feeds.set('/a.ics', {
    body: readFileSync(new URL('./fixtures/google-all-day.ics', import.meta.url), 'utf8'),
    etag: '"a1"',
  });
  const home = await insertHome(t.db);
  await t.db.insert(calendarImports).values([
    { homeId: home.id, name: 'A', url: feeds.url('/a.ics') },
    { homeId: home.id, name: 'Missing', url: feeds.url('/missing.ics') },
  ]);
  const deps = { db: t.db, clock: t.clock, fetchPolicy: { allowPrivate: true } };
  const job = startCalendarSync(deps, { intervalMs: 30 * 60_000 });
  try {
    // The job's first pass starts at once; runNow waits for it and runs a second one.
    expect(await job.runNow()).toEqual({ synced: 0, failed: 0 });
    expect(feeds.requests.map((r) => [r.path, r.status]).sort()).toEqual([
      ['/a.ics', 200],
      ['/missing.ics', 404],
    ]);
    t.clock.advance(16 * 60_000);
    const seen = feeds.requests.length;
    expect(await job.runNow()).toEqual({ synced: 1, failed: 1 });
    expect(
      feeds.requests
        .slice(seen)
        .map((r) => [r.path, r.status])
        .sort(),
    ).toEqual([
      ['/a.ics', 304],
      ['/missing.ics', 404],
    ]);
  } finally {
    await job.stop();
  }
});
