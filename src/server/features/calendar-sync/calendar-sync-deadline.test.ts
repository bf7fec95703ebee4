/**
 * The hard stop on reading a feed: one whose rules look cheap but whose reading is not (node-ical
 * compares each repetition with every EXDATE) is stopped at the deadline and its thread ended;
 * the host sees why, the last blocks stay, the server kept answering, and the next sync reads again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '#shared/stay';
import { calendarOf, feedFixture, importCalls } from '#server/test/calendar-import';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const PARSE_TIMEOUT_MS = 3_000;
const t = useTestApp(() => ({ calendarFetch: { allowPrivate: true, parseTimeoutMs: PARSE_TIMEOUT_MS } }));
let host: SignedIn, feeds: FeedServer;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

/**
 * One daily event with 100,000 EXDATEs in lists of 1,000 (0.9 MB, under the 2 MB cap; all before 1975,
 * so none removes a repetition): 549 repetitions, each compared with every EXDATE — well over the
 * deadline even on a fast, idle machine (12,000 took under 3 s there).
 */
const SLOW = calendarOf(
  'BEGIN:VEVENT',
  'UID:slow@example.com',
  'DTSTART;VALUE=DATE:20261101',
  'DTEND;VALUE=DATE:20261102',
  'RRULE:FREQ=DAILY',
  ...Array.from(
    { length: 100 },
    (_, line) =>
      `EXDATE;VALUE=DATE:${Array.from({ length: 1_000 }, (_, i) => addDays('1700-01-01', line * 1_000 + i).replaceAll('-', '')).join(',')}`,
  ),
  'END:VEVENT',
);

it('a feed still being read at the deadline is stopped and says so; the next sync reads again', async () => {
  const calls = importCalls(t, host, feeds);
  const { homeId, importId } = await calls.syncedImport('/slow.ics');
  feeds.set('/slow.ics', { body: SLOW });
  const { after, slowest } = await calls.syncWhileServingWithin(homeId, importId, 100);
  expect(after).toMatchObject({ lastErrorCode: 'parse_timeout', blockedRanges: 1 });
  expect(after.lastError).toBe(
    'This calendar took more than 3 seconds to read, so StayHub stopped reading it. Nothing was imported from it.',
  );
  expect(slowest).toBeLessThan(100);
  feeds.set('/slow.ics', { body: feedFixture('outlook-timed.ics') });
  expect(await calls.synced(homeId, importId)).toMatchObject({ lastError: null, blockedRanges: 1 });
}, 90_000);
