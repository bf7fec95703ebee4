/**
 * Server-side request forgery through calendar imports, with CALENDAR_IMPORT_ALLOW_PRIVATE off:
 * syncing a feed at loopback, the metadata address, a name resolving to 10.x or a public feed
 * redirecting to loopback, or an IPv6 literal carrying a private IPv4 address (::127.0.0.1, 6to4,
 * NAT64) is refused, says why on the row, and reaches nothing inside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHome } from '#server/test/factories';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const t = useTestApp(() => ({
  calendarFetch: {
    allowPrivate: false,
    // 127.0.0.2 plays a public calendar host; everything else on loopback is inside.
    allowAddresses: ['127.0.0.2'],
    resolve: async (name: string) =>
      name === 'feeds.example.com' ? [{ address: '10.20.30.40', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
  },
}));

let host: SignedIn, inside: FeedServer, publicLike: FeedServer, homeId: string;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email })).id;
  inside = await startFeedServer('127.0.0.1');
  publicLike = await startFeedServer('127.0.0.2');
  inside.set('/admin.ics', { body: ICS });
  publicLike.set('/feed.ics', { body: ICS });
  publicLike.set('/moved.ics', { status: 302, headers: { location: inside.url('/admin.ics') } });
});
afterAll(async () => {
  await inside.close();
  await publicLike.close();
});

async function syncOf(url: string) {
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/home/${homeId}/calendar-imports`,
    headers: host.headers,
    payload: { url, name: 'Probe' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/home/${homeId}/calendar-imports/${added.json().id}/sync`,
    headers: host.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lastErrorCode: string | null; lastError: string | null; lastSyncedAt: string };
}

describe('calendar import SSRF guard (allow setting off)', () => {
  it.each([
    ['loopback', () => inside.url('/admin.ics')],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/iam/'],
    ['a public name resolving to 10.x', () => 'https://feeds.example.com/cal.ics'],
    ['a public feed redirecting to loopback', () => publicLike.url('/moved.ics')],
  ])('refuses %s and says so on the import', async (_name, url) => {
    const synced = await syncOf(url());
    expect(synced.lastErrorCode).toBe('address_not_allowed');
    expect(synced.lastError).toMatch(/does not fetch from|refused/);
    expect(synced.lastSyncedAt).toBeTruthy();
    expect(inside.requests).toEqual([]);
  });

  it.each([
    ['::127.0.0.1', (port: number) => `http://[::127.0.0.1]:${port}/admin.ics`],
    ['::10.0.0.1', () => 'http://[::10.0.0.1]/cal.ics'],
    ['::169.254.169.254', () => 'http://[::169.254.169.254]/latest/meta-data/'],
    ['6to4 of 127.0.0.1', (port: number) => `http://[2002:7f00:1::]:${port}/admin.ics`],
    ['NAT64 of 10.0.0.1', () => 'http://[64:ff9b::10.0.0.1]/cal.ics'],
  ])('refuses a link to the IPv6 form %s before connecting', async (_name, url) => {
    const synced = await syncOf(url(Number(new URL(inside.url('/')).port)));
    expect(synced.lastErrorCode).toBe('address_not_allowed');
    expect(synced.lastError).toMatch(/does not fetch from/);
    expect(inside.requests).toEqual([]);
  });

  it('still fetches a public feed', async () => {
    expect((await syncOf(publicLike.url('/feed.ics'))).lastErrorCode).toBeNull();
  });
});
