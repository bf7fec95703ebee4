/**
 * What a crawler or a chat app's link previewer reads from the server-rendered pages (issue 13):
 * title, description, canonical, Open Graph / Twitter tags and a home's JSON-LD, in the served HTML.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_ORIGIN, useTestApp } from '#server/test/test-app';
import { uploadPicture } from '../uploads/fixtures/multipart';

// A built client as the server reads it (its index.html's asset tags).
const clientDir = mkdtempSync(join(tmpdir(), 'stayhub-seo-'));
writeFileSync(
  join(clientDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>x</title>
  <script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(clientDir, 'expdata.json'), '[]');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp(() => ({ clientDir }));

let homeId = '';
let picture = '';
let plainId = '';
beforeAll(async () => {
  const host = await signInAs(t.app, 'host');
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  picture = await uploadPicture(t.app, host, image);
  const home = await insertHome(t.db, {
    title: 'Fig tree cottage </script><script>alert(1)</script>',
    description: 'A quiet cottage & garden by the sea.',
    priceCents: 12_345,
    location: 'Zanzibar, Tanzania',
    images: [picture],
    ratingCount: 2,
    ratingSum: 9,
  });
  homeId = home.id;
  plainId = (await insertHome(t.db, { title: 'Plain flat', location: 'Porto', images: [] })).id;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function page(url: string, status = 200) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(status);
  const doc = new JSDOM(res.body).window.document;
  const metas = (selector: string) => [...doc.head.querySelectorAll<HTMLMetaElement>(`meta[${selector}]`)];
  const one = (selector: string) => {
    const found = metas(selector);
    expect(found, `exactly one meta[${selector}] on ${url}`).toHaveLength(1);
    return found[0]!.content;
  };
  const canonicals = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((l) =>
    l.getAttribute('href'),
  );
  return { doc, one, metas, canonicals, title: doc.title, titles: doc.head.querySelectorAll('title').length };
}

describe('server-rendered metadata', () => {
  it("a home's page shares its title, city, price and 1200×630 picture, and the picture is there", async () => {
    const p = await page(`/details/${homeId}`);
    expect(p.title).toBe('Fig tree cottage </script><script>alert(1)</script> · StayHub');
    expect(p.canonicals).toEqual([`${TEST_ORIGIN}/details/${homeId}`]);
    expect(p.one('property="og:title"')).toBe('Fig tree cottage </script><script>alert(1)</script> · Zanzibar');
    expect(p.one('name="description"')).toMatch(
      /^Zanzibar · \$123\.45 a night · 2 bedrooms · up to 4 guests\. A quiet/,
    );
    expect(p.one('property="og:url"')).toBe(`${TEST_ORIGIN}/details/${homeId}`);
    expect(p.one('property="og:type"')).toBe('website');
    expect(p.one('property="og:image:width"')).toBe('1200');
    expect(p.one('property="og:image:height"')).toBe('630');
    expect(p.one('name="twitter:card"')).toBe('summary_large_image');
    const image = p.one('property="og:image"');
    expect(image).toBe(`${TEST_ORIGIN}${picture.replace('-1280.webp', '-1200x630.jpg')}`);
    expect(p.one('name="twitter:image"')).toBe(image);

    const served = await get(new URL(image).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it("a home's page carries its JSON-LD, parsable, with the price and rating, not closable by the title", async () => {
    const res = await get(`/details/${homeId}`);
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'LodgingBusiness',
      name: 'Fig tree cottage </script><script>alert(1)</script>',
      description: 'A quiet cottage & garden by the sea.',
      address: { addressLocality: 'Zanzibar', addressCountry: 'Tanzania' },
      priceRange: '$123.45 per night',
      makesOffer: { price: '123.45', priceCurrency: 'USD' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    // The only script the title could have opened is not there.
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it("a home without pictures shares the site's card, which answers as a JPEG", async () => {
    const p = await page(`/details/${plainId}`);
    expect(p.one('property="og:image"')).toBe(`${TEST_ORIGIN}/og/stayhub-1200x630.jpg`);
    const res = await get(`/details/${plainId}`);
    expect(res.body).not.toContain('aggregateRating');
    expect((await get('/og/stayhub-1200x630.jpg')).headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['/', 'StayHub · Homes and stays for short trips', '/'],
    ['/all-home', 'All homes · StayHub', '/all-home'],
    [
      '/searchresult?location=Zanzibar&arrivalDate=2026-12-01',
      'Stay in Zanzibar · StayHub',
      '/searchresult?location=Zanzibar',
    ],
    ['/terms', 'Terms and conditions · StayHub', '/terms'],
    ['/coming-soon', 'Experiences coming soon · StayHub', '/coming-soon'],
  ])('%s has one title, one description, its canonical and its share tags', async (url, title, canonical) => {
    const p = await page(url);
    expect(p.title).toBe(title);
    expect(p.titles).toBe(1);
    expect(p.one('name="description"').length).toBeGreaterThan(40);
    expect(p.canonicals).toEqual([`${TEST_ORIGIN}${canonical}`]);
    expect(p.one('property="og:url"')).toBe(`${TEST_ORIGIN}${canonical}`);
    expect(p.one('property="og:image"')).toBe(`${TEST_ORIGIN}/og/stayhub-1200x630.jpg`);
    expect(p.one('property="og:site_name"')).toBe('StayHub');
    expect(p.metas('name="robots"')).toEqual([]);
  });

  it.each([
    ['/no/such/page', 'Page not found · StayHub'],
    ['/details/7f1c2a4e-0000-4000-8000-000000000099', 'Home not found · StayHub'],
  ])('%s answers 404, noindex, without a canonical', async (url, title) => {
    const p = await page(url, 404);
    expect(p.title).toBe(title);
    expect(p.one('name="robots"')).toBe('noindex');
    expect(p.canonicals).toEqual([]);
  });

  it('builds absolute URLs from PUBLIC_URL, never from the Host header a client sends', async () => {
    const res = await get('/all-home', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/all-home"/>`);
  });
});
