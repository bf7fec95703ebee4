import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeListSchema, type Home } from '#shared/schemas/homes';
import { homesUrl } from '#shared/public-data';
import { aHome } from '#shared/test/home-factory';
import { ApiError, apiRequest, fetchHome, fetchHomesPage, isPermanentFailure, parseNextLink } from './api';

const home: Home = aHome({
  _id: '0b6f3c1e-6a53-4b55-9b0c-8d2b7d2f1a10',
  title: 'Sunny loft',
  image: '/uploads/a-1280.webp',
  images: ['/uploads/a-1280.webp'],
  price: 120.5,
  from: '2026-06-01',
  to: '2026-06-30',
  hostEmail: 'host@example.com',
  email: 'host@example.com',
});

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });
}

afterEach(() => vi.unstubAllGlobals());

describe('parseNextLink', () => {
  it('finds rel="next"', () => {
    expect(parseNextLink('</api/homes?limit=24&cursor=aDEy>; rel="next"')).toBe('/api/homes?limit=24&cursor=aDEy');
  });

  it('finds next among several links, any parameter order, unquoted or multi-valued rel', () => {
    const header = '</api/homes?cursor=a>; rel="prev", </api/homes?cursor=b>; title="more, please"; rel=next';
    expect(parseNextLink(header)).toBe('/api/homes?cursor=b');
    expect(parseNextLink('</x?a=1,2>; rel="last next"')).toBe('/x?a=1,2');
    expect(parseNextLink('</x>; REL="Next"')).toBe('/x');
  });

  it('returns null without a next link', () => {
    expect(parseNextLink(null)).toBeNull();
    expect(parseNextLink('')).toBeNull();
    expect(parseNextLink('</api/homes?cursor=a>; rel="prev"')).toBeNull();
    expect(parseNextLink('</api/homes?cursor=a>; rel="nextpage"')).toBeNull();
  });
});

describe('homesUrl', () => {
  it('sends dates only as a pair', () => {
    expect(homesUrl()).toBe('/api/homes');
    expect(homesUrl({ limit: 4 })).toBe('/api/homes?limit=4');
    expect(homesUrl({ location: 'Lisbon', checkIn: '2026-06-01' })).toBe('/api/homes?location=Lisbon');
    expect(homesUrl({ location: 'São Paulo', checkIn: '2026-06-01', checkOut: '2026-06-03' })).toBe(
      '/api/homes?location=S%C3%A3o+Paulo&checkIn=2026-06-01&checkOut=2026-06-03',
    );
  });
});

describe('fetch client', () => {
  it('parses a page of homes and its next link', async () => {
    const fetchMock = vi.fn(async () =>
      json([home], { headers: { link: '</api/homes?limit=1&cursor=abc>; rel="next"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchHomesPage({ limit: 1 });
    expect(page.homes).toEqual([home]);
    expect(page.next).toBe('/api/homes?limit=1&cursor=abc');
    expect(fetchMock).toHaveBeenCalledWith('/api/homes?limit=1', expect.anything());
  });

  it('follows a next link on the same origin only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    await expect(fetchHomesPage('/api/homes?cursor=abc')).resolves.toEqual({ homes: [], next: null, match: null });
    await expect(fetchHomesPage('https://evil.example/api/homes')).rejects.toBeInstanceOf(ApiError);
  });

  it('throws ApiError with the status, code and message of the error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'not_found', message: 'No home with this id' } }, { status: 404 })),
    );
    const error = await fetchHome('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No home with this id' });
    expect(isPermanentFailure(error)).toBe(true);
  });

  it('throws ApiError for a body in the wrong shape, a non-JSON error and a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([{ title: 'no id' }])),
    );
    await expect(apiRequest('/api/homes', homeListSchema)).rejects.toMatchObject({ code: 'invalid_response' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const gateway = await fetchHomesPage({}).catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, code: 'http_error' });
    expect(isPermanentFailure(gateway)).toBe(false);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchHome('x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
