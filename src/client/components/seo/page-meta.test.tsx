// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Home } from '#shared/schemas/homes';
import { aHome } from '#shared/test/home-factory';
import { HomeMeta } from './home-meta';
import { DESCRIPTION_MAX, metaDescription, PageMeta } from './page-meta';
import { forgetDocumentOrigin, SiteOriginProvider } from './site-origin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ORIGIN = 'https://stayhub.example';

const home = (fields: Partial<Home> = {}) => aHome({ _id: 'a3c9a9b4-5b0e-4f43-9a57-2f1f4f0d2c11', ...fields });

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  forgetDocumentOrigin();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.head.innerHTML = '';
});

function show(ui: ReactNode) {
  act(() => root.render(ui));
}

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');

describe('PageMeta', () => {
  it('puts the title, description, canonical, Open Graph and Twitter card into <head>', () => {
    show(
      <SiteOriginProvider origin={`${ORIGIN}/`}>
        <PageMeta title="All homes" description="Every home on StayHub." path="/all-home" />
      </SiteOriginProvider>,
    );
    expect(document.title).toBe('All homes · StayHub');
    expect(meta('name="description"')).toBe('Every home on StayHub.');
    expect(canonical()).toBe('https://stayhub.example/all-home');
    expect(meta('property="og:title"')).toBe('All homes');
    expect(meta('property="og:description"')).toBe('Every home on StayHub.');
    expect(meta('property="og:url"')).toBe('https://stayhub.example/all-home');
    expect(meta('property="og:type"')).toBe('website');
    expect(meta('property="og:site_name"')).toBe('StayHub');
    expect(meta('property="og:image"')).toBe('https://stayhub.example/og/stayhub-1200x630.jpg');
    expect(meta('property="og:image:width"')).toBe('1200');
    expect(meta('property="og:image:height"')).toBe('630');
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
    expect(meta('name="twitter:image"')).toBe('https://stayhub.example/og/stayhub-1200x630.jpg');
    expect(meta('name="robots"')).toBeUndefined();
  });

  it("without a page title carries the site's title", () => {
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <PageMeta description="Homes and stays." path="/" />
      </SiteOriginProvider>,
    );
    expect(document.title).toBe('StayHub · Homes and stays for short trips');
    expect(meta('property="og:title"')).toBe('StayHub · Homes and stays for short trips');
    expect(canonical()).toBe('https://stayhub.example/');
  });

  it('marks a not-found page noindex and gives it no canonical link', () => {
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <PageMeta title="Page not found" description="Nothing here." path="/nowhere" noindex />
      </SiteOriginProvider>,
    );
    expect(meta('name="robots"')).toBe('noindex');
    expect(canonical()).toBeUndefined();
  });

  it('in the browser keeps the origin of the canonical link the server rendered', () => {
    document.head.innerHTML = `<link rel="canonical" href="${ORIGIN}/terms">`;
    show(<PageMeta title="Terms and conditions" description="The terms." path="/terms" />);
    expect(meta('property="og:url"')).toBe('https://stayhub.example/terms');
  });

  it('falls back to the page origin when the server rendered nothing', () => {
    show(<PageMeta title="Terms and conditions" description="The terms." path="/terms" />);
    expect(meta('property="og:url"')).toBe(`${window.location.origin}/terms`);
  });

  it('removes its tags when the page goes', () => {
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <PageMeta title="All homes" description="Every home." path="/all-home" />
      </SiteOriginProvider>,
    );
    show(null);
    expect(document.head.querySelector('meta[property="og:title"], link[rel="canonical"], title')).toBeNull();
  });

  it('renders the same tags on the server, with the configured origin', () => {
    const html = renderToString(
      <SiteOriginProvider origin={ORIGIN}>
        <PageMeta title="All homes" description="Every home." path="/all-home" />
      </SiteOriginProvider>,
    );
    expect(html).toContain('<link rel="canonical" href="https://stayhub.example/all-home"/>');
    expect(html).toContain('<meta property="og:image" content="https://stayhub.example/og/stayhub-1200x630.jpg"/>');
  });
});

describe('metaDescription', () => {
  it('keeps a short text on one line', () => {
    expect(metaDescription('  Two bedrooms\n over  the river. ')).toBe('Two bedrooms over the river.');
  });

  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const text = metaDescription(`${'word '.repeat(60)}end`);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text).toMatch(/word…$/);
  });
});

describe('HomeMeta', () => {
  it("shares the home's title, city, nightly price and its 1200×630 picture", () => {
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <HomeMeta home={home()} />
      </SiteOriginProvider>,
    );
    expect(document.title).toBe('Sunny loft by the river · StayHub');
    expect(meta('property="og:title"')).toBe('Sunny loft by the river · Lisbon');
    expect(meta('name="description"')).toBe(
      'Lisbon · $120.00 a night · 2 bedrooms · up to 4 guests. Two bedrooms over the Tagus.',
    );
    expect(meta('property="og:image"')).toBe('https://stayhub.example/uploads/abc-1200x630.jpg');
    expect(meta('property="og:image:alt"')).toBe('Sunny loft by the river');
    expect(canonical()).toBe('https://stayhub.example/details/a3c9a9b4-5b0e-4f43-9a57-2f1f4f0d2c11');
  });

  it('renders JSON-LD that parses back with the price, and cannot be closed by a title', () => {
    const title = 'Loft </script><script>alert(1)</script>';
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <HomeMeta home={home({ title, rating: 4.5, reviewCount: 2 })} />
      </SiteOriginProvider>,
    );
    const scripts = document.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.innerHTML).not.toContain('</script');
    const data = JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'LodgingBusiness',
      name: title,
      priceRange: '$120.00 per night',
      makesOffer: { price: '120.00', priceCurrency: 'USD' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it("shares the site's card for a home with the placeholder picture", () => {
    show(
      <SiteOriginProvider origin={ORIGIN}>
        <HomeMeta home={home({ image: '/placeholder-home.svg', images: ['/placeholder-home.svg'] })} />
      </SiteOriginProvider>,
    );
    expect(meta('property="og:image"')).toBe('https://stayhub.example/og/stayhub-1200x630.jpg');
  });
});
