import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '#server/test/test-app';
import { PUBLIC_PAGES, SITEMAP_MAX_URLS, urlsetXml, xmlEscape } from './sitemap';

const t = useTestApp();
const { DOMParser } = new JSDOM('').window;

/** Parses XML strictly (a well-formedness error throws) and returns the text of every `tag` element. */
function xmlTexts(xml: string, root: string, tag: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  expect(doc.documentElement.localName).toBe(root);
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

// The seq ranges of the first pages: page 1 holds the public pages and homes up to this seq.
const PAGE1_LAST = SITEMAP_MAX_URLS - PUBLIC_PAGES.length;
const UPDATED = new Date('2026-11-20T08:30:00.000Z');

/** Homes with chosen insertion numbers (seq is an identity column: only an explicit override sets it). */
async function insertHomesAt(seqs: number[]): Promise<Map<number, string>> {
  // Both drivers answer { rows }; drizzle types a raw statement's result as the driver's generic one.
  const { rows } = (await t.db.execute(sql`
    insert into homes (seq, host_email, title, location, price_cents, total_guest, bedrooms, bathrooms,
                       available_from, available_to, updated_at, lat, lng, approx_lat, approx_lng)
    overriding system value
    select s, 'host@example.test', 'Home ' || s, 'Lisbon, Portugal', 10000, 2, 1, 1,
           '2026-12-01', '2027-03-01', ${UPDATED.toISOString()}::timestamptz, 38.71667, -9.13333, 38.7145, -9.1312
    from unnest(${`{${seqs.join(',')}}`}::bigint[]) as s
    returning id, seq`)) as unknown as { rows: { id: string; seq: string | number }[] };
  return new Map(rows.map((r) => [Number(r.seq), r.id]));
}

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the dashboard, checkout and API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining(['Allow: /', 'Disallow: /dashboard', 'Disallow: /chackout', 'Disallow: /api/']),
    );
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(3);
  });
});

describe('sitemaps', () => {
  it('with no homes: an index of one page holding the public pages', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(xmlTexts(index.body, 'sitemapindex', 'loc')).toEqual([`${TEST_ORIGIN}/sitemap-homes-1.xml`]);

    const page = await get('/sitemap-homes-1.xml');
    expect(page.statusCode).toBe(200);
    expect(xmlTexts(page.body, 'urlset', 'loc')).toEqual([
      `${TEST_ORIGIN}/`,
      `${TEST_ORIGIN}/all-home`,
      `${TEST_ORIGIN}/terms`,
      `${TEST_ORIGIN}/coming-soon`,
    ]);
    expect((await get('/sitemap-homes-2.xml')).statusCode).toBe(404);
  });

  it('refuses page numbers that are not pages', async () => {
    for (const url of ['/sitemap-homes-0.xml', '/sitemap-homes-100001.xml', '/sitemap-homes-x.xml']) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).not.toMatch(/xml/);
    }
  });

  it('pages homes by their insertion number: at most 50,000 URLs a page, each home once, with lastmod', async () => {
    const seqs = [1, 2, PAGE1_LAST, PAGE1_LAST + 1, PAGE1_LAST + SITEMAP_MAX_URLS, PAGE1_LAST + SITEMAP_MAX_URLS + 1];
    const ids = await insertHomesAt(seqs);
    const details = (...s: number[]) => s.map((n) => `${TEST_ORIGIN}/details/${ids.get(n)}`);

    const index = await get('/sitemap.xml');
    expect(xmlTexts(index.body, 'sitemapindex', 'loc')).toEqual(
      [1, 2, 3].map((n) => `${TEST_ORIGIN}/sitemap-homes-${n}.xml`),
    );

    const page1 = (await get('/sitemap-homes-1.xml')).body;
    expect(xmlTexts(page1, 'urlset', 'loc')).toEqual([
      ...PUBLIC_PAGES.map((p) => `${TEST_ORIGIN}${p}`),
      ...details(1, 2, PAGE1_LAST),
    ]);
    // Public pages carry no date; each home the time it last changed.
    expect(xmlTexts(page1, 'urlset', 'lastmod')).toEqual([
      '2026-11-20T08:30:00Z',
      '2026-11-20T08:30:00Z',
      '2026-11-20T08:30:00Z',
    ]);
    expect(xmlTexts((await get('/sitemap-homes-2.xml')).body, 'urlset', 'loc')).toEqual(
      details(PAGE1_LAST + 1, PAGE1_LAST + SITEMAP_MAX_URLS),
    );
    expect(xmlTexts((await get('/sitemap-homes-3.xml')).body, 'urlset', 'loc')).toEqual(
      details(PAGE1_LAST + SITEMAP_MAX_URLS + 1),
    );
    expect((await get('/sitemap-homes-4.xml')).statusCode).toBe(404);
  });

  it('a page is compressed for a client that takes gzip', async () => {
    await insertHomesAt(Array.from({ length: 40 }, (_, i) => 1000 + i));
    const res = await get('/sitemap-homes-1.xml', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('sitemap XML', () => {
  it('writes & in a URL as &amp; (and the other markup characters as entities), still well-formed', () => {
    const xml = urlsetXml([
      { loc: 'https://stayhub.example/searchresult?location=Porto&guests=2' },
      { loc: 'a<b>\'"' },
    ]);
    expect(xml).toContain('<loc>https://stayhub.example/searchresult?location=Porto&amp;guests=2</loc>');
    expect(xmlTexts(xml, 'urlset', 'loc')).toEqual([
      'https://stayhub.example/searchresult?location=Porto&guests=2',
      'a<b>\'"',
    ]);
    expect(xmlEscape('&amp;')).toBe('&amp;amp;');
  });
});

describe('GET /og/stayhub-1200x630.jpg', () => {
  it("is the site's 1200×630 JPEG share card, cached and revalidated", async () => {
    const res = await get('/og/stayhub-1200x630.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=86400/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const again = await get('/og/stayhub-1200x630.jpg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
