// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { SearchForm } from './search-form';

setUpComponentTests();

function Landed() {
  const { search } = useLocation();
  return <p data-testid="landed">{search}</p>;
}

const routes = [
  { path: '/', element: <SearchForm /> },
  { path: '/searchresult', element: <Landed /> },
];

const PLACES: Record<string, { location: string; homes: number }[]> = {
  Por: [
    { location: 'Porto, Portugal', homes: 3 },
    { location: 'Portimão, Portugal', homes: 1 },
    { location: 'Lisbon, Portugal', homes: 9 },
  ],
};

function stubPlaces() {
  return stubFetch({
    'GET /api/places': ({ url }) => json({ places: PLACES[url.searchParams.get('q') ?? ''] ?? [] }),
  });
}

const field = () => screen.getByRole('combobox', { name: 'Location' });
const landedParams = async () => new URLSearchParams((await screen.findByTestId('landed')).textContent ?? '');

describe('the location combobox', () => {
  it('offers matching places in a listbox it controls, with a count announced politely', async () => {
    const fetchMock = stubPlaces();
    await renderRoutes(routes, ['/']);
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(field(), 'Por');
    const listbox = await screen.findByRole('listbox', { name: 'Places' });
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(field().getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Porto, Portugal3 homes',
      'Portimão, Portugal1 home',
      'Lisbon, Portugal9 homes',
    ]);
    expect(screen.getByRole('status').textContent).toContain('3 places');
    // Typing pauses are debounced: one request for "Por", none for "P" or "Po".
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toEqual(['/api/places?q=Por']);
  });

  it('moves with Down/Up (aria-activedescendant) and takes the active place with Enter', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.type(field(), 'Por');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    const [porto, portimao, lisbon] = screen.getAllByRole('option');
    expect(field().getAttribute('aria-activedescendant')).toBe(porto!.id);
    expect(porto!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toBe(lisbon!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(field().getAttribute('aria-activedescendant')).toBe(portimao!.id);
    expect(portimao!.getAttribute('aria-selected')).toBe('true');
    expect(porto!.getAttribute('aria-selected')).toBe('false');
    await userEvent.keyboard('{Enter}');
    expect((field() as HTMLInputElement).value).toBe('Portimão, Portugal');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().hasAttribute('aria-activedescendant')).toBe(false);
    // The form was not submitted by the Enter that picked the place.
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('closes with Escape and keeps the typed text', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.type(field(), 'Por');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect((field() as HTMLInputElement).value).toBe('Por');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('takes a place picked with the mouse', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.type(field(), 'Por');
    await userEvent.click(await screen.findByRole('option', { name: /Porto, Portugal/ }));
    expect((field() as HTMLInputElement).value).toBe('Porto, Portugal');
  });

  it('says "No places match" and submits the typed text when nothing is picked', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.type(field(), 'Atlantis');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('No places match'));
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Enter}');
    const params = await landedParams();
    expect(params.get('location')).toBe('Atlantis');
  });
});

describe('a search without a place', () => {
  it('goes to /searchresult with the dates and guests only (every place)', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const params = await landedParams();
    expect(params.has('location')).toBe(false);
    expect(params.get('arrivalDate')).toBeTruthy();
    expect(params.get('departureDate')).toBeTruthy();
    expect(params.get('guests')).toBe('1');
  });
});

describe('the guests field', () => {
  it('defaults to 1 and is carried to /searchresult as guests', async () => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    const guests = screen.getByRole('spinbutton', { name: 'Guests' });
    expect((guests as HTMLInputElement).value).toBe('1');
    await userEvent.type(field(), 'Porto');
    await userEvent.clear(guests);
    await userEvent.type(guests, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const params = await landedParams();
    expect(params.get('guests')).toBe('4');
    expect(params.get('location')).toBe('Porto');
    expect(params.get('arrivalDate')).toBeTruthy();
  });

  it.each(['17', '0', '2.5'])('refuses %s guests and says the range', async (value) => {
    stubPlaces();
    await renderRoutes(routes, ['/']);
    await userEvent.type(field(), 'Porto');
    const guests = screen.getByRole('spinbutton', { name: 'Guests' });
    await userEvent.clear(guests);
    await userEvent.type(guests, value);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Guests must be a whole number from 1 to 16.');
    expect(document.activeElement).toBe(guests);
    expect(guests.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
