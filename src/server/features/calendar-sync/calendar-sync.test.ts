/**
 * Calendar sync through the API: a home's secret feed (GET /api/calendar/:token.ics, rotation)
 * and imported feeds (add, list, sync, delete) served by a local HTTP server in the formats of
 * real calendar programs; a round trip from one StayHub home's feed into another home.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarFeedSchema, calendarImportSchema } from '#shared/schemas/calendar-sync';
import { bookingRow, bookStay } from '#server/test/booking-test-helpers';
import { postBlock, unblockNightsCall } from '#server/test/calendar';
import { insertHome } from '#server/test/factories';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';
import { calendarImports, homeBlocks } from '#server/db/schema';
import { lockWaitSeen, sessionHoldingHome } from '#server/test/lock-sessions';

const t = useTestApp(() => ({ calendarFetch: { allowPrivate: true } }));
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let host: SignedIn, otherHost: SignedIn, feeds: FeedServer;
beforeAll(async () => {
  [host, otherHost] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'host')]);
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const newHome = async () => (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email })).id;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn | null = host, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload && { payload }) });

async function addImport(homeId: string, url: string, name = 'Other channel') {
  const res = await call('POST', `/api/home/${homeId}/calendar-imports`, host, { url, name });
  expect(res.statusCode, res.body).toBe(201);
  return calendarImportSchema.parse(res.json());
}
async function sync(homeId: string, importId: string) {
  const res = await call('POST', `/api/home/${homeId}/calendar-imports/${importId}/sync`);
  expect(res.statusCode, res.body).toBe(200);
  return calendarImportSchema.parse(res.json());
}
/** The home's imported blocks as [from, to) pairs, in date order. */
async function importedNights(homeId: string) {
  const rows = await t.db
    .select({ from: sql<string>`lower(${homeBlocks.stay})::text`, to: sql<string>`upper(${homeBlocks.stay})::text` })
    .from(homeBlocks)
    .where(eq(homeBlocks.homeId, homeId))
    .orderBy(sql`lower(${homeBlocks.stay})`);
  return rows.map((r) => [r.from, r.to]);
}

describe('imported calendars', () => {
  it('blocks the nights of Google, Outlook and Apple feeds after a sync, and lists them', async () => {
    const homeId = await newHome();
    feeds.set('/google.ics', { body: fixture('google-all-day.ics') });
    feeds.set('/outlook.ics', { body: fixture('outlook-timed.ics') });
    feeds.set('/apple.ics', { body: fixture('apple-recurring.ics') });
    const google = await addImport(homeId, feeds.url('/google.ics'), 'Google');
    expect(google).toMatchObject({ name: 'Google', lastSyncedAt: null, lastError: null, blockedRanges: 0 });
    const outlook = await addImport(homeId, feeds.url('/outlook.ics'), 'Outlook');
    const apple = await addImport(homeId, feeds.url('/apple.ics'), 'Apple');
    expect((await sync(homeId, google.id)).blockedRanges).toBe(1);
    await sync(homeId, outlook.id);
    const synced = await sync(homeId, apple.id);
    expect(synced).toMatchObject({ lastSyncedAt: '2026-11-21T10:00:00.000Z', lastError: null, blockedRanges: 4 });
    expect(await importedNights(homeId)).toEqual([
      ['2026-12-05', '2026-12-08'],
      ['2026-12-15', '2026-12-18'],
      ['2026-12-20', '2026-12-22'],
      ['2027-01-02', '2027-01-03'],
      ['2027-01-16', '2027-01-17'],
      ['2027-01-23', '2027-01-24'],
    ]);
    // The host's calendar names the imported calendar of each night it blocks.
    const calendar = await call('GET', `/api/home/${homeId}/calendar?from=2026-12-05&to=2026-12-06`);
    expect(calendar.json().nights[0]).toMatchObject({ date: '2026-12-05', status: 'imported', importName: 'Google' });
    const list = await call('GET', `/api/home/${homeId}/calendar-imports`);
    expect(list.json().imports.map((i: { name: string; blockedRanges: number }) => [i.name, i.blockedRanges])).toEqual([
      ['Google', 1],
      ['Outlook', 1],
      ['Apple', 4],
    ]);
  });

  it('asks conditionally: a 304 keeps the blocks; a changed feed replaces them and a removed event unblocks', async () => {
    const homeId = await newHome();
    const two = fixture('google-all-day.ics').replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:second@google.com\r\nDTSTART;VALUE=DATE:20270110\r\nDTEND;VALUE=DATE:20270112\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    feeds.set('/changing.ics', { body: two, etag: '"rev-1"', lastModified: 'Fri, 20 Nov 2026 09:00:00 GMT' });
    const imp = await addImport(homeId, feeds.url('/changing.ics'));
    await sync(homeId, imp.id);
    expect(await importedNights(homeId)).toEqual([
      ['2026-12-05', '2026-12-08'],
      ['2027-01-10', '2027-01-12'],
    ]);

    t.clock.advance(60_000);
    const unchanged = await sync(homeId, imp.id);
    const last = feeds.requests.at(-1)!;
    expect(last).toMatchObject({ path: '/changing.ics', status: 304 });
    expect(last.headers['if-none-match']).toBe('"rev-1"');
    expect(last.headers['if-modified-since']).toBe('Fri, 20 Nov 2026 09:00:00 GMT');
    expect(unchanged.lastSyncedAt).toBe('2026-11-21T10:01:00.000Z');
    expect(await importedNights(homeId)).toHaveLength(2);

    feeds.set('/changing.ics', { body: fixture('google-all-day.ics'), etag: '"rev-2"' });
    await sync(homeId, imp.id);
    expect(await importedNights(homeId)).toEqual([['2026-12-05', '2026-12-08']]);
  });

  it('keeps an event over a confirmed booking and shows it as a conflict; the booking stays confirmed', async () => {
    const homeId = await newHome();
    const guest = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, guest, { homeId, checkIn: '2026-12-06', checkOut: '2026-12-09' });
    feeds.set('/clash.ics', { body: fixture('google-all-day.ics') });
    const imp = await addImport(homeId, feeds.url('/clash.ics'));
    const synced = await sync(homeId, imp.id);
    expect(synced.conflicts).toEqual([
      {
        from: '2026-12-05',
        to: '2026-12-08',
        bookingId: stay.bookingId,
        bookingFrom: '2026-12-06',
        bookingTo: '2026-12-09',
      },
    ]);
    expect((await bookingRow(t.db, stay.bookingId)).status).toBe('confirmed');
  });

  it('records why a sync failed on the row and keeps the blocks it had', async () => {
    const homeId = await newHome();
    feeds.set('/flaky.ics', { body: fixture('outlook-timed.ics') });
    const imp = await addImport(homeId, feeds.url('/flaky.ics'));
    await sync(homeId, imp.id);
    feeds.set('/flaky.ics', { status: 500, body: 'oops' });
    const failed = await sync(homeId, imp.id);
    expect(failed).toMatchObject({ lastErrorCode: 'http_error', blockedRanges: 1 });
    expect(failed.lastError).toContain('500');
    feeds.set('/flaky.ics', { body: '<html>Please sign in</html>' });
    expect((await sync(homeId, imp.id)).lastErrorCode).toBe('not_a_calendar');
    feeds.set('/flaky.ics', { body: fixture('outlook-timed.ics') });
    expect((await sync(homeId, imp.id)).lastError).toBeNull();
  });

  it('deleting an import unblocks its nights; duplicates and bad links are refused', async () => {
    const homeId = await newHome();
    feeds.set('/gone.ics', { body: fixture('google-all-day.ics') });
    const imp = await addImport(homeId, feeds.url('/gone.ics'));
    await sync(homeId, imp.id);
    const dup = await call('POST', `/api/home/${homeId}/calendar-imports`, host, {
      url: feeds.url('/gone.ics'),
      name: 'x',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('already_imported');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url', '']) {
      const bad = await call('POST', `/api/home/${homeId}/calendar-imports`, host, { url, name: 'x' });
      expect(bad.statusCode, url).toBe(400);
    }
    expect((await call('DELETE', `/api/home/${homeId}/calendar-imports/${imp.id}`)).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await importedNights(homeId)).toEqual([]);
    expect((await call('DELETE', `/api/home/${homeId}/calendar-imports/${imp.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/home/${homeId}/calendar-imports`)).json()).toEqual({ imports: [] });
  });

  it("another host cannot see, add, sync or delete a home's imports", async () => {
    const homeId = await newHome();
    feeds.set('/private.ics', { body: fixture('google-all-day.ics') });
    const imp = await addImport(homeId, feeds.url('/private.ics'));
    expect((await call('GET', `/api/home/${homeId}/calendar-imports`, otherHost)).statusCode).toBe(403);
    expect((await call('POST', `/api/home/${homeId}/calendar-imports/${imp.id}/sync`, otherHost)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/home/${homeId}/calendar-imports/${imp.id}`, otherHost)).statusCode).toBe(403);
    // An import of one home cannot be reached through another home's path.
    const mine = await newHome();
    expect((await call('POST', `/api/home/${mine}/calendar-imports/${imp.id}/sync`)).statusCode).toBe(404);
  });
});

// PGlite has one connection: the other session needs PostgreSQL.
describe.skipIf(inject('dbMode') !== 'postgres')('a sync and a home deletion at once (PostgreSQL)', () => {
  it("takes the home's row before the import's (ADR 0029), so the deletion goes through and the sync answers", async () => {
    const homeId = await newHome();
    feeds.set('/lock-order.ics', { body: fixture('google-all-day.ics') });
    const imp = await addImport(homeId, feeds.url('/lock-order.ics'));

    // Deleting the home holds its row, then reaches its imports (ON DELETE CASCADE).
    const deletion = await sessionHoldingHome(t.db, homeId);
    const synced = call('POST', `/api/home/${homeId}/calendar-imports/${imp.id}/sync`);
    await lockWaitSeen(t.db);
    expect(await deletion.finish((tx) => tx.delete(calendarImports).where(eq(calendarImports.homeId, homeId)))).toBe(
      'done',
    );
    expect((await synced).statusCode).toBeLessThan(500);
  });
});

describe('the export feed', () => {
  it('serves each confirmed stay and host block as an all-day "Reserved" event; rotation makes the old URL 404', async () => {
    const homeId = await newHome();
    const guest = await signInAs(t.app, 'guest', { name: 'Secret Name' });
    const stay = await bookStay(
      t.app,
      guest,
      { homeId, checkIn: '2026-12-10', checkOut: '2026-12-13' },
      'private note',
    );
    const [block] = await t.db
      .insert(homeBlocks)
      .values({ homeId, stay: '[2026-12-20,2026-12-24)', note: 'painting', source: 'host' })
      .returning();

    const feed = calendarFeedSchema.parse((await call('GET', `/api/home/${homeId}/calendar-feed`)).json());
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(calendarFeedSchema.parse((await call('GET', `/api/home/${homeId}/calendar-feed`)).json()).url).toBe(
      feed.url,
    );
    const path = new URL(feed.url).pathname;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = res.body;
    expect(ics).toContain(`UID:booking-${stay.bookingId}@stayhub`);
    expect(ics).toContain(`UID:block-${block!.id}@stayhub`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261210\r\nDTEND;VALUE=DATE:20261213');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261220\r\nDTEND;VALUE=DATE:20261224');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.match(/SUMMARY:Reserved/g)).toHaveLength(2);
    for (const secret of ['Secret Name', guest.user.email, 'private note', 'painting'])
      expect(ics).not.toContain(secret);
    // The same state answers the same bytes.
    expect((await t.app.inject({ method: 'GET', url: path })).body).toBe(ics);

    const rotated = await call('POST', `/api/home/${homeId}/calendar-feed/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().url).not.toBe(feed.url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(rotated.json().url).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(404);
    expect((await call('GET', `/api/home/${homeId}/calendar-feed`, otherHost)).statusCode).toBe(403);
  });

  it('a request waiting for the host holds its nights in the feed and against imports, as a confirmed stay (ADR 0050)', async () => {
    const homeId = (
      await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, bookingMode: 'request' })
    ).id;
    const guest = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, guest, { homeId, checkIn: '2026-12-06', checkOut: '2026-12-09' });
    expect((await bookingRow(t.db, stay.bookingId)).status).toBe('requested');

    const feed = calendarFeedSchema.parse((await call('GET', `/api/home/${homeId}/calendar-feed`)).json());
    const ics = (await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname })).body;
    expect(ics).toContain(`UID:booking-${stay.bookingId}@stayhub`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261206\r\nDTEND;VALUE=DATE:20261209');

    // Booked elsewhere over the request: the host sees the clash before answering.
    feeds.set('/request-clash.ics', { body: fixture('google-all-day.ics') });
    const imp = await addImport(homeId, feeds.url('/request-clash.ics'));
    expect((await sync(homeId, imp.id)).conflicts).toEqual([
      {
        from: '2026-12-05',
        to: '2026-12-08',
        bookingId: stay.bookingId,
        bookingFrom: '2026-12-06',
        bookingTo: '2026-12-09',
      },
    ]);
  });

  it("a block whose nights change is a newer revision of its event (SEQUENCE, DTSTAMP); a block's split-off part is an event of its own", async () => {
    t.clock.set(TEST_NOW);
    const homeId = await newHome();
    const created = await postBlock(t.app, host, homeId, { from: '2027-03-01', to: '2027-03-11', note: 'Roof' });
    expect(created.statusCode, created.body).toBe(201);
    const uid = `block-${(created.json() as { id: string }).id}@stayhub`;
    const path = new URL(calendarFeedSchema.parse((await call('GET', `/api/home/${homeId}/calendar-feed`)).json()).url)
      .pathname;
    /** The feed's events by UID: their nights, SEQUENCE and DTSTAMP as the feed prints them. */
    const events = async () => {
      const body = (await t.app.inject({ method: 'GET', url: path })).body;
      const byUid: Record<string, string> = {};
      for (const [, event] of body.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)) {
        const field = (name: string) => new RegExp(`^${name}[;:](?:VALUE=DATE:)?(.*)\r$`, 'm').exec(event!)?.[1];
        byUid[field('UID')!] = `${field('DTSTART')}-${field('DTEND')} #${field('SEQUENCE')} @${field('DTSTAMP')}`;
      }
      return byUid;
    };
    expect(await events()).toEqual({ [uid]: '20270301-20270311 #0 @20261121T100000Z' });

    t.clock.set('2026-11-22T08:30:00.000Z');
    expect((await unblockNightsCall(t.app, host, homeId, { from: '2027-03-04', to: '2027-03-06' })).statusCode).toBe(
      200,
    );
    const split = await events();
    expect(split[uid]).toBe('20270301-20270304 #1 @20261122T083000Z');
    const [other, ...rest] = Object.keys(split).filter((key) => key !== uid);
    expect(rest).toEqual([]);
    expect(split[other!]).toBe('20270306-20270311 #0 @20261122T083000Z');

    t.clock.set('2026-11-23T09:00:00.000Z');
    expect((await unblockNightsCall(t.app, host, homeId, { from: '2027-03-01', to: '2027-03-02' })).statusCode).toBe(
      200,
    );
    expect(await events()).toEqual({
      [uid]: '20270302-20270304 #2 @20261123T090000Z',
      [other!]: '20270306-20270311 #0 @20261122T083000Z',
    });
    // Asked again with nothing changed, the feed is the same.
    t.clock.set('2026-11-24T09:00:00.000Z');
    expect(await events()).toEqual({
      [uid]: '20270302-20270304 #2 @20261123T090000Z',
      [other!]: '20270306-20270311 #0 @20261122T083000Z',
    });
    t.clock.set(TEST_NOW);
  });

  it('round trip: another StayHub home imports the feed over HTTP and blocks the same nights', async () => {
    const source = await newHome();
    const guest = await signInAs(t.app, 'guest');
    await bookStay(t.app, guest, { homeId: source, checkIn: '2027-01-04', checkOut: '2027-01-09' });
    await t.db.insert(homeBlocks).values({ homeId: source, stay: '[2027-02-01,2027-02-03)', source: 'host' });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const feedUrl = new URL(
      calendarFeedSchema.parse((await call('GET', `/api/home/${source}/calendar-feed`)).json()).url,
    );
    const target = await newHome();
    const imp = await addImport(target, `http://127.0.0.1:${port}${feedUrl.pathname}`, 'StayHub');
    const synced = await sync(target, imp.id);
    expect(synced.lastError).toBeNull();
    expect(await importedNights(target)).toEqual([
      ['2027-01-04', '2027-01-09'],
      ['2027-02-01', '2027-02-03'],
    ]);
  });
});
