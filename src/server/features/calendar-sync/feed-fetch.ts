/**
 * Fetches an imported calendar feed with the SSRF guard: http(s) only; the host name is resolved
 * here and every address checked (address-policy.ts); the connection is made to exactly the
 * address that was checked (a `lookup` handed to the request, so a second DNS answer cannot
 * swap in a private one) and the socket's peer is checked again; redirects are followed by
 * hand, at most 3, each checked the same way; the body is capped and the whole fetch has a
 * deadline. Conditional requests (If-None-Match / If-Modified-Since) save the parse when the
 * feed did not change.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { CalendarFetchPolicy } from '#server/app-context';
import { refusedAddress } from './address-policy';

export type FetchPolicy = CalendarFetchPolicy;
type ResolveHost = NonNullable<FetchPolicy['resolve']>;

const FEED_MAX_BYTES = 2 * 1024 * 1024;
const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_REDIRECTS = 3;

/** A fetch that failed, with a stable code and a message a host can act on (stored on the import row). */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type FeedFetchResult =
  { status: 'not_modified' } | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

const defaultResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The one address to connect to for `url`, after checking every address the name has. */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refuse = (address: string, why: string) =>
    new FeedFetchError(
      'address_not_allowed',
      `The calendar link points to ${address} (${why}), which StayHub does not fetch from. Use the public link your calendar gives out.`,
    );
  if (isIP(host)) {
    const why = refusedAddress(host, policy.allowPrivate, policy.allowAddresses);
    if (why) throw refuse(host, why);
    return { address: host, family: isIP(host) };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (policy.resolve ?? defaultResolve)(host);
  } catch {
    throw new FeedFetchError('dns_failed', `The name ${host} could not be found. Check the calendar link.`);
  }
  if (!addresses.length) throw new FeedFetchError('dns_failed', `The name ${host} has no address.`);
  // Every address must pass: otherwise a name with one public and one private address could be aimed inside.
  for (const a of addresses) {
    const why = refusedAddress(a.address, policy.allowPrivate, policy.allowAddresses);
    if (why) throw refuse(`${host} (${a.address})`, why);
  }
  return addresses[0]!;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function requestOnce(
  url: URL,
  target: { address: string; family: number },
  headers: Record<string, string>,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<Hop> {
  const maxBytes = policy.maxBytes ?? FEED_MAX_BYTES;
  // The connection goes to the address that was checked, whatever DNS says now (TLS still verifies the name).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(url, { method: 'GET', headers, lookup, signal, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        resolve({ status, headers: res.headers, body: '' });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        reject(tooLarge(maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(tooLarge(maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        // Belt and braces: the peer actually connected to must pass too.
        const peer = socket.remoteAddress;
        const why = peer ? refusedAddress(peer, policy.allowPrivate, policy.allowAddresses) : 'unknown peer';
        if (why) req.destroy(new FeedFetchError('address_not_allowed', `Connected to ${peer} (${why}); refused.`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const tooLarge = (maxBytes: number) =>
  new FeedFetchError(
    'too_large',
    `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; StayHub does not import it.`,
  );

function networkError(err: unknown, host: string, timeoutMs: number): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'AbortError' || e.code === 'ABORT_ERR') {
    return new FeedFetchError('timeout', `${host} did not answer within ${timeoutMs / 1000} seconds.`);
  }
  if (e.code === 'ECONNREFUSED') return new FeedFetchError('connection_refused', `${host} refused the connection.`);
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') {
    return new FeedFetchError('connection_failed', `${host} closed the connection.`);
  }
  if (e.code && /CERT|SSL|TLS/i.test(e.code)) {
    return new FeedFetchError('tls_failed', `The secure connection to ${host} failed (${e.code}).`);
  }
  return new FeedFetchError('fetch_failed', `The calendar could not be fetched from ${host}.`);
}

/** GETs the feed (following at most 3 checked redirects); 304 answers `not_modified`. */
export async function fetchFeed(
  rawUrl: string,
  validators: { etag?: string | null; lastModified?: string | null },
  policy: FetchPolicy,
): Promise<FeedFetchResult> {
  const timeoutMs = policy.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxRedirects = policy.maxRedirects ?? FEED_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FeedFetchError('invalid_url', 'The calendar link is not a valid URL.');
  }
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'user-agent': 'StayHub-Calendar-Sync/1.0',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;

  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FeedFetchError('unsupported_scheme', `Only http:// and https:// calendar links can be imported.`);
    }
    const target = await checkedAddress(url, policy);
    let res: Hop;
    try {
      res = await requestOnce(url, target, headers, policy, signal);
    } catch (err) {
      throw networkError(err, url.hostname, timeoutMs);
    }
    if (res.status === 304) return { status: 'not_modified' };
    if ([301, 302, 303, 307, 308].includes(res.status)) {
      const location = res.headers.location;
      if (!location)
        throw new FeedFetchError('http_error', `${url.hostname} answered ${res.status} without a new location.`);
      if (hop >= maxRedirects) {
        throw new FeedFetchError('too_many_redirects', `The calendar link redirected more than ${maxRedirects} times.`);
      }
      try {
        url = new URL(location, url);
      } catch {
        throw new FeedFetchError('http_error', `${url.hostname} redirected to an invalid location.`);
      }
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      throw new FeedFetchError(
        'http_error',
        `${url.hostname} answered ${res.status}${http.STATUS_CODES[res.status] ? ` ${http.STATUS_CODES[res.status]}` : ''}.`,
      );
    }
    const header = (name: string) => {
      const v = res.headers[name];
      return typeof v === 'string' && v.length <= 500 ? v : null;
    };
    return { status: 'ok', body: res.body, etag: header('etag'), lastModified: header('last-modified') };
  }
}
