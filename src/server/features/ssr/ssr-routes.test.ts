import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../metrics';
import { insertBooking, insertHome, insertReview, insertUser } from '../../test/factories';
import { signInAs, useTestApp } from '../../test/test-app';

// A built client as the server reads it: index.html's asset tags and the experiences file.
const clientDir = mkdtempSync(join(tmpdir(), 'stayhub-ssr-'));
writeFileSync(
  join(clientDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>x</title>
  <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`,
);
writeFileSync(
  join(clientDir, 'expdata.json'),
  JSON.stringify([
    { image: '/experiences/a-1280.webp', title: 'Surf lesson at dawn', location: 'Ericeira', price: 45 },
  ]),
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const metrics = createMetrics();
const t = useTestApp(() => ({ clientDir, metrics }));

let homeId = '';
beforeAll(async () => {
  const home = await insertHome(t.db, {
    title: 'Blue door cottage',
    description: 'A quiet cottage with a fig tree & a <blue> door.',
    priceCents: 12_345,
    location: 'Zanzibar, Tanzania',
    images: ['/uploads/cottage-1280.webp', '/uploads/cottage-b-1280.webp'],
  });
  homeId = home.id;
  const guest = await insertUser(t.db, { name: 'Marta Reviewer' });
  const stay = await insertBooking(t.db, home, { guestId: guest.id, guestEmail: guest.email });
  await insertReview(t.db, stay, { text: 'The fig tree shades the terrace all afternoon.', overall: 4 });
  for (let i = 0; i < 3; i++) await insertHome(t.db, { title: `Older flat ${i}` });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The state the page hands to the browser (the JSON script), parsed. */
function stateOf(html: string) {
  const json = /<script id="stayhub-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its state').toBeTruthy();
  return JSON.parse(json!) as { query: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
}

describe('server-rendered public pages', () => {
  it('renders a home with its title, price, description and LCP picture, in a whole document', async () => {
    const res = await get(`/details/${homeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html>') || html.startsWith('<!doctype html>')).toBe(true);
    // The page's <title> is hoisted into <head>, replacing nothing else.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Blue door cottage · StayHub</title>');
    expect(head).toContain('<script type="module" crossorigin="" src="/assets/index-abc.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/index-abc.css"/>');
    expect(html).toContain('<h1 class="min-h-10 text-3xl font-bold text-gray-900 sm:text-4xl">Blue door cottage</h1>');
    expect(html).toContain('$123.45');
    expect(html).toContain('A quiet cottage with a fig tree &amp; a &lt;blue&gt; door.');
    expect(html).toMatch(
      /<img src="\/uploads\/cottage-1280.webp" srcSet="\/uploads\/cottage-640.webp 640w, \/uploads\/cottage-960.webp 960w, \/uploads\/cottage-1280.webp 1280w" sizes="[^"]+" alt="Blue door cottage" width="1280" height="960" fetchPriority="high"/,
    );
    // The home travels to the browser under the key the page reads, so it is not fetched again.
    const detail = stateOf(html).query.queries.find((q) => q.queryKey[1] === 'detail');
    expect(detail?.queryKey).toEqual(['homes', 'detail', homeId]);
    expect((detail?.state.data as { title: string }).title).toBe('Blue door cottage');
    // The state cannot end its script element early.
    expect(/<script id="stayhub-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]).not.toContain('<blue>');
  });

  it('renders the home’s published reviews too, and hands them to the browser as the API answers them', async () => {
    const html = (await get(`/details/${homeId}`)).body;
    expect(html).toContain('The fig tree shades the terrace all afternoon.');
    expect(html).toContain('Marta Reviewer');
    expect(html).not.toContain('Loading reviews');
    const reviews = stateOf(html).query.queries.find((q) => q.queryKey[0] === 'reviews');
    expect(reviews?.queryKey).toEqual(['reviews', 'home', homeId]);
    const api = (await get(`/api/home/${homeId}/reviews`)).json();
    expect(reviews?.state.data).toEqual({ pages: [api], pageParams: [null] });
  });

  it('answers the same home as the API does', async () => {
    const api = (await get(`/api/home/${homeId}`)).json();
    const detail = stateOf((await get(`/details/${homeId}`)).body).query.queries.find(
      (q) => q.queryKey[1] === 'detail',
    );
    expect(detail?.state.data).toEqual(api);
  });

  it('lists the newest homes on /all-home, with the first card fetched first and later ones lazy', async () => {
    const res = await get('/all-home');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>All homes · StayHub</title>');
    const titles = [...res.body.matchAll(/<a [^>]*href="\/details\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles.slice(0, 4)).toEqual(['Older flat 2', 'Older flat 1', 'Older flat 0', 'Blue door cottage']);
    const images = [...res.body.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images.filter((img) => img.includes('fetchPriority="high"'))).toHaveLength(1);
    const list = stateOf(res.body).query.queries.find((q) => q.queryKey[1] === 'list');
    expect(list?.queryKey).toEqual(['homes', 'list', {}]);
  });

  it('renders the home page with its homes and experiences, the search results and the static pages', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Blue door cottage');
    expect(home.body).toContain('Surf lesson at dawn');
    const search = await get('/searchresult?location=Zanzibar');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Blue door cottage');
    expect(search.body).not.toContain('Older flat');
    for (const [url, text] of [
      ['/terms', '<h1'],
      ['/coming-soon', '<h1'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(text);
    }
  });

  it('answers an unknown home and an unknown path 404 with their not-found pages', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/details/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('Home not found');
    }
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('You are in wrong Path page');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('lets a CDN keep anonymous pages, never a signed-in one', async () => {
    const anonymous = await get(`/details/${homeId}`);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(String(anonymous.headers.vary)).toMatch(/Cookie/);
    const guest = await signInAs(t.app, 'guest');
    const signedIn = await get(`/details/${homeId}`, { cookie: guest.cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(String(signedIn.headers.vary)).toMatch(/Cookie/);
  });

  it('sends the client-rendered shell for signed-in pages', async () => {
    const res = await get('/dashboard/my-booking');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the page in the encoding the browser accepts, and says so to caches', async () => {
    const br = await get('/all-home', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Older flat 2');
    const gzip = await get(`/details/${homeId}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Blue door cottage');
    for (const res of [br, gzip]) expect(String(res.headers.vary)).toMatch(/Cookie.*accept-encoding/i);
    const plain = await get('/all-home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Older flat 2');
  });

  it('names each page by its route in the request metrics, and unknown paths by the catch-all route', async () => {
    await get(`/details/${homeId}`);
    await get('/details/not-an-id');
    await get('/searchresult?location=Zanzibar');
    await get('/no/such/page');
    const text = await metrics.registry.metrics();
    const count = (route: string, status: number) =>
      new RegExp(`_count\\{method="GET",route="${route}",status_code="${status}"\\} [1-9]`).test(text);
    expect(count('/details/:id', 200)).toBe(true);
    expect(count('/details/:id', 404)).toBe(true);
    expect(count('/searchresult', 200)).toBe(true);
    // The client's catch-all `*`, the not-found page (plugins/pages.test.ts: what is no page stays `not_found`).
    expect(count('/\\*', 404)).toBe(true);
  });

  it('answers a file-like path under a page route as a missing file, not a page', async () => {
    const res = await get('/details/photo.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});
