/**
 * GET /api/homes/price-histogram: the homes a search finds, counted in equal-width price buckets.
 * With a place the counts are the search's own (sums equal what GET /api/homes pages through);
 * without one they come from home_price_stats, kept by triggers on homes (migration 0016).
 */
import { eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { PRICE_HISTOGRAM_BUCKETS, priceHistogramSchema, type PriceHistogram } from '#shared/schemas/search';
import { homes } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';
import { toBuckets } from './search-service';

const t = useTestApp();

async function histogram(query: string): Promise<PriceHistogram> {
  const res = await t.app.inject({ method: 'GET', url: `/api/homes/price-histogram?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return priceHistogramSchema.parse(res.json());
}

/** Every home GET /api/homes finds for the query, following its Link header page by page. */
async function searchTotal(query: string): Promise<number> {
  let url: string | null = `/api/homes?limit=7&${query}`;
  let total = 0;
  while (url) {
    const res: LightMyRequestResponse = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    total += homeListSchema.parse(res.json()).length;
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
  }
  return total;
}

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
const DATES = 'checkIn=2026-12-10&checkOut=2026-12-13';

beforeAll(async () => {
  // Histville: 12 homes at $40.00 .. $150.50, 1..6 guests, 0..3 bedrooms; one booked over DATES,
  // one whose window ends before DATES.
  for (let i = 0; i < 12; i++) {
    const home = await insertHome(t.db, {
      location: i % 2 ? 'Histville, Testland' : 'Histville Heights, Testland',
      priceCents: i === 11 ? 15_050 : 4_000 + i * 1_000,
      totalGuest: 1 + (i % 6),
      bedrooms: i % 4,
      ...(i === 3 ? { availableTo: '2026-12-11' } : {}),
    });
    if (i === 5) await insertBooking(t.db, home, { status: 'confirmed' });
  }
  // Elsewhere: homes a Histville search must not count.
  await insertHome(t.db, { location: 'Lisbon, Portugal', priceCents: 99_900 });
});

describe('GET /api/homes/price-histogram for a place', () => {
  it('counts the homes the search finds: the sums equal the search total', async () => {
    for (const query of ['location=Histville', `location=Histville&${DATES}`, `location=Histville&guests=3`]) {
      const found = await histogram(query);
      expect(found.exact).toBe(true);
      expect(found.total, query).toBe(await searchTotal(query));
      expect(sum(found.counts), query).toBe(found.total);
    }
    expect((await histogram('location=Histville')).total).toBe(12);
    // The booked home and the one whose window ends before departure are not free for DATES.
    expect((await histogram(`location=Histville&${DATES}`)).total).toBe(10);
  });

  it('spans the lowest to the highest price (rounded out to whole dollars) in equal buckets', async () => {
    const found = await histogram('location=Histville');
    expect(found).toMatchObject({ minPrice: 40, maxPrice: 151, bucketWidth: 5 });
    // (151 - 40) / 5 + 1 buckets; $40 is in the first, $150.50 in the last.
    expect(found.counts).toHaveLength(23);
    expect(found.counts[0]).toBe(1);
    expect(found.counts.at(-1)).toBe(1);
  });

  it('narrows by bedrooms (at least)', async () => {
    const found = await histogram('location=Histville&bedrooms=2');
    // Bedrooms i % 4 >= 2 for i = 2, 3, 6, 7, 10, 11.
    expect(found.total).toBe(6);
    expect(sum(found.counts)).toBe(6);
    expect(found.total).toBe(await searchTotal('location=Histville&bedrooms=2'));
    const withDates = await histogram(`location=Histville&bedrooms=2&guests=2&${DATES}`);
    expect(withDates.total).toBe(await searchTotal(`location=Histville&bedrooms=2&guests=2&${DATES}`));
  });

  it('answers an empty histogram when nothing matches', async () => {
    expect(await histogram('location=Nowhereville')).toEqual({
      minPrice: 0,
      maxPrice: 0,
      bucketWidth: 1,
      counts: [],
      total: 0,
      exact: true,
    });
  });
});

describe('GET /api/homes/price-histogram without a place', () => {
  it('counts every home exactly (from the per-price summary) and follows edits and deletes', async () => {
    expect((await histogram('')).total).toBe(await searchTotal(''));
    expect((await histogram('guests=4')).total).toBe(await searchTotal('guests=4'));
    const extra = await insertHome(t.db, { location: 'Summaryton, Testland', priceCents: 250_000 });
    let found = await histogram('');
    expect(found.maxPrice).toBe(2_500);
    expect(found.total).toBe(await searchTotal(''));
    await t.db.update(homes).set({ priceCents: 3_000 }).where(eq(homes.id, extra.id));
    found = await histogram('');
    expect([found.minPrice, found.maxPrice]).toEqual([30, 999]);
    await t.db.delete(homes).where(eq(homes.id, extra.id));
    found = await histogram('');
    expect(found.minPrice).toBe(40);
    expect(found.total).toBe(await searchTotal(''));
  });

  it('reads summaries equal to counting every home, through inserts, edits, unlisting and deletes', async () => {
    // What the summaries stand for: the homes a search can show, not those moderation unlisted (ADR 0074).
    async function bruteForce(guests: number | null, bedrooms: number | null): Promise<PriceHistogram> {
      const rows = await t.db
        .select({ priceCents: homes.priceCents, bedrooms: homes.bedrooms, totalGuest: homes.totalGuest })
        .from(homes)
        .where(isNull(homes.unlistedAt));
      const fits = rows.filter((h) => h.totalGuest >= (guests ?? 0) && h.bedrooms >= (bedrooms ?? 0));
      return toBuckets(
        fits.map((h) => ({ priceCents: h.priceCents, homes: 1 })),
        true,
      );
    }
    // Inside the summary's caps (16 guests, 8 bedrooms), on them and above them (read another way).
    const filters: [number | null, number | null][] = [
      [null, null],
      [2, null],
      [null, 3],
      [4, 1],
      [16, 8],
      [17, null],
      [null, 9],
      [30, 10],
    ];
    async function expectExact(step: string) {
      for (const [guests, bedrooms] of filters) {
        const query = [guests && `guests=${guests}`, bedrooms && `bedrooms=${bedrooms}`].filter(Boolean).join('&');
        expect(await histogram(query), `${step}: ${query}`).toEqual(await bruteForce(guests, bedrooms));
      }
    }
    const big = await insertHome(t.db, {
      location: 'Capton, Testland',
      priceCents: 123_456,
      totalGuest: 40,
      bedrooms: 12,
    });
    const small = await insertHome(t.db, { location: 'Capton, Testland', priceCents: 4_099, totalGuest: 16 });
    const third = await insertHome(t.db, { location: 'Capton, Testland', priceCents: 4_050, bedrooms: 2 });
    await expectExact('inserted');
    await t.db.update(homes).set({ priceCents: 4_001, bedrooms: 8 }).where(eq(homes.id, big.id));
    await t.db.update(homes).set({ totalGuest: 17, location: 'Elsewhere, Testland' }).where(eq(homes.id, small.id));
    await expectExact('edited');
    // One statement moving many homes at once, to and from the same dollars.
    await t.db.update(homes).set({ priceCents: 12_399 }).where(eq(homes.location, 'Capton, Testland'));
    await expectExact('moved together');
    const before = await histogram('');
    await t.db.update(homes).set({ unlistedAt: new Date(), unlistedBy: 'suspension' }).where(eq(homes.id, big.id));
    await expectExact('unlisted');
    // The unlisted home's price ($123.99) left the histogram, as it left the search.
    expect((await histogram('')).total).toBe(before.total - 1);
    await t.db.update(homes).set({ unlistedAt: null, unlistedBy: null }).where(eq(homes.id, big.id));
    expect(await histogram('')).toEqual(before);
    await t.db.update(homes).set({ unlistedAt: new Date(), unlistedBy: 'report' }).where(eq(homes.id, big.id));
    await expectExact('unlisted again');
    await t.db.delete(homes).where(eq(homes.id, big.id));
    await t.db.delete(homes).where(eq(homes.id, small.id));
    await t.db.delete(homes).where(eq(homes.id, third.id));
    await expectExact('deleted');
  });

  it('says it is approximate with dates: it counts homes whether or not they are free then', async () => {
    const found = await histogram(DATES);
    expect(found.exact).toBe(false);
    expect(found.total).toBe((await histogram('')).total);
    expect(found.total).toBeGreaterThan(await searchTotal(DATES));
  });

  it('narrows by bedrooms and guests', async () => {
    const all = await histogram('');
    const some = await histogram('bedrooms=3&guests=2');
    expect(some.total).toBeGreaterThan(0);
    expect(some.total).toBeLessThan(all.total);
    expect(some.total).toBe(await searchTotal('bedrooms=3&guests=2'));
  });
});

describe('GET /api/homes/price-histogram refuses bad parameters', () => {
  it.each([
    ['a price range (the slider is drawn without it)', 'minPrice=10'],
    ['a sort', 'sort=price_asc'],
    ['an unknown parameter', 'colour=blue'],
    ['guests 0', 'guests=0'],
    ['bedrooms that are not a number', 'bedrooms=two'],
    ['an arrival without a departure', 'checkIn=2026-12-10'],
    ['a departure before the arrival', 'checkIn=2026-12-10&checkOut=2026-12-09'],
    ['a date that is not a date', 'checkIn=2026-13-10&checkOut=2026-12-14'],
    ['an empty location', 'location='],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/homes/price-histogram?${query}` });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 400 arrival_in_past for past dates, as the search does', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/homes/price-histogram?checkIn=2026-10-01&checkOut=2026-10-03',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('arrival_in_past');
  });
});

describe('toBuckets', () => {
  it(`makes at most ${PRICE_HISTOGRAM_BUCKETS} buckets, at least $1 wide`, () => {
    const narrow = toBuckets([{ priceCents: 10_000, homes: 3 }], true);
    expect(narrow).toEqual({ minPrice: 100, maxPrice: 100, bucketWidth: 1, counts: [3], total: 3, exact: true });
    const wide = toBuckets(
      [
        { priceCents: 100, homes: 1 },
        { priceCents: 100_000_000, homes: 2 },
      ],
      true,
    );
    expect(wide.counts.length).toBeLessThanOrEqual(PRICE_HISTOGRAM_BUCKETS);
    expect(wide.counts[0]).toBe(1);
    expect(wide.counts.at(-1)).toBe(2);
    // A price on a bucket's lower edge is in that bucket.
    const edges = toBuckets(
      [
        { priceCents: 1_000, homes: 1 },
        { priceCents: 3_300, homes: 1 },
        { priceCents: 3_299, homes: 1 },
      ],
      true,
    );
    expect(edges).toMatchObject({ minPrice: 10, maxPrice: 33, bucketWidth: 1 });
    expect(edges.counts).toHaveLength(24);
    expect([edges.counts[0], edges.counts[22], edges.counts[23]]).toEqual([1, 1, 1]);
  });
});
