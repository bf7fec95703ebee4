import { describe, expect, it } from 'vitest';
import { HOME_PRICE_MAX, HOMES_SORTS } from '#shared/schemas/homes';
import { activeFilterCount, CLEARED, PRICE_MAX, readFilters, SORTS, withFilters } from './search-filters';

const params = (query: string) => new URLSearchParams(query);

describe('the constants copied to keep zod out of the page', () => {
  it('match the API contract', () => {
    expect(PRICE_MAX).toBe(HOME_PRICE_MAX);
    expect(SORTS).toEqual([...HOMES_SORTS]);
  });
});

describe('readFilters', () => {
  it('reads every filter the API takes', () => {
    expect(readFilters(params('guests=3&minPrice=50&maxPrice=200&bedrooms=2&sort=rating'))).toEqual({
      guests: 3,
      minPrice: 50,
      maxPrice: 200,
      bedrooms: 2,
      sort: 'rating',
    });
  });

  it('reads what it cannot use as absent', () => {
    expect(readFilters(params('guests=17&minPrice=-1&maxPrice=1.5&bedrooms=6&sort=cheapest'))).toEqual({});
    expect(readFilters(params('guests=0&bedrooms=0&sort=newest&minPrice=abc'))).toEqual({});
  });

  it('keeps only the lower bound of an upside-down range', () => {
    expect(readFilters(params('minPrice=300&maxPrice=100'))).toEqual({ minPrice: 300 });
  });
});

describe('withFilters', () => {
  it('sets and removes keys, keeping the place and dates', () => {
    const next = withFilters(params('location=Porto&arrivalDate=2026-12-01&bedrooms=2'), {
      bedrooms: undefined,
      maxPrice: 120,
    });
    expect(Object.fromEntries(next)).toEqual({ location: 'Porto', arrivalDate: '2026-12-01', maxPrice: '120' });
  });

  it('leaves the default order out of the URL', () => {
    expect(withFilters(params('sort=rating'), { sort: 'newest' }).has('sort')).toBe(false);
  });

  it('"Clear filters" removes price and bedrooms only', () => {
    const cleared = withFilters(
      params('location=Porto&guests=2&minPrice=5&maxPrice=9&bedrooms=1&sort=rating'),
      CLEARED,
    );
    expect(Object.fromEntries(cleared)).toEqual({ location: 'Porto', guests: '2', sort: 'rating' });
  });
});

describe('activeFilterCount', () => {
  it('counts the price range once and bedrooms; not guests or order', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ minPrice: 1, maxPrice: 2 })).toBe(1);
    expect(activeFilterCount({ maxPrice: 2, bedrooms: 3, guests: 2, sort: 'rating' })).toBe(2);
  });
});
