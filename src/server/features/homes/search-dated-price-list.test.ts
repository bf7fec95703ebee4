/**
 * A list without a place (no `location`, or a map box) sorts and filters by each home's nightly
 * price for the dates, as a place search does (issue 27, ADR 0058, D114): the order is the cards'
 * `stay.nightly` order (pricing-quote.ts), page by page, and a price range keeps exactly the cards
 * whose nightly price is in it. Each test file has its own database: the homes below are all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema, type Home } from '#shared/schemas/homes';
import { insertHome } from '#server/test/factories';
import { pricePeriods } from '#server/db/schema';
import { TEST_NOW, useTestApp } from '#server/test/test-app';

const t = useTestApp();
/** Monday to Thursday: three weekday nights, inside the low season below. */
const WEEKDAYS = 'checkIn=2026-12-14&checkOut=2026-12-17';
/** Friday to Sunday: the two weekend nights. */
const WEEKEND = 'checkIn=2026-12-18&checkOut=2026-12-20';
/** A week from Thursday: weekend nights and the high season's first nights. */
const MIXED = 'checkIn=2026-12-17&checkOut=2026-12-24';
const BOX = 'bbox=-9.2,38.6,-9.0,38.8';

const names: Record<string, string> = {};

beforeAll(async () => {
  t.clock.set(TEST_NOW);
  const home = async (name: string, priceCents: number, weekendPriceCents: number | null = null, inBox = true) => {
    const row = await insertHome(t.db, {
      priceCents,
      weekendPriceCents,
      // Lisbon's public point is in BOX; Porto's is not.
      ...(inBox ? { approxLat: 38.7, approxLng: -9.14 } : { approxLat: 41.15, approxLng: -8.61 }),
    });
    names[row.id] = name;
    return row;
  };
  // Plain homes from $60 to $170, one of them outside the box.
  for (let i = 0; i < 12; i++) await home(`plain${60 + i * 10}`, 6_000 + i * 1_000, null, i !== 5);
  await home('weekend', 9_000, 30_000);
  await home('cheapWeekend', 15_000, 5_500);
  const seasonal = await home('seasonal', 20_000);
  const festival = await home('festival', 5_000, null, false);
  // The dearest home by its base price costs $65 a night in its low season (December 10-20);
  // the cheapest costs $400 in its festival week from December 21.
  await t.db.insert(pricePeriods).values([
    { homeId: seasonal.id, fromDate: '2026-12-10', toDate: '2026-12-20', priceCents: 6_500 },
    { homeId: festival.id, fromDate: '2026-12-21', toDate: '2026-12-28', priceCents: 40_000 },
  ]);
});

async function search(query: string): Promise<Home[]> {
  const res = await t.app.inject({ url: `/api/homes?${query}&limit=50` });
  expect(res.statusCode, res.body).toBe(200);
  return homeListSchema.parse(res.json());
}
const named = (found: Home[]) => found.map((h) => names[h._id]);

/** Every page of a search, `limit` homes a page, following the Link header's cursor. */
async function pageByPage(query: string, limit: number) {
  const seen: Home[] = [];
  let url: string | null = `/api/homes?${query}&limit=${limit}`;
  while (url) {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...homeListSchema.parse(res.json()));
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    expect(seen.length).toBeLessThan(40);
  }
  return seen;
}

const DATES = [WEEKDAYS, WEEKEND, MIXED];

describe('GET /api/homes without a place: the price sort and filter with dates use the nightly price', () => {
  it("sorts by the cards' nightly prices, in both directions, with and without a map box", async () => {
    for (const where of ['', `${BOX}&`]) {
      for (const dates of DATES) {
        for (const sort of ['price_asc', 'price_desc'] as const) {
          const found = await search(`${where}${dates}&sort=${sort}`);
          const nightly = found.map((h) => h.stay!.nightly);
          expect(nightly, `${where}${dates} ${sort}`).toEqual(
            [...nightly].sort((a, b) => (sort === 'price_asc' ? a - b : b - a)),
          );
          expect(found.length).toBe(where ? 14 : 16);
          // Page by page (2 and 3 a page: the plain walk's page decides which dated homes are priced).
          for (const limit of [2, 3]) {
            expect(
              named(await pageByPage(`${where}${dates}&sort=${sort}`, limit)),
              `${dates} ${sort} ${limit}`,
            ).toEqual(named(found));
          }
        }
      }
    }
  });

  it('puts a home its price period makes the cheapest first, and a cheap home in its festival week last', async () => {
    expect(named(await search(`${WEEKDAYS}&sort=price_asc`)).slice(0, 3)).toEqual(['festival', 'plain60', 'seasonal']);
    // Without dates, the base price: the seasonal home is the dearest.
    expect(named(await search('sort=price_desc'))[0]).toBe('seasonal');
    expect(named(await search(`${MIXED}&sort=price_desc`))[0]).toBe('festival');
    expect(named(await search(`${WEEKEND}&sort=price_desc`))[0]).toBe('weekend');
    expect(named(await search(`${WEEKEND}&sort=price_asc`))[0]).toBe('festival');
    expect(named(await search(`${WEEKEND}&sort=price_asc`))[1]).toBe('cheapWeekend');
  });

  it('keeps exactly the cards whose nightly price is in the range, in every sort', async () => {
    for (const dates of DATES) {
      const all = await search(`${dates}&sort=price_asc`);
      for (const [min, max] of [
        [60, 70],
        [100, 300],
        [250, 400],
      ] as const) {
        const expected = all.filter((h) => h.stay!.nightly >= min && h.stay!.nightly <= max).map((h) => h._id);
        for (const sort of ['price_asc', 'price_desc', 'newest', 'rating']) {
          const found = await search(`${dates}&minPrice=${min}&maxPrice=${max}&sort=${sort}`);
          expect([...found.map((h) => h._id)].sort(), `${dates} ${min}-${max} ${sort}`).toEqual([...expected].sort());
        }
      }
    }
    // Without dates the base price decides: the seasonal home ($200) is above $170, the festival one ($50) below $60.
    expect(named(await search('minPrice=180'))).toEqual(['seasonal']);
    expect(named(await search(`${WEEKDAYS}&minPrice=180`))).toEqual([]);
    // The festival week makes the $50 home cost $200 a night over MIXED; outside the box it is not listed.
    expect(named(await search(`${MIXED}&minPrice=195`))).toEqual(['festival']);
    expect(named(await search(`${MIXED}&minPrice=195&${BOX}`))).toEqual([]);
  });
});
