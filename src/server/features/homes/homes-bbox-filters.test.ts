/**
 * A map box with dates, guests, a price range and bedrooms that few homes pass (issue 29, ADR 0068):
 * the walk tests the box and the filters on homes_box_walk_idx's entries, the GiST fallback on
 * homes_box_filters_idx's, and both must keep exactly the homes a brute-force filter of the same data
 * keeps, in the same order, page by page. Each test file has its own database: the homes below are all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema, type Home } from '#shared/schemas/homes';
import { pricePeriods } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { TEST_NOW, useTestApp } from '#server/test/test-app';

const t = useTestApp();

const BOX = { west: -9.2, south: 38.6, east: -9.0, north: 38.8 };
/** Monday to Thursday: weekday nights only, so a weekend price never counts, but it widens the home's price span. */
const STAY = { checkIn: '2026-12-14', checkOut: '2026-12-17' };

interface Made {
  id: string;
  seq: number;
  inBox: boolean;
  bedrooms: number;
  guests: number;
  /** The nightly price for STAY, in cents. */
  nightly: number;
  base: number;
  free: boolean;
}

const made: Made[] = [];

/** A small deterministic generator: the same homes on every run. */
function* numbers(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield x;
  }
}

beforeAll(async () => {
  t.clock.set(TEST_NOW);
  const next = numbers(29);
  const pick = (n: number) => next.next().value! % n;
  for (let i = 0; i < 120; i++) {
    const inBox = pick(10) < 7;
    // Inside: anywhere in the box, its edges included; outside: just past an edge or far away.
    const point = inBox
      ? {
          approxLat: [38.6, 38.8, 38.6 + pick(2000) / 10_000][pick(3)]!,
          approxLng: [-9.2, -9.0, -9.2 + pick(2000) / 10_000][pick(3)]!,
        }
      : [
          { approxLat: 38.80001, approxLng: -9.1 },
          { approxLat: 38.7, approxLng: -8.99999 },
          { approxLat: 41.15, approxLng: -8.61 },
        ][pick(3)]!;
    const base = (40 + pick(260)) * 100;
    // One in four has a weekend price: it never counts on STAY's nights, yet it stretches the span the index tests.
    const weekend = pick(4) === 0 ? (40 + pick(260)) * 100 : null;
    const bedrooms = 1 + pick(4);
    const guests = 1 + pick(8);
    const windowShort = pick(12) === 0;
    const home = await insertHome(t.db, {
      location: 'Somewhere',
      lat: 0,
      lng: 0,
      ...point,
      priceCents: base,
      weekendPriceCents: weekend,
      bedrooms,
      totalGuest: guests,
      ...(windowShort && { availableTo: '2026-12-15' }),
    });
    let nightly = base;
    // Price periods: one covering the whole stay (it sets the nightly price), or one outside it (it does not).
    const period = pick(6);
    if (period === 0) {
      const price = (40 + pick(260)) * 100;
      await t.db
        .insert(pricePeriods)
        .values({ homeId: home.id, fromDate: '2026-12-10', toDate: '2026-12-20', priceCents: price });
      nightly = price;
    } else if (period === 1) {
      const price = (40 + pick(260)) * 100;
      await t.db
        .insert(pricePeriods)
        .values({ homeId: home.id, fromDate: '2027-01-10', toDate: '2027-01-20', priceCents: price });
    }
    const booked = pick(10) === 0;
    if (booked) await insertBooking(t.db, home, { checkIn: '2026-12-15', checkOut: '2026-12-16', status: 'confirmed' });
    made.push({ id: home.id, seq: home.seq, inBox, bedrooms, guests, nightly, base, free: !windowShort && !booked });
  }
});

type Query = { guests: number; bedrooms: number; minPrice?: number; maxPrice?: number; dates: boolean };

/** What the search must answer, filtered and ordered here, one home at a time. */
function bruteForce(q: Query, sort: string): string[] {
  const price = (m: Made) => (q.dates ? m.nightly : m.base);
  const kept = made.filter(
    (m) =>
      m.inBox &&
      m.guests >= q.guests &&
      m.bedrooms >= q.bedrooms &&
      (!q.dates || m.free) &&
      price(m) >= (q.minPrice ?? 0) * 100 &&
      price(m) <= (q.maxPrice ?? Infinity) * 100,
  );
  // No home has a review: the rating sort is newest first.
  const order: Record<string, (a: Made, b: Made) => number> = {
    newest: (a, b) => b.seq - a.seq,
    rating: (a, b) => b.seq - a.seq,
    price_asc: (a, b) => price(a) - price(b) || a.seq - b.seq,
    price_desc: (a, b) => price(b) - price(a) || b.seq - a.seq,
  };
  return kept.sort(order[sort]).map((m) => m.id);
}

/** Every page of the search, `limit` homes a page, following the Link header's cursor. */
async function pageByPage(q: Query, sort: string, limit: number): Promise<string[]> {
  const params = new URLSearchParams({
    bbox: `${BOX.west},${BOX.south},${BOX.east},${BOX.north}`,
    guests: String(q.guests),
    bedrooms: String(q.bedrooms),
    sort,
    limit: String(limit),
    ...(q.minPrice !== undefined && { minPrice: String(q.minPrice) }),
    ...(q.maxPrice !== undefined && { maxPrice: String(q.maxPrice) }),
    ...(q.dates && STAY),
  });
  const seen: Home[] = [];
  let url: string | null = `/api/homes?${params}`;
  while (url) {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...homeListSchema.parse(res.json()));
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    expect(seen.length).toBeLessThanOrEqual(made.length);
  }
  return seen.map((h) => h._id);
}

const QUERIES: Query[] = [
  // Few pass: the walk's pages run short and the GiST index answers.
  { guests: 6, bedrooms: 3, minPrice: 100, maxPrice: 160, dates: true },
  { guests: 3, bedrooms: 2, minPrice: 50, maxPrice: 250, dates: true },
  { guests: 1, bedrooms: 1, minPrice: 200, dates: true },
  { guests: 4, bedrooms: 2, maxPrice: 120, dates: true },
  { guests: 5, bedrooms: 3, minPrice: 80, maxPrice: 200, dates: false },
  // Nothing passes.
  { guests: 8, bedrooms: 4, minPrice: 290, maxPrice: 295, dates: true },
];

describe('GET /api/homes?bbox with dates, guests, price and bedrooms', () => {
  it('keeps exactly the homes a brute-force filter keeps, in order, on every page', async () => {
    let some = 0;
    for (const q of QUERIES) {
      for (const sort of ['newest', 'price_asc', 'price_desc', 'rating']) {
        const expected = bruteForce(q, sort);
        some += expected.length;
        for (const limit of [1, 2, 24]) {
          expect(await pageByPage(q, sort, limit), `${JSON.stringify(q)} ${sort} ${limit}`).toEqual(expected);
        }
      }
    }
    // The queries do keep homes (a search answering nothing would pass the comparisons above).
    expect(some).toBeGreaterThan(40);
  });

  it('leaves out a home whose span reaches the range only through a price that does not apply to the stay', async () => {
    // Base $60, weekend $150: its span is $60-150, yet each of STAY's weekday nights costs $60.
    const home = await insertHome(t.db, {
      location: 'Somewhere',
      approxLat: 38.7,
      approxLng: -9.1,
      priceCents: 6_000,
      weekendPriceCents: 15_000,
      bedrooms: 4,
      totalGuest: 8,
    });
    const ids = await pageByPage({ guests: 8, bedrooms: 4, minPrice: 140, maxPrice: 160, dates: true }, 'newest', 24);
    expect(ids).not.toContain(home.id);
    const cheap = await pageByPage({ guests: 8, bedrooms: 4, minPrice: 55, maxPrice: 65, dates: true }, 'newest', 24);
    expect(cheap).toContain(home.id);
  });
});
