/**
 * A place search costs what its page costs, not what its term matches (issue 29, ADR 0058): a
 * prefix that many places start with ("San", "Port") is answered from the best 20 of them (by
 * rank, then homes), paged with cursors like any other search; suggestions rank a place matched by
 * its own words before one matched by a prefix, before one containing the term, and offer a close
 * spelling only when nothing contains the term, which the search then says it shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { placeMatchSchema, placeSuggestionsSchema } from '#shared/schemas/search';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();
/** search_place_best's bound (migration 0036). */
const BEST_PLACES = 20;

const homesOf = new Map<string, string[]>();
async function place(location: string, count: number, priceCents = 10_000) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await insertHome(t.db, { location, priceCents: priceCents + i * 700 })).id);
  homesOf.set(location, ids);
}
const zanbroad = (n: number) => `Zanbroad ${String(n).padStart(2, '0')}, Testland`;

beforeAll(async () => {
  // "Zan" is a city itself (rank 0); 22 cities start with it (rank 2), 20 of them with two homes.
  await place('Zan, Testland', 1, 30_000);
  for (let n = 1; n <= 22; n++) await place(zanbroad(n), n <= 20 ? 2 : 1, 5_000 + n * 300);
  // A word of the place starts with it (rank 3): after the 21 better places, so not searched.
  await place('Old Zanport, Testland', 3, 1_000);
  // Suggestions' tiers for "Velmar": the city, a whole word, a city prefix, a word prefix, inside.
  await place('Velmar, Testland', 1);
  await place('Port Velmar, Testland', 1);
  await place('Velmaron, Testland', 4);
  await place('Old Velmarsk, Testland', 1);
  await place('Novelmar, Testland', 1);
});

/** Every page of a search, following the Link header's rel="next" cursor. */
async function allPages(params: Record<string, string>) {
  const seen: string[] = [];
  let pages = 0;
  let url: string | null = `/api/homes?${new URLSearchParams(params)}`;
  while (url) {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    expect(++pages).toBeLessThan(30);
  }
  return { seen, pages };
}

describe('GET /api/homes: a prefix many places start with', () => {
  // The city that is the term, then the 19 cities starting with it that have the most homes.
  const expected = () => [
    ...homesOf.get('Zan, Testland')!,
    ...Array.from({ length: BEST_PLACES - 1 }, (_, i) => homesOf.get(zanbroad(i + 1))!).flat(),
  ];

  it("answers the best places' homes, the typed city first, every home once across pages", async () => {
    const { seen, pages } = await allPages({ location: 'Zan', limit: '5' });
    expect(pages).toBe(Math.ceil(expected().length / 5));
    expect(seen[0]).toBe(homesOf.get('Zan, Testland')![0]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(expected().sort());
    for (const left of [zanbroad(20), zanbroad(21), zanbroad(22), 'Old Zanport, Testland']) {
      for (const id of homesOf.get(left)!) expect(seen).not.toContain(id);
    }
  });

  it('pages the same homes in each sort, by the sort within each rank', async () => {
    for (const sort of ['price_asc', 'price_desc', 'rating']) {
      const { seen } = await allPages({ location: 'Zan', sort, limit: '4' });
      expect([...seen].sort(), sort).toEqual(expected().sort());
      expect(seen[0], sort).toBe(homesOf.get('Zan, Testland')![0]);
    }
    const cheapestFirst = await allPages({ location: 'Zan', sort: 'price_asc', limit: '3' });
    const all = homeListSchema.parse(
      (await t.app.inject({ url: '/api/homes?location=Zan&sort=price_asc&limit=50' })).json(),
    );
    expect(cheapestFirst.seen).toEqual(all.map((h) => h._id));
    const prices = all.slice(1).map((h) => h.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('GET /api/places: suggestions by how the place matches', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ url: `/api/places?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return placeSuggestionsSchema.parse(res.json()).places.map((p) => p.location);
  };

  it('puts its own words first, then a prefix of the city, of a word, then inside a word', async () => {
    expect(await suggest('Velmar')).toEqual([
      'Velmar, Testland',
      'Port Velmar, Testland',
      'Velmaron, Testland',
      'Old Velmarsk, Testland',
      'Novelmar, Testland',
    ]);
  });

  it('offers a close spelling only when no place contains the text, and the search says it shows it', async () => {
    const close = await suggest('Velmr');
    expect(close.length).toBeGreaterThan(0);
    expect(close.every((p) => /velmar/i.test(p))).toBe(true);
    const res = await t.app.inject({ url: '/api/homes?location=Velmr' });
    const match = placeMatchSchema.parse(JSON.parse(decodeURIComponent(String(res.headers[SEARCH_MATCH_HEADER]))));
    expect(match.kind).toBe('close');
    expect(close).toContain(match.place);
  });

  it('suggests for the first keystrokes the places whose name starts with them, most homes first', async () => {
    expect((await suggest('Ve'))[0]).toBe('Velmaron, Testland');
    expect(await suggest('Za')).toEqual([
      'Zanbroad 01, Testland',
      'Zanbroad 02, Testland',
      'Zanbroad 03, Testland',
      'Zanbroad 04, Testland',
      'Zanbroad 05, Testland',
      'Zanbroad 06, Testland',
      'Zanbroad 07, Testland',
      'Zanbroad 08, Testland',
    ]);
  });
});
