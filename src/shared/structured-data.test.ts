import { describe, expect, it } from 'vitest';
import type { Home } from './schemas/homes';
import { aHome } from './test/home-factory';
import { absoluteUrl, homeJsonLd, jsonForScript, locationParts } from './structured-data';

const ORIGIN = 'https://stayhub.example';

const home = (fields: Partial<Home> = {}) =>
  aHome({ images: ['/uploads/abc-1280.webp', '/uploads/def-1280.webp'], ...fields });

describe('locationParts', () => {
  it('takes the city part as the locality and the last part as the country', () => {
    expect(locationParts('Cape Town, South Africa')).toEqual({ locality: 'Cape Town', country: 'South Africa' });
    expect(locationParts('Shoreditch, London, UK')).toEqual({ locality: 'Shoreditch', country: 'UK' });
  });

  it('knows no country for a single place name', () => {
    expect(locationParts('  Lisbon ')).toEqual({ locality: 'Lisbon', country: null });
    expect(locationParts('Porto,')).toEqual({ locality: 'Porto', country: null });
  });
});

describe('absoluteUrl', () => {
  it('joins the origin and a path with one slash', () => {
    expect(absoluteUrl(ORIGIN, '/terms')).toBe('https://stayhub.example/terms');
    expect(absoluteUrl(`${ORIGIN}/`, 'terms')).toBe('https://stayhub.example/terms');
  });

  it('keeps an absolute URL', () => {
    expect(absoluteUrl(ORIGIN, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});

describe('homeJsonLd', () => {
  it('describes the home as a LodgingBusiness with its address, pictures and nightly price', () => {
    const data = homeJsonLd(home(), ORIGIN);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LodgingBusiness',
      name: 'Sunny loft by the river',
      description: 'Two bedrooms over the Tagus.',
      url: 'https://stayhub.example/details/7f1c2a4e-0000-4000-8000-000000000001',
      address: { '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'Portugal' },
      priceRange: '$120.00 per night',
      makesOffer: { '@type': 'Offer', price: '120.00', priceCurrency: 'USD' },
    });
    expect(data.image).toEqual([
      'https://stayhub.example/uploads/abc-1200x630.jpg',
      'https://stayhub.example/uploads/abc-1280.webp',
      'https://stayhub.example/uploads/def-1280.webp',
    ]);
  });

  it('has no aggregateRating before the home has published reviews', () => {
    expect(homeJsonLd(home(), ORIGIN)).not.toHaveProperty('aggregateRating');
  });

  it('has the aggregateRating once reviews are published', () => {
    expect(homeJsonLd(home({ rating: 4.67, reviewCount: 3 }), ORIGIN).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.67,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('leaves out the country when the location does not name one, and an empty description', () => {
    const data = homeJsonLd(home({ location: 'Porto', description: '  ' }), ORIGIN);
    expect(data.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Porto' });
    expect(data).not.toHaveProperty('description');
  });

  it('keeps cents in the price', () => {
    expect(homeJsonLd(home({ price: 99.5 }), ORIGIN)).toMatchObject({ priceRange: '$99.50 per night' });
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment, and reads back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> <!-- & >', sep: '\u2028\u2029' };
    const text = jsonForScript(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
  });
});
