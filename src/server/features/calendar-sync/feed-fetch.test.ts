/**
 * The SSRF guard and the limits of fetching an imported feed, against local servers. With
 * private addresses not allowed (the default), loopback, metadata, private names and redirects
 * into them are refused before anything is sent; a server on 127.0.0.2 plays a public one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '#server/test/feed-server';
import { refusedAddress } from './address-policy';
import { FeedFetchError, fetchFeed, type FetchPolicy } from './feed-fetch';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
let inside: FeedServer;
let publicLike: FeedServer;
beforeAll(async () => {
  inside = await startFeedServer('127.0.0.1');
  publicLike = await startFeedServer('127.0.0.2');
  inside.set('/secret.ics', { body: ICS });
});
afterAll(async () => {
  await inside.close();
  await publicLike.close();
});

/** Private addresses refused; only 127.0.0.2 (the "public" test server) let through. */
const strict: FetchPolicy = { allowPrivate: false, allowAddresses: ['127.0.0.2'] };

async function failure(url: string, policy: FetchPolicy): Promise<FeedFetchError> {
  try {
    await fetchFeed(url, {}, policy);
  } catch (err) {
    if (err instanceof FeedFetchError) return err;
    throw err;
  }
  throw new Error(`fetched ${url}`);
}

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddress(address, false)).toBe(range);
  });

  it('allows public unicast addresses, and private ones only with the setting (never multicast or unspecified)', () => {
    expect(refusedAddress('93.184.216.34', false)).toBeNull();
    expect(refusedAddress('2606:4700::6810:84e5', false)).toBeNull();
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).toBeNull();
    expect(refusedAddress('0.0.0.0', true)).toBe('unspecified');
    expect(refusedAddress('224.0.0.1', true)).toBe('multicast');
  });

  // Each IPv6 form that carries an IPv4 address is judged by the address inside.
  it.each([
    ['IPv4-compatible ::127.0.0.1', '::127.0.0.1', 'loopback'],
    ['IPv4-compatible ::10.0.0.1', '::10.0.0.1', 'private'],
    ['IPv4-compatible ::169.254.169.254', '::169.254.169.254', 'linkLocal'],
    ['IPv4-compatible, as a URL writes it', '::a9fe:a9fe', 'linkLocal'],
    ['IPv4-translated ::ffff:0:10.0.0.1', '::ffff:0:a00:1', 'private'],
    ['6to4 of 127.0.0.1', '2002:7f00:1::1', 'loopback'],
    ['6to4 of 192.168.1.1', '2002:c0a8:101::', 'private'],
    ['Teredo with a private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'],
    ['Teredo with a loopback client', '2001:0:808:808:8000:63bf:80ff:fffe', 'loopback'],
    ['NAT64 64:ff9b::10.0.0.1', '64:ff9b::a00:1', 'private'],
    ['NAT64 64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['local-use NAT64 (its layout is unknown)', '64:ff9b:1::7f00:1', 'rfc6052'],
    ['local-use NAT64 /48 of 10.0.0.1', '64:ff9b:1:a00:1:100::', 'rfc6052'],
  ])('refuses %s', (_name, address, range) => {
    expect(refusedAddress(address, false)).toBe(range);
  });

  it('lets IPv6 forms of a public IPv4 address through, and private ones with the setting', () => {
    for (const address of ['::8.8.8.8', '2002:808:808::1', '2001:0:808:808:8000:63bf:f7f7:f7f7', '64:ff9b::808:808']) {
      expect(refusedAddress(address, false), address).toBeNull();
    }
    expect(refusedAddress('::127.0.0.1', true)).toBeNull();
    expect(refusedAddress('2002:a00:1::', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('64:ff9b::e000:1', true)).toBe('multicast');
    expect(refusedAddress('64:ff9b:1::a00:1', true)).toBe('rfc6052');
  });
});

describe('fetchFeed with private addresses refused', () => {
  it.each([
    ['loopback', () => inside.url('/secret.ics')],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => 'http://[::1]/feed.ics'],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/feed.ics'],
    ['a decimal-encoded loopback', () => 'http://2130706433/feed.ics'],
  ])('refuses %s before connecting', async (_name, url) => {
    const before = inside.requests.length;
    expect((await failure(url(), strict)).code).toBe('address_not_allowed');
    expect(inside.requests.length).toBe(before);
  });

  it('refuses a public-looking name that resolves to 10.x (and one with any private address among its answers)', async () => {
    const resolve = async (name: string) =>
      name === 'calendar.example.com'
        ? [{ address: '10.0.0.7', family: 4 }]
        : [
            { address: '93.184.216.34', family: 4 },
            { address: '192.168.0.10', family: 4 },
          ];
    const err = await failure('https://calendar.example.com/feed.ics', { ...strict, resolve });
    expect(err.code).toBe('address_not_allowed');
    expect(err.message).toContain('10.0.0.7');
    expect((await failure('https://mixed.example.com/feed.ics', { ...strict, resolve })).code).toBe(
      'address_not_allowed',
    );
  });

  it('checks every redirect again: a public feed that redirects to loopback is refused', async () => {
    publicLike.set('/to-loopback.ics', { status: 302, headers: { location: inside.url('/secret.ics') } });
    publicLike.set('/to-localhost.ics', { status: 301, headers: { location: '/hop' } });
    publicLike.set('/hop', { status: 307, headers: { location: 'http://localhost/secret.ics' } });
    const before = inside.requests.length;
    expect((await failure(publicLike.url('/to-loopback.ics'), strict)).code).toBe('address_not_allowed');
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect((await failure(publicLike.url('/to-localhost.ics'), { ...strict, resolve })).code).toBe(
      'address_not_allowed',
    );
    expect(inside.requests.length).toBe(before);
  });

  it('follows at most 3 redirects, and only to http(s)', async () => {
    for (let i = 0; i < 4; i++) {
      publicLike.set(`/r${i}`, { status: 302, headers: { location: `/r${i + 1}` } });
    }
    publicLike.set('/r4', { body: ICS });
    publicLike.set('/r1-ok', { status: 302, headers: { location: '/r2' } });
    expect((await fetchFeed(publicLike.url('/r1-ok'), {}, strict)).status).toBe('ok');
    expect((await failure(publicLike.url('/r0'), strict)).code).toBe('too_many_redirects');
    publicLike.set('/to-file', { status: 302, headers: { location: 'file:///etc/passwd' } });
    expect((await failure(publicLike.url('/to-file'), strict)).code).toBe('unsupported_scheme');
    expect((await failure('ftp://127.0.0.2/feed.ics', strict)).code).toBe('unsupported_scheme');
  });
});

describe('fetchFeed limits and answers', () => {
  const open: FetchPolicy = { allowPrivate: true };

  it('caps the size (declared or streamed) and the time', async () => {
    inside.set('/huge.ics', { body: ICS + 'X'.repeat(3 * 1024 * 1024) });
    expect((await failure(inside.url('/huge.ics'), open)).code).toBe('too_large');
    inside.set('/slow.ics', { body: ICS, delayMs: 1_000 });
    const slow = await failure(inside.url('/slow.ics'), { ...open, timeoutMs: 200 });
    expect(slow.code).toBe('timeout');
  });

  it('says what a failing server answered, and when nothing listens', async () => {
    const missing = await failure(inside.url('/nope.ics'), open);
    expect(missing.code).toBe('http_error');
    expect(missing.message).toContain('404 Not Found');
    const closed = await startFeedServer();
    const url = closed.url('/x.ics');
    await closed.close();
    expect((await failure(url, open)).code).toBe('connection_refused');
    expect((await failure('http://no-such-name.invalid/x.ics', open)).code).toBe('dns_failed');
  });

  it('sends the validators it has and answers not_modified on 304', async () => {
    inside.set('/cond.ics', { body: ICS, etag: '"v1"', lastModified: 'Sat, 21 Nov 2026 09:00:00 GMT' });
    const first = await fetchFeed(inside.url('/cond.ics'), {}, open);
    expect(first).toMatchObject({ status: 'ok', etag: '"v1"', lastModified: 'Sat, 21 Nov 2026 09:00:00 GMT' });
    const again = await fetchFeed(
      inside.url('/cond.ics'),
      { etag: '"v1"', lastModified: 'Sat, 21 Nov 2026 09:00:00 GMT' },
      open,
    );
    expect(again).toEqual({ status: 'not_modified' });
    const last = inside.requests.at(-1)!;
    expect(last.headers['if-none-match']).toBe('"v1"');
    expect(last.headers['if-modified-since']).toBe('Sat, 21 Nov 2026 09:00:00 GMT');
  });
});
