/**
 * GET /api/homes narrowed and ordered (issue 13): price range, bedrooms, and the four sorts, in
 * both shapes (a place search and a list without a place), paged through the Link header. The
 * expected answers are worked out here from the homes this file inserts (each file has its own
 * database), so every assertion is about what an API client sees.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HOMES_SORTS, homeListSchema, type HomesSort } from '#shared/schemas/homes';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

interface Made {
  id: string;
  seq: number;
  priceCents: number;
  bedrooms: number;
  totalGuest: number;
  ratingSum: number;
  ratingCount: number;
  /** How well its place matches "Porto" (0 the city, 1 a whole word, 4 inside a word; migration 0021); null: not matched. */
  rank: number | null;
}

const made: Made[] = [];
const RANK: Record<string, number | null> = {
  'Porto, Portugal': 0,
  'Porto Santo, Portugal': 1,
  'Vila Oporto, Portugal': 4,
  // Only a close spelling of "Porto" (trigram word similarity 0.67): never searched while a place
  // contains the term (ADR 0036).
  'Portu, Brazil': null,
  'Faro, Algarve': null,
};

// Inserted in this order (seq follows it), so neither price nor rating follows insertion order.
// Ties: three Porto homes at $100 (and one at $100.50), averages of 4.0 (4/1, 8/2) and 5.0 (5/1, 25/5).
const HOMES: [string, number, number, number, number, number][] = [
  // location, price in cents, bedrooms, guests, rating sum, rating count
  ['Porto, Portugal', 10_000, 1, 2, 0, 0],
  ['Porto Santo, Portugal', 2_000, 5, 10, 5, 1],
  ['Porto, Portugal', 5_000, 3, 6, 4, 1],
  ['Vila Oporto, Portugal', 1_000, 2, 4, 25, 5],
  ['Porto, Portugal', 10_000, 2, 4, 9, 2],
  ['Faro, Algarve', 3_000, 2, 4, 0, 0],
  ['Portu, Brazil', 500, 3, 6, 10, 2],
  ['Porto, Portugal', 20_000, 4, 8, 8, 2],
  ['Porto Santo, Portugal', 10_000, 1, 4, 0, 0],
  ['Porto, Portugal', 10_000, 2, 2, 0, 0],
  ['Faro, Algarve', 10_000, 3, 6, 12, 3],
  ['Porto, Portugal', 10_050, 2, 4, 5, 1],
  ['Portu, Brazil', 20_000, 1, 2, 0, 0],
];

/** A home free for these dates except the one booked below (the third Porto home at $100). */
const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };
let booked: string;

beforeAll(async () => {
  const rows = [];
  for (const [location, priceCents, bedrooms, totalGuest, ratingSum, ratingCount] of HOMES) {
    const row = await insertHome(t.db, { location, priceCents, bedrooms, totalGuest, ratingSum, ratingCount });
    rows.push(row);
    made.push({
      id: row.id,
      seq: row.seq,
      priceCents,
      bedrooms,
      totalGuest,
      ratingSum,
      ratingCount,
      rank: RANK[location]!,
    });
  }
  // A confirmed stay over STAY: the booking triggers keep the home's confirmed nights.
  await insertBooking(t.db, rows[4]!, STAY);
  booked = rows[4]!.id;
});

const average = (h: Made) => (h.ratingCount ? h.ratingSum / h.ratingCount : -1);

/** The order a client must see: best place first, then the sort's key, ties by insertion order. */
function expectedOrder(homes: Made[], sort: HomesSort): string[] {
  const byKey: Record<HomesSort, (a: Made, b: Made) => number> = {
    newest: (a, b) => b.seq - a.seq,
    price_asc: (a, b) => a.priceCents - b.priceCents || a.seq - b.seq,
    price_desc: (a, b) => b.priceCents - a.priceCents || b.seq - a.seq,
    rating: (a, b) => average(b) - average(a) || b.seq - a.seq,
  };
  return [...homes].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || byKey[sort](a, b)).map((h) => h.id);
}

function nextLink(header: string | string[] | number | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : String(header ?? '');
  return /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] ?? null;
}

/** Every page from `url` on, following rel="next"; the ids in the order served. */
async function allPages(url: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let next: string | null = url;
  let pages = 0;
  while (next) {
    const res = await t.app.inject({ method: 'GET', url: next });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...homeListSchema.parse(res.json()).map((h) => h._id));
    next = nextLink(res.headers.link);
    pages++;
    expect(pages).toBeLessThan(20);
  }
  return { ids, pages };
}

const porto = () => made.filter((h) => h.rank !== null);

describe('GET /api/homes sorts, paged two at a time', () => {
  it.each(HOMES_SORTS)(
    'a place search sorted by %s: best place first, then the sort, every home once',
    async (sort) => {
      const { ids, pages } = await allPages(`/api/homes?location=Porto&sort=${sort}&limit=2`);
      expect(ids).toEqual(expectedOrder(porto(), sort));
      expect(pages).toBe(Math.ceil(porto().length / 2));
    },
  );

  it.each(HOMES_SORTS)('the list without a place sorted by %s, every home once', async (sort) => {
    const { ids } = await allPages(`/api/homes?sort=${sort}&limit=2`);
    const all = made.map((h) => ({ ...h, rank: 0 }));
    expect(ids).toEqual(expectedOrder(all, sort));
  });

  it('lists homes without reviews last in the rating sort, and the $100 ties by insertion order', async () => {
    const { ids } = await allPages('/api/homes?sort=rating&limit=3');
    const unrated = made.filter((h) => h.ratingCount === 0).map((h) => h.id);
    expect(ids.slice(-unrated.length).sort()).toEqual([...unrated].sort());
    const { ids: cheap } = await allPages('/api/homes?location=Porto&sort=price_asc&maxPrice=100&limit=1');
    const hundred = made.filter((h) => h.rank === 0 && h.priceCents === 10_000).map((h) => h.id);
    expect(cheap.filter((id) => hundred.includes(id))).toEqual(hundred);
  });

  it('keeps the typed place first in every sort: Porto before Porto Santo and Vila Oporto, even when they are cheaper', async () => {
    for (const sort of HOMES_SORTS) {
      const { ids } = await allPages(`/api/homes?location=Porto&sort=${sort}&limit=4`);
      const ranks = ids.map((id) => made.find((h) => h.id === id)!.rank!);
      expect(ranks, sort).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks[0]).toBe(0);
    }
  });

  it('pages one home at a time through every rank, and never on into close spellings', async () => {
    for (const sort of HOMES_SORTS) {
      const { ids } = await allPages(`/api/homes?location=Porto&sort=${sort}&limit=1`);
      expect(ids, sort).toEqual(expectedOrder(porto(), sort));
    }
  });

  it('treats sort=newest as the default: the same pages and cursors', async () => {
    const plain = await allPages('/api/homes?location=Porto&limit=2');
    const newest = await allPages('/api/homes?location=Porto&sort=newest&limit=2');
    expect(newest.ids).toEqual(plain.ids);
  });
});

describe('GET /api/homes price and bedrooms filters', () => {
  const FILTERS: Record<string, { minPrice?: number; maxPrice?: number; bedrooms?: number }> = {
    minPrice: { minPrice: 100 },
    maxPrice: { maxPrice: 100 },
    'an exact price': { minPrice: 100, maxPrice: 100 },
    bedrooms: { bedrooms: 2 },
    'all three': { minPrice: 20, maxPrice: 150, bedrooms: 2 },
  };
  const EXTRAS: Record<string, { checkIn?: string; checkOut?: string; guests?: number }> = {
    alone: {},
    'with dates': STAY,
    'with guests': { guests: 4 },
    'with dates and guests': { ...STAY, guests: 4 },
  };

  const matches = (h: Made, f: (typeof FILTERS)[string], e: (typeof EXTRAS)[string]) =>
    (f.minPrice === undefined || h.priceCents >= f.minPrice * 100) &&
    (f.maxPrice === undefined || h.priceCents <= f.maxPrice * 100) &&
    (f.bedrooms === undefined || h.bedrooms >= f.bedrooms) &&
    (e.guests === undefined || h.totalGuest >= e.guests) &&
    (e.checkIn === undefined || h.id !== booked);

  const shapes: [string, string, () => Made[]][] = [
    ['a place search', 'location=Porto&', porto],
    ['the list without a place', '', () => made.map((h) => ({ ...h, rank: 0 }))],
  ];

  for (const [shape, place, homes] of shapes) {
    it.each(Object.keys(FILTERS))(`${shape}: %s, alone and with dates and guests, in two sorts`, async (name) => {
      const filter = FILTERS[name]!;
      for (const [extraName, extra] of Object.entries(EXTRAS)) {
        for (const sort of ['newest', 'price_asc'] as const) {
          const params = new URLSearchParams(
            Object.entries({ ...filter, ...extra, sort, limit: 3 }).map(([k, v]) => [k, String(v)]),
          );
          const { ids } = await allPages(`/api/homes?${place}${params.toString()}`);
          const want = expectedOrder(
            homes().filter((h) => matches(h, filter, extra)),
            sort,
          );
          expect(want.length, `${extraName} ${sort}: the case must select something`).toBeGreaterThan(0);
          expect(ids, `${extraName} ${sort}`).toEqual(want);
        }
      }
    });
  }

  it('counts whole dollars inclusively: $100.50 is above maxPrice=100 and within minPrice=100', async () => {
    const odd = made.find((h) => h.priceCents === 10_050)!.id;
    expect((await allPages('/api/homes?location=Porto&maxPrice=100')).ids).not.toContain(odd);
    expect((await allPages('/api/homes?location=Porto&minPrice=100&maxPrice=101')).ids).toContain(odd);
  });
});

describe('GET /api/homes refuses bad narrowing values', () => {
  it.each([
    ['minPrice=-1', 'minPrice'],
    ['minPrice=cheap', 'minPrice'],
    ['maxPrice=1.5', 'maxPrice'],
    ['maxPrice=1000001', 'maxPrice'],
    ['minPrice=200&maxPrice=100', 'maxPrice'],
    ['bedrooms=0', 'bedrooms'],
    ['bedrooms=51', 'bedrooms'],
    ['bedrooms=two', 'bedrooms'],
    ['sort=cheapest', 'sort'],
    ['sort=PRICE_ASC', 'sort'],
  ])('400 naming the field for %s', async (qs, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/homes?location=Porto&${qs}` });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(field);
    expect(error.issues.map((i: { path: string }) => i.path)).toContain(`querystring.${field}`);
  });

  async function cursorOf(url: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url });
    const link = nextLink(res.headers.link);
    expect(link).not.toBeNull();
    return new URL(link!, 'http://x').searchParams.get('cursor')!;
  }

  it('answers 400 invalid_cursor for a cursor made in another sort, in both shapes', async () => {
    for (const place of ['location=Porto&', '']) {
      const byPrice = await cursorOf(`/api/homes?${place}sort=price_asc&limit=2`);
      const newest = await cursorOf(`/api/homes?${place}limit=2`);
      for (const [cursor, sort] of [
        [byPrice, 'price_desc'],
        [byPrice, 'rating'],
        [byPrice, 'newest'],
        [newest, 'price_asc'],
        [newest, 'rating'],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/homes?${place}sort=${sort}&limit=2&cursor=${encodeURIComponent(cursor)}`,
        });
        expect(res.statusCode, `${place} ${sort}`).toBe(400);
        expect(res.json().error.code).toBe('invalid_cursor');
      }
      // The same cursor continues its own sort.
      const ok = await t.app.inject({
        method: 'GET',
        url: `/api/homes?${place}sort=price_asc&limit=2&cursor=${byPrice}`,
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('answers 400 invalid_cursor for a forged cursor', async () => {
    for (const text of ['pa-5h3', 'rt5h3', 'pa10h3r0', 'xx1h3']) {
      const cursor = Buffer.from(text).toString('base64url');
      const sort = text.startsWith('rt') ? 'rating' : 'price_asc';
      const res = await t.app.inject({ method: 'GET', url: `/api/homes?sort=${sort}&cursor=${cursor}` });
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error.code).toBe('invalid_cursor');
    }
  });
});
