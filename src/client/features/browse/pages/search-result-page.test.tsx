// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aHome } from '#shared/test/home-factory';
import type { PriceHistogram } from '#shared/schemas/search';
import { json, renderRoutes, setUpComponentTests, stubFetch, type RenderedRoutes } from '#client/test/render-routes';
import { Component as SearchResultPage } from './search-result-page';

setUpComponentTests();

const HISTOGRAM: PriceHistogram = {
  minPrice: 40,
  maxPrice: 160,
  bucketWidth: 6,
  counts: [1, 0, 2, 3, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  total: 9,
  exact: true,
};

const home = (n: number) =>
  aHome({
    _id: `h${n}`,
    title: `Home ${n}`,
    location: 'Porto, Portugal',
    image: '/placeholder-home.svg',
    images: ['/placeholder-home.svg'],
    price: 50 + n,
    description: '',
  });

let searches: URLSearchParams[];
let histograms: URLSearchParams[];

beforeEach(() => {
  searches = [];
  histograms = [];
  // Radix measures its thumbs; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  stubFetch({
    'GET /api/homes': ({ url }) => {
      searches.push(url.searchParams);
      return json([home(1), home(2)]);
    },
    'GET /api/homes/price-histogram': ({ url }) => {
      histograms.push(url.searchParams);
      return json(HISTOGRAM);
    },
  });
});

const routes = [{ path: '/searchresult', element: <SearchResultPage /> }];

async function open(search: string) {
  const view = await renderRoutes(routes, [`/searchresult?${search}`]);
  await screen.findByRole('list', { name: 'Search results' });
  return view;
}

const urlOf = (view: RenderedRoutes) => new URLSearchParams(view.router.state.location.search);
const lastSearch = () => Object.fromEntries(searches.at(-1)!);
const heading = () => screen.getByRole('heading', { level: 2, name: /Homes in Porto/ });

describe('/searchresult filters from the URL', () => {
  it('sends every filter of the link to the search, and the histogram all but the price range and order', async () => {
    await open('location=Porto&guests=2&minPrice=60&maxPrice=120&bedrooms=2&sort=price_asc');
    expect(lastSearch()).toMatchObject({
      location: 'Porto',
      guests: '2',
      minPrice: '60',
      maxPrice: '120',
      bedrooms: '2',
      sort: 'price_asc',
    });
    await waitFor(() => expect(histograms).toHaveLength(1));
    expect(Object.fromEntries(histograms[0]!)).toEqual({ location: 'Porto', guests: '2', bedrooms: '2' });
    expect(heading().textContent).toBe('Homes in Porto, 2 filters applied');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '2+' }).checked).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('price_asc');
    // The "Stay in" heading and its picture stay as the spec has them.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stay in Porto');
    const minimum = await screen.findByRole('slider', { name: 'Minimum price' });
    expect(minimum.getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByRole('slider', { name: 'Maximum price' }).getAttribute('aria-valuetext')).toBe('$120');
  });

  it('ignores values it cannot use instead of sending a request the API refuses', async () => {
    await open('location=Porto&guests=0&bedrooms=9&sort=cheapest&minPrice=abc&maxPrice=-3');
    expect(lastSearch()).toEqual({ location: 'Porto' });
    expect(heading().textContent).toBe('Homes in Porto');
  });
});

describe('/searchresult price filter edge cases', () => {
  it('shows the one price instead of a slider when every match costs the same', async () => {
    stubFetch({
      'GET /api/homes': json([home(1)]),
      'GET /api/homes/price-histogram': json({ ...HISTOGRAM, minPrice: 80, maxPrice: 80, counts: [2], total: 2 }),
    });
    await open('location=Porto');
    expect((await screen.findByText('Every home here is $80 a night.')).tagName).toBe('P');
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('says when no price can be chosen', async () => {
    stubFetch({
      'GET /api/homes': json([home(1)]),
      'GET /api/homes/price-histogram': json({ ...HISTOGRAM, counts: [], total: 0 }),
    });
    await open('location=Porto');
    await screen.findByText('No prices to choose from.');
    expect(screen.queryByRole('slider')).toBeNull();
  });
});

describe('/searchresult filters change the URL', () => {
  it('bedrooms: a choice sets it, "Any" removes it', async () => {
    const view = await open('location=Porto');
    await userEvent.click(screen.getByRole('radio', { name: '3+' }));
    expect(urlOf(view).get('bedrooms')).toBe('3');
    await waitFor(() => expect(lastSearch().bedrooms).toBe('3'));
    expect(heading().textContent).toBe('Homes in Porto, 1 filter applied');
    await userEvent.click(screen.getByRole('radio', { name: 'Any' }));
    expect(urlOf(view).has('bedrooms')).toBe(false);
    expect(urlOf(view).get('location')).toBe('Porto');
  });

  it('sort: a choice sets it, Newest (the default) removes it', async () => {
    const view = await open('location=Porto');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...sort.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Newest',
      'Price low to high',
      'Price high to low',
      'Rating',
    ]);
    await userEvent.selectOptions(sort, 'Price high to low');
    expect(urlOf(view).get('sort')).toBe('price_desc');
    await waitFor(() => expect(lastSearch().sort).toBe('price_desc'));
    await userEvent.selectOptions(sort, 'Newest');
    expect(urlOf(view).has('sort')).toBe(false);
  });

  it('price: a thumb moved by keyboard sets the bound; back at the end it is removed', async () => {
    const view = await open('location=Porto');
    const minimum = await screen.findByRole('slider', { name: 'Minimum price' });
    act(() => minimum.focus());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(urlOf(view).get('minPrice')).toBe('42');
    await waitFor(() => expect(lastSearch().minPrice).toBe('42'));
    const maximum = screen.getByRole('slider', { name: 'Maximum price' });
    act(() => maximum.focus());
    await userEvent.keyboard('{ArrowLeft}');
    expect(urlOf(view).get('maxPrice')).toBe('159');
    await userEvent.keyboard('{End}');
    expect(urlOf(view).has('maxPrice')).toBe(false);
    act(() => minimum.focus());
    await userEvent.keyboard('{Home}');
    expect(urlOf(view).has('minPrice')).toBe(false);
  });

  it('price: Home and End move the focused thumb only, and no key moves a thumb past the other', async () => {
    const view = await open('location=Porto&minPrice=60&maxPrice=120');
    const minimum = await screen.findByRole('slider', { name: 'Minimum price' });
    const maximum = screen.getByRole('slider', { name: 'Maximum price' });
    act(() => minimum.focus());
    await userEvent.keyboard('{End}');
    expect([urlOf(view).get('minPrice'), urlOf(view).get('maxPrice')]).toEqual(['120', '120']);
    await userEvent.keyboard('{PageUp}{ArrowRight}');
    expect([urlOf(view).get('minPrice'), urlOf(view).get('maxPrice')]).toEqual(['120', '120']);
    await userEvent.keyboard('{PageDown}');
    expect([urlOf(view).get('minPrice'), urlOf(view).get('maxPrice')]).toEqual(['110', '120']);
    act(() => maximum.focus());
    await userEvent.keyboard('{Home}');
    expect([urlOf(view).get('minPrice'), urlOf(view).get('maxPrice')]).toEqual(['110', '110']);
    await userEvent.keyboard('{ArrowLeft}');
    expect([urlOf(view).get('minPrice'), urlOf(view).get('maxPrice')]).toEqual(['110', '110']);
    await userEvent.keyboard('{End}');
    expect(urlOf(view).get('minPrice')).toBe('110');
    expect(urlOf(view).has('maxPrice')).toBe(false);
    expect(document.activeElement).toBe(maximum);
  });

  it('links each result to its page with the dates and guests of the search', async () => {
    await open('location=Porto&arrivalDate=2099-05-01&departureDate=2099-05-04&guests=3');
    const link = screen.getByRole('link', { name: 'Home 1' });
    expect(link.getAttribute('href')).toBe('/details/h1?checkIn=2099-05-01&checkOut=2099-05-04&guests=3');
  });

  it('"Clear filters" removes price and bedrooms, keeps place, guests and order', async () => {
    const view = await open('location=Porto&guests=3&minPrice=60&bedrooms=2&sort=rating');
    expect(heading().textContent).toBe('Homes in Porto, 2 filters applied');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(Object.fromEntries(urlOf(view))).toEqual({ location: 'Porto', guests: '3', sort: 'rating' });
    expect(heading().textContent).toBe('Homes in Porto');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows the filters behind a disclosure button that says how many apply (narrow screens)', async () => {
    await open('location=Porto&bedrooms=2');
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Hidden below md only (md:grid shows it on wide screens; the browser spec checks both widths).
    expect(panel?.classList.contains('hidden')).toBe(true);
    expect(panel?.classList.contains('md:grid')).toBe(true);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.classList.contains('hidden')).toBe(false);
  });
});

describe('/searchresult says which place it shows (Search-Match)', () => {
  const canonical = () => document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const matched = (match: object, homes: unknown[]) => () => {
    const response = json(homes);
    response.headers.set('search-match', encodeURIComponent(JSON.stringify(match)));
    return response;
  };

  it('heads a close spelling with the place found and says so', async () => {
    stubFetch({
      'GET /api/homes': matched({ query: 'Lisbn', place: 'Lisbon, Portugal', kind: 'close' }, [home(1)]),
      'GET /api/homes/price-histogram': json(HISTOGRAM),
    });
    await renderRoutes(routes, ['/searchresult?location=Lisbn']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stay in Lisbon' })).toBeTruthy();
    expect(screen.getByText(/Showing results for Lisbon, Portugal/)).toBeTruthy();
    // The list is headed by the place shown, not by the text that matched no place; so is the page's description.
    expect(screen.getByRole('heading', { level: 2, name: /^Homes in/ }).textContent).toBe('Homes in Lisbon');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Homes to stay in Lisbon on StayHub/,
    );
    // Search engines are pointed at Lisbon's page, not at a page per misspelling.
    expect(canonical()).toMatch(/\/searchresult\?location=Lisbon$/);
  });

  it('heads the list with the place as it writes itself', async () => {
    stubFetch({
      'GET /api/homes': matched({ query: 'porto', place: 'Porto, Portugal', kind: 'exact' }, [home(1)]),
      'GET /api/homes/price-histogram': json(HISTOGRAM),
    });
    await renderRoutes(routes, ['/searchresult?location=porto']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stay in Porto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^Homes in/ }).textContent).toBe('Homes in Porto');
    expect(canonical()).toMatch(/\/searchresult\?location=Porto$/);
  });

  it('says a matched place has nothing free for the dates, under its own name', async () => {
    stubFetch({
      'GET /api/homes': matched({ query: 'Porto', place: 'Porto, Portugal', kind: 'exact' }, []),
      'GET /api/homes/price-histogram': json({ ...HISTOGRAM, counts: [], total: 0 }),
    });
    await renderRoutes(routes, ['/searchresult?location=Porto&arrivalDate=2099-12-20&departureDate=2099-12-23']);
    expect(await screen.findByText('No homes in Porto for these dates')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stay in Porto');
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });
});
