/**
 * A place search answers the place that was typed (issue 25 item 8, ADR 0036): a place matched by
 * its own words wins over a close spelling, close spellings are searched only when no place
 * contains the text (and then only the closest one), and the Search-Match header says what was
 * matched, so a page can say "No homes in Porto for these dates" or "Showing results for Lisbon,
 * Portugal" instead of listing another city's homes under "Stay in Porto".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { placeMatchSchema, priceHistogramSchema } from '#shared/schemas/search';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

const DEC = { checkIn: '2026-12-20', checkOut: '2026-12-23' };
const ids: Record<string, string[]> = {};

async function homesIn(location: string, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await insertHome(t.db, { location }));
  ids[location] = rows.map((row) => row.id);
  return rows;
}

beforeAll(async () => {
  await homesIn('Lisbon, Portugal', 3);
  // "Porto" is a close spelling of the word "Portugal" (trigram word similarity 0.67).
  const [porto] = await homesIn('Porto, Portugal', 1);
  await homesIn('Faro, Algarve', 2);
  await homesIn('Lisburn, Northern Ireland', 1);
  // Porto's one home is taken for December 20-23.
  await insertBooking(t.db, porto!, DEC);
});

async function search(params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/homes?${new URLSearchParams(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  const header = res.headers[SEARCH_MATCH_HEADER];
  return {
    ids: homeListSchema.parse(res.json()).map((h) => h._id),
    match: header === undefined ? null : placeMatchSchema.parse(JSON.parse(decodeURIComponent(String(header)))),
    link: res.headers.link as string | undefined,
  };
}

describe('GET /api/homes: which place a place search answers', () => {
  it('answers Porto homes only for "Porto", never the Lisbon homes "Portugal" resembles', async () => {
    const found = await search({ location: 'Porto' });
    expect(found.ids).toEqual(ids['Porto, Portugal']);
    expect(found.match).toEqual({ query: 'Porto', place: 'Porto, Portugal', kind: 'exact' });
  });

  it('answers no homes for "Porto" when Porto is booked for the dates, and says Porto exists', async () => {
    const found = await search({ location: 'Porto', ...DEC });
    expect(found.ids).toEqual([]);
    expect(found.match).toEqual({ query: 'Porto', place: 'Porto, Portugal', kind: 'exact' });
  });

  it('searches the closest spelling only when no place contains the text, and says which', async () => {
    const found = await search({ location: 'Lisbn', ...DEC });
    // Lisbon and Lisburn are both close to "Lisbn"; only the closer (then larger) place is searched.
    expect(new Set(found.ids)).toEqual(new Set(ids['Lisbon, Portugal']));
    expect(found.match).toEqual({ query: 'Lisbn', place: 'Lisbon, Portugal', kind: 'close' });
  });

  it('pages through a close spelling one home at a time, every home once', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/homes?location=Lisbn&limit=1';
    while (url) {
      const res: { statusCode: number; json(): unknown; headers: Record<string, unknown> } = await t.app.inject({
        method: 'GET',
        url,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect([...seen].sort()).toEqual([...ids['Lisbon, Portugal']!].sort());
  });

  it('tells how a place was matched: whole words, a word start, inside a word, nothing', async () => {
    expect((await search({ location: 'portugal' })).match).toMatchObject({ kind: 'exact' });
    expect((await search({ location: 'Lisbon, Portugal' })).match).toMatchObject({
      kind: 'exact',
      place: 'Lisbon, Portugal',
    });
    expect((await search({ location: 'Alg' })).match).toEqual({ query: 'Alg', place: 'Faro, Algarve', kind: 'prefix' });
    expect((await search({ location: 'isbo' })).match).toMatchObject({ kind: 'partial', place: 'Lisbon, Portugal' });
    const none = await search({ location: 'Qwxz' });
    expect(none.ids).toEqual([]);
    expect(none.match).toEqual({ query: 'Qwxz', place: null, kind: 'none' });
  });

  it('sends no Search-Match header without a place', async () => {
    expect((await search({})).match).toBeNull();
  });

  it('counts in the price histogram exactly the homes the search pages through', async () => {
    const porto = await t.app.inject({ method: 'GET', url: '/api/homes/price-histogram?location=Porto' });
    expect(priceHistogramSchema.parse(porto.json()).total).toBe(1);
    const lisbn = await t.app.inject({ method: 'GET', url: '/api/homes/price-histogram?location=Lisbn' });
    expect(priceHistogramSchema.parse(lisbn.json()).total).toBe(3);
  });
});
