/**
 * What an imported feed may cost the server (issue 24): a feed is read off the event loop and its
 * rules' repetitions are counted before any is expanded, so other requests keep being answered;
 * an answer that is not a calendar is an error the host sees; a failed sync keeps the blocks of
 * the last good one; "Sync now" is limited per home. The read deadline: calendar-sync-deadline.test.ts.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calendarOf, feedFixture, importCalls } from '#server/test/calendar-import';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp(() => ({ calendarFetch: { allowPrivate: true } }));
let host: SignedIn, feeds: FeedServer, calls: ReturnType<typeof importCalls>;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  feeds = await startFeedServer();
  calls = importCalls(t, host, feeds);
});
afterAll(() => feeds.close());

/** The feed of the report: 5 events of yesterday (TEST_NOW is 2026-11-21), each repeating every second 9,999 times. */
const SECONDLY = calendarOf(
  ...[1, 2, 3, 4, 5].flatMap((n) => [
    'BEGIN:VEVENT',
    `UID:tick-${n}@example.com`,
    'DTSTART:20261120T000000Z',
    'DTEND:20261120T000001Z',
    'RRULE:FREQ=SECONDLY;COUNT=9999',
    'END:VEVENT',
  ]),
);

it('a 1 KB feed of SECONDLY rules is refused unexpanded while the server answers within 100 ms; the last blocks stay', async () => {
  const { homeId, importId } = await calls.syncedImport('/secondly.ics');
  feeds.set('/secondly.ics', { body: SECONDLY });
  expect(SECONDLY.length).toBeLessThan(1_500);
  const { after, slowest } = await calls.syncWhileServingWithin(homeId, importId, 100);
  expect(after).toMatchObject({ lastErrorCode: 'too_complex', blockedRanges: 1 });
  expect(after.lastError).toBe(
    'This calendar repeats its events too often for StayHub to read (more than 10,000 repetitions of one event, or 20,000 in all, to work out). Nothing was imported from it.',
  );
  expect(slowest).toBeLessThan(100);
});

describe('an answer that is not a calendar', () => {
  const answers: [string, string | Buffer][] = [
    [
      'an HTML page quoting a calendar',
      '<!DOCTYPE html><html><body><pre>BEGIN:VCALENDAR\nEND:VCALENDAR</pre></body></html>',
    ],
    ['a picture', Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)])],
    ['a compressed calendar', gzipSync(feedFixture('google-all-day.ics'))],
    ['a calendar cut off halfway', feedFixture('google-all-day.ics').slice(0, 200)],
    ['text after the calendar', `${feedFixture('google-all-day.ics')}\r\n<p>Powered by example.com</p>`],
    ['JSON', '{"error":"calendar not found"}'],
    ['nothing', ''],
  ];
  it.each(answers)('%s: "This link did not return a calendar", and the last blocks stay', async (what, body) => {
    const path = `/${what.replaceAll(' ', '-')}.ics`;
    const { homeId, importId } = await calls.syncedImport(path);
    feeds.set(path, { body });
    expect(await calls.synced(homeId, importId)).toMatchObject({
      lastErrorCode: 'not_a_calendar',
      lastError: 'This link did not return a calendar',
      blockedRanges: 1,
    });
  });

  it('an empty but well-formed calendar is no error: its nights are free again', async () => {
    const { homeId, importId } = await calls.syncedImport('/emptied.ics');
    feeds.set('/emptied.ics', { body: calendarOf('PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN') });
    expect(await calls.synced(homeId, importId)).toMatchObject({ lastError: null, blockedRanges: 0 });
  });
});

it('"Sync now" is limited to 10 syncs of one home\'s calendars in 10 minutes; other homes are not held up', async () => {
  // @fastify/rate-limit counts in real time (Date), the app in t.clock: here Date stands still and both
  // move together.
  vi.useFakeTimers({ toFake: ['Date'] });
  const advance = (ms: number) => {
    t.clock.advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
  try {
    const { homeId, importId } = await calls.syncedImport('/often.ics');
    // syncedImport synced once already.
    for (let n = 2; n <= 10; n++) await calls.synced(homeId, importId);
    const refused = await calls.sync(homeId, importId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_syncs',
        message:
          "This home's calendars were synced 10 times in the last 10 minutes. Try again in 10 minutes; they are also synced automatically.",
      },
    });
    const other = await calls.syncedImport('/other.ics');
    await calls.synced(other.homeId, other.importId);

    advance(9 * 60_000 + 30_000);
    expect((await calls.sync(homeId, importId)).json().error.message).toContain('Try again in 30 seconds;');
    advance(30_000);
    await calls.synced(homeId, importId);
  } finally {
    vi.useRealTimers();
  }
});
