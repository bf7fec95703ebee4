/**
 * A place search walks the places the server ranked from those it holds in memory (ADR 0075), not
 * places matched in home_locations on every search: its pages and its match must be what the
 * database's own matching (search_place_best, used when no places are given) answers, and as fresh
 * as the suggestions: at once after a write through this process, within PLACES_MAX_AGE_MS after
 * a write anywhere else.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { placeMatchSchema, placeSuggestionsSchema, priceHistogramSchema } from '#shared/schemas/search';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';
import { priceHistogram } from '../search/search-service';

const MAX_AGE_MS = 60_000;
const t = useTestApp(() => ({ placesMaxAgeMs: MAX_AGE_MS }));

const PLACES: [string, number][] = [
  ['Lisbon, Portugal', 3],
  ['Old Lisbon Quarter, Portugal', 2],
  ['Porto, Portugal', 2],
  ['Porto Santo, Portugal', 1],
  ['Portimão, Portugal', 2],
  ['Vaporetto, Italy', 1],
  ['100% Beach, Spain', 1],
  ['Costa_Sol, Spain', 1],
  ['Costa del Sol, Spain', 1],
  ['San Sebastián, Spain', 2],
  ['Santa Cruz, Spain', 3],
  ['Sant, Spain', 1],
  ['São Paulo, Brazil', 1],
  ['New York, USA', 2],
  ['Newport, USA', 1],
  ['York, UK', 1],
  ...Array.from({ length: 23 }, (_, i): [string, number] => [`Sanbury ${i + 1}, Testland`, 1 + (i % 3)]),
];

beforeAll(async () => {
  for (const [location, count] of PLACES) for (let i = 0; i < count; i++) await insertHome(t.db, { location });
});

async function search(term: string) {
  const res = await t.app.inject({ url: `/api/homes?location=${encodeURIComponent(term)}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  const match = placeMatchSchema.parse(JSON.parse(decodeURIComponent(String(res.headers[SEARCH_MATCH_HEADER]))));
  return { ids: homeListSchema.parse(res.json()).map((h) => h._id), place: match.place };
}

/** The same search with the places matched by PostgreSQL (no places given: search_place_best). */
async function fromDatabase(term: string) {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const result = await t.db.execute(sql`
    select f.out_seq as seq, f.out_api_json as json from search_place_home_rows(${term}::text, ${escaped}::text,
      null::date, null::date, null::integer, null::text, now(), null::integer, null::integer, null::integer,
      'newest', null::integer, null::integer, null::double precision, null::bigint, 101, null::jsonb)
      with ordinality as f order by f.ordinality`);
  const [first, ...rows] = (result as unknown as { rows: { seq: string | null; json: string | null }[] }).rows;
  return {
    ids: rows.map((r) => (JSON.parse(r.json!) as { _id: string })._id),
    place: first?.json ?? null,
  };
}

describe('GET /api/homes?location= walks the places ranked in memory', () => {
  it('answers the pages and the match the database would, for prefixes, words, typos and odd characters', async () => {
    const terms = ['Lisbon', 'lisbon, portugal', 'Porto', 'Port', 'San', 'SAN', 'Sanbury', 'New', 'York', 'Sol'];
    terms.push('%', '_', 'a_s', 'ão', 'Lisbn', 'Prto', 'zzzz', 'o', 'Sanbury 1', 'Testland');
    for (const term of terms) expect(await search(term), term).toEqual(await fromDatabase(term));
  });

  it('gives the price histogram the same places: its counts are those of the database matching them', async () => {
    for (const term of ['San', 'Sanbury', 'Port', 'Lisbon', 'Lisbn', 'Sol']) {
      for (const extra of ['', '&guests=2&checkIn=2026-12-10&checkOut=2026-12-12']) {
        const res = await t.app.inject({ url: `/api/homes/price-histogram?location=${term}${extra}` });
        expect(res.statusCode, res.body).toBe(200);
        const query = Object.fromEntries(new URLSearchParams(`location=${term}${extra}`));
        const fromDb = await priceHistogram(t.db, { ...query, guests: query.guests ? 2 : undefined }, t.clock.now());
        expect(priceHistogramSchema.parse(res.json()), `${term}${extra}`).toEqual(fromDb);
      }
    }
  });

  it('walks at most the best 20 of the places containing the term, as the database does', async () => {
    const sanbury = await search('Sanbury');
    const homesOfSanbury = PLACES.filter(([l]) => l.startsWith('Sanbury')).reduce((n, [, c]) => n + c, 0);
    expect(sanbury.ids.length).toBeLessThan(homesOfSanbury);
    expect(sanbury).toEqual(await fromDatabase('Sanbury'));
  });

  it('finds a new place at once after a write through this process', async () => {
    const host = await signInAs(t.app, 'host');
    expect((await search('Brightwater')).ids).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/homes',
      headers: host.headers,
      payload: {
        location: 'Brightwater, Testland',
        title: 'New flat',
        from: '2026-12-01',
        to: '2027-03-01',
        price: 80,
        total_guest: 2,
        bedrooms: 1,
        bathrooms: 1,
        description: 'Just listed.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await search('Brightwater')).ids).toHaveLength(1);
  });

  it(`finds a place written through another process within PLACES_MAX_AGE_MS (${MAX_AGE_MS} ms here)`, async () => {
    const before = await search('Lisbon');
    // Written straight to the database, as another process or a script would.
    const home = await insertHome(t.db, { location: 'Lisbon Bay, Testland' });
    expect(await search('Lisbon')).toEqual(before);
    t.clock.advance(MAX_AGE_MS);
    const after = await search('Lisbon');
    expect(after.ids).toContain(home.id);
    expect(after).toEqual(await fromDatabase('Lisbon'));
  });

  it('answers a typo with the close spelling in memory, and leaves a term with neither to the database', async () => {
    // Close spellings of places in memory: the one the database would choose (ADR 0080).
    for (const term of ['Lisbn', 'Prto', 'Lisbom', 'Santa Cruzz']) {
      const found = await search(term);
      expect(found.place, term).not.toBeNull();
      expect(found, term).toEqual(await fromDatabase(term));
    }
    // A place written by another process that the typo is part of: until the memory reads it, the
    // search walks the close spelling the suggestions offer; then both find the new place.
    const suggested = async (q: string) =>
      (placeSuggestionsSchema.parse((await t.app.inject({ url: `/api/places?q=${q}` })).json()).places[0] ?? null)
        ?.location;
    const newer = await insertHome(t.db, { location: 'Lisbn Cove, Testland' });
    expect(await suggested('Lisbn')).toBe('Lisbon, Portugal');
    expect((await search('Lisbn')).place).toBe('Lisbon, Portugal');
    t.clock.advance(MAX_AGE_MS);
    expect(await suggested('Lisbn')).toBe('Lisbn Cove, Testland');
    expect(await search('Lisbn')).toEqual({ ids: [newer.id], place: 'Lisbn Cove, Testland' });
    // Neither contained nor close in memory: a newer place, found by the database.
    const home = await insertHome(t.db, { location: 'Quietmere, Testland' });
    expect(await search('Quietmere')).toEqual({ ids: [home.id], place: 'Quietmere, Testland' });
    expect(await search('Quietmre')).toEqual(await fromDatabase('Quietmre'));
  });
});
