/** GET /api/geocode (issue 29): a typed place on the map, from the offline gazetteer. */
import { describe, expect, it } from 'vitest';
import { geocodeResultSchema } from '#shared/schemas/geo';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

const geocode = (q: string) => t.app.inject({ method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}` });

async function place(q: string) {
  const res = await geocode(q);
  expect(res.statusCode, res.body).toBe(200);
  return geocodeResultSchema.parse(res.json());
}

describe('GET /api/geocode', () => {
  it('answers the city, its country and its point', async () => {
    expect(await place('Lisbon, Portugal')).toEqual({
      name: 'Lisbon',
      country: 'Portugal',
      point: { lat: 38.71667, lng: -9.13333 },
    });
  });

  it('takes the city alone, a country code, any case and no accents', async () => {
    for (const q of ['Lisbon', 'lisbon, pt', '  LISBON ,  portugal ']) expect((await place(q)).name).toBe('Lisbon');
    expect(await place('Sao Paulo')).toMatchObject({ name: 'São Paulo', country: 'Brazil' });
    expect(await place('New York, USA')).toMatchObject({ name: 'New York City', country: 'United States' });
  });

  it('picks the most populous city of the name, in the country when one is named', async () => {
    expect(await place('Paris')).toMatchObject({ country: 'France', point: { lat: 48.85341, lng: 2.3488 } });
    const texas = await place('Paris, United States');
    expect(texas.country).toBe('United States');
    expect(texas.point.lng).toBeLessThan(-80);
    // A district before the city: the first part that is a city of that country.
    expect(await place('Alfama, Lisbon, Portugal')).toMatchObject({ name: 'Lisbon' });
  });

  it('answers 404 place_not_found for a place it does not know, 400 without one', async () => {
    const res = await geocode('Qwxzy Lane, Nowhereland');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'place_not_found' });
    // A misspelt country is not taken for one: the city alone is looked up.
    expect((await place('Lisbon, Portugall')).country).toBe('Portugal');
    expect((await t.app.inject({ method: 'GET', url: '/api/geocode?q=' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/geocode' })).statusCode).toBe(400);
  });
});
