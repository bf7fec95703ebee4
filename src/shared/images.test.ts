import { describe, expect, it } from 'vitest';
import { cardImage, responsiveImage, shareImage, SITE_SHARE_IMAGE } from './images';

describe('cardImage', () => {
  it('maps a 1280 px demo image to its 640 px sibling', () => {
    expect(cardImage('/uploads/abc-1280.webp')).toBe('/uploads/abc-640.webp');
  });

  it('keeps a query string or fragment', () => {
    expect(cardImage('/uploads/abc-1280.webp?v=2')).toBe('/uploads/abc-640.webp?v=2');
    expect(cardImage('/uploads/abc-1280.webp#x')).toBe('/uploads/abc-640.webp#x');
  });

  it('only rewrites the suffix at the end of the path', () => {
    expect(cardImage('/uploads/x-1280.webp-1280.webp')).toBe('/uploads/x-1280.webp-640.webp');
    expect(cardImage('/uploads/abc-1280.webpx')).toBe('/uploads/abc-1280.webpx');
  });

  it('returns any other URL unchanged', () => {
    expect(cardImage('/placeholder-home.svg')).toBe('/placeholder-home.svg');
    expect(cardImage('/uploads/abc-640.webp')).toBe('/uploads/abc-640.webp');
    expect(cardImage('/uploads/abc-1280.png')).toBe('/uploads/abc-1280.png');
    expect(cardImage('')).toBe('');
  });
});

describe('shareImage', () => {
  it('maps a stored 1280 px picture to its 1200×630 JPEG sibling', () => {
    expect(shareImage('/uploads/abc-1280.webp')).toBe('/uploads/abc-1200x630.jpg');
    expect(shareImage('/uploads/demo-1-1-0123456789ab-1280.webp?v=2')).toBe(
      '/uploads/demo-1-1-0123456789ab-1200x630.jpg',
    );
  });

  it("gives the site's share card for a picture without one", () => {
    expect(shareImage('/placeholder-home.svg')).toBe(SITE_SHARE_IMAGE);
    expect(shareImage('https://example.com/x-1280.webp')).toBe(SITE_SHARE_IMAGE);
    expect(shareImage('/uploads/abc-640.webp')).toBe(SITE_SHARE_IMAGE);
    expect(shareImage('')).toBe(SITE_SHARE_IMAGE);
  });
});

describe('responsiveImage', () => {
  it('offers the three stored widths of a 1280 px picture, query string kept', () => {
    expect(responsiveImage('/uploads/abc-1280.webp?v=2', '100vw')).toEqual({
      srcSet: '/uploads/abc-640.webp?v=2 640w, /uploads/abc-960.webp?v=2 960w, /uploads/abc-1280.webp?v=2 1280w',
      sizes: '100vw',
    });
  });

  it('offers nothing for a picture stored in one size', () => {
    expect(responsiveImage('/placeholder-home.svg', '100vw')).toEqual({});
    expect(responsiveImage('https://example.com/x.jpg', '100vw')).toEqual({});
  });
});
