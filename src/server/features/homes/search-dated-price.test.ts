/**
 * With dates, the price sorts and the price filter read each home's nightly price for those dates
 * (issue 27, ADR 0058): a home whose price period makes it the cheapest for the asked nights sorts
 * first and is found by a price range around its period price, though its base price is the
 * highest; the nightly price the database sorts by is the one the card shows (pricing-quote.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const PLACE = 'Datedsort Bay, Testland';
/** Monday to Thursday: three weekday nights, all inside the low season of `seasonal`. */
const WEEKDAYS = 'checkIn=2026-12-14&checkOut=2026-12-17';
/** Friday to Sunday: the two weekend nights. */
const WEEKEND = 'checkIn=2026-12-18&checkOut=2026-12-20';

let host: SignedIn;
const id: Record<'plain100' | 'plain120' | 'seasonal' | 'weekend', string> = {
  plain100: '',
  plain120: '',
  seasonal: '',
  weekend: '',
};
let periodId = '';

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  t.clock.set(TEST_NOW);
  const home = (priceCents: number, weekendPriceCents: number | null = null) =>
    insertHome(t.db, {
      location: PLACE,
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents,
      weekendPriceCents,
    });
  id.plain100 = (await home(10_000)).id;
  id.plain120 = (await home(12_000)).id;
  id.seasonal = (await home(20_000)).id;
  id.weekend = (await home(9_000, 30_000)).id;
  // The dearest home by its base price costs $80 a night in its low season (December 10-20).
  const period = await t.app.inject({
    method: 'POST',
    url: `/api/home/${id.seasonal}/price-periods`,
    headers: host.headers,
    payload: { from: '2026-12-10', to: '2026-12-20', price: 80 },
  });
  expect(period.statusCode, period.body).toBe(201);
  periodId = (period.json() as { _id: string })._id;
});

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/homes?location=${encodeURIComponent(PLACE)}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return homeListSchema.parse(res.json());
}
const ids = async (query: string) => (await search(query)).map((h) => h._id);

/** Every page of a search, one home per page, following the Link header's cursor. */
async function pageByPage(query: string) {
  const seen: string[] = [];
  let url: string | null = `/api/homes?location=${encodeURIComponent(PLACE)}&${query}&limit=1`;
  while (url) {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    expect(seen.length).toBeLessThan(10);
  }
  return seen;
}

describe('GET /api/homes: the price sort and filter with dates use the nightly price for those dates', () => {
  it('sorts a home whose price period makes it the cheapest for the dates first, and last without dates', async () => {
    expect(await ids(`${WEEKDAYS}&sort=price_asc`)).toEqual([id.seasonal, id.weekend, id.plain100, id.plain120]);
    expect(await ids('sort=price_asc')).toEqual([id.weekend, id.plain100, id.plain120, id.seasonal]);
    // The weekend nights: $300 at the home with a weekend price, $80 in the low season.
    expect(await ids(`${WEEKEND}&sort=price_desc`)).toEqual([id.weekend, id.plain120, id.plain100, id.seasonal]);
  });

  it("sorts by the card's nightly price, page by page with the same order", async () => {
    for (const [dates, sort] of [
      [WEEKDAYS, 'price_asc'],
      [WEEKEND, 'price_asc'],
      [WEEKEND, 'price_desc'],
      ['checkIn=2026-12-17&checkOut=2026-12-24', 'price_asc'],
    ] as const) {
      const found = await search(`${dates}&sort=${sort}`);
      const nightly = found.map((h) => h.stay!.nightly);
      const ordered = [...nightly].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
      expect(nightly, `${dates} ${sort}`).toEqual(ordered);
      expect(await pageByPage(`${dates}&sort=${sort}`)).toEqual(found.map((h) => h._id));
    }
  });

  it('filters by the nightly price for the dates, in the price sorts and the others', async () => {
    for (const sort of ['price_asc', 'price_desc', 'newest', 'rating']) {
      expect(await ids(`${WEEKDAYS}&minPrice=70&maxPrice=85&sort=${sort}`), sort).toEqual([id.seasonal]);
      expect(await ids(`${WEEKEND}&minPrice=250&sort=${sort}`), sort).toEqual([id.weekend]);
    }
    // Without dates the base price decides: no home costs $70-85, only the seasonal one $200.
    expect(await ids('minPrice=70&maxPrice=85')).toEqual([]);
    expect(await ids('minPrice=150&sort=price_asc')).toEqual([id.seasonal]);
  });

  it('follows a price period removed: the home is priced at its base again', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/home/${id.seasonal}/price-periods/${periodId}`,
      headers: host.headers,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await ids(`${WEEKDAYS}&sort=price_asc`)).toEqual([id.weekend, id.plain100, id.plain120, id.seasonal]);
    expect(await ids(`${WEEKDAYS}&minPrice=70&maxPrice=85`)).toEqual([]);
  });
});

/**
 * A place's price sorts price only the homes whose nights for the dates can reach the page (ADR
 * 0069): a period outside the stay, however cheap or dear, leaves a home at its base price's place;
 * a period inside it moves the home. Pages of one and two homes make each page's bound tight.
 */
describe('GET /api/homes: a place with dates prices the homes that can reach each page', () => {
  const CANDIDATES = 'Datedbound Cove, Testland';
  const list: Record<string, string> = {};

  beforeAll(async () => {
    const home = async (name: string, priceCents: number, weekendPriceCents: number | null = null) => {
      list[name] = (
        await insertHome(t.db, {
          location: CANDIDATES,
          hostId: host.user.id,
          hostEmail: host.user.email,
          priceCents,
          weekendPriceCents,
        })
      ).id;
    };
    const period = async (name: string, from: string, to: string, price: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/home/${list[name]}/price-periods`,
        headers: host.headers,
        payload: { from, to, price },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (const price of [100, 110, 120, 130]) await home(`plain${price}`, price * 100);
    await home('weekend', 9_500, 30_000);
    await home('lowOutside', 12_500);
    await period('lowOutside', '2027-01-05', '2027-01-20', 50);
    await home('lowInside', 20_000);
    await period('lowInside', '2026-12-10', '2026-12-20', 105);
    await home('highOutside', 11_500);
    await period('highOutside', '2027-01-05', '2027-01-20', 500);
    await home('highInside', 10_200);
    await period('highInside', '2026-12-10', '2026-12-20', 400);
  });

  async function pages(query: string, limit: number) {
    const seen: string[] = [];
    let url: string | null = `/api/homes?location=${encodeURIComponent(CANDIDATES)}&${query}&limit=${limit}`;
    while (url) {
      const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      expect(seen.length).toBeLessThan(20);
    }
    return seen;
  }

  it('orders by the stay: periods outside it leave the base price, periods inside it move the home', async () => {
    const asc = [
      'weekend',
      'plain100',
      'lowInside',
      'plain110',
      'highOutside',
      'plain120',
      'lowOutside',
      'plain130',
      'highInside',
    ].map((name) => list[name]);
    for (const limit of [1, 2]) {
      expect(await pages(`${WEEKDAYS}&sort=price_asc`, limit), `asc ${limit}`).toEqual(asc);
      expect(await pages(`${WEEKDAYS}&sort=price_desc`, limit), `desc ${limit}`).toEqual([...asc].reverse());
    }
    const found = homeListSchema.parse(
      (
        await t.app.inject({ url: `/api/homes?location=${encodeURIComponent(CANDIDATES)}&${WEEKDAYS}&sort=price_asc` })
      ).json(),
    );
    expect(found.map((h) => h.stay!.nightly)).toEqual([95, 100, 105, 110, 115, 120, 125, 130, 400]);
  });

  it('keeps the cards of a price range in both price sorts, page by page', async () => {
    const names = ['plain100', 'lowInside', 'plain110', 'highOutside', 'plain120'];
    for (const limit of [1, 2]) {
      expect(await pages(`${WEEKDAYS}&minPrice=100&maxPrice=120&sort=price_asc`, limit)).toEqual(
        names.map((name) => list[name]),
      );
      expect(await pages(`${WEEKDAYS}&minPrice=100&maxPrice=120&sort=price_desc`, limit)).toEqual(
        [...names].reverse().map((name) => list[name]),
      );
    }
  });

  it('prices a stay over the weekend at its weekend nights', async () => {
    // Friday and Saturday nights: $300 at the home with a weekend price; the low season still runs.
    const order = await pages(`${WEEKEND}&sort=price_desc`, 1);
    expect(order.slice(0, 2)).toEqual([list.highInside, list.weekend]);
    expect(order.at(-1)).toBe(list.plain100);
  });
});

/**
 * The homes with dated prices are filtered inside the place walk's indexes (ADR 0069): one that
 * cannot take the guests is left out of a price sort's pages, one that can is kept.
 */
describe('GET /api/homes: a place with dates filters the homes with dated prices in its price sorts', () => {
  const FILTERED = 'Datedfilter Point, Testland';
  const list: Record<string, string> = {};

  beforeAll(async () => {
    const home = async (name: string, priceCents: number, totalGuest: number, weekendPriceCents: number | null) => {
      list[name] = (
        await insertHome(t.db, {
          location: FILTERED,
          hostId: host.user.id,
          hostEmail: host.user.email,
          priceCents,
          weekendPriceCents,
          totalGuest,
        })
      ).id;
    };
    await home('plain', 10_000, 6, null);
    await home('weekendSmall', 9_000, 2, 30_000);
    await home('weekendLarge', 9_500, 6, 30_000);
    await home('periodSmall', 20_000, 2, null);
    await home('periodLarge', 20_000, 6, null);
    for (const name of ['periodSmall', 'periodLarge']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/home/${list[name]}/price-periods`,
        headers: host.headers,
        payload: { from: '2026-12-10', to: '2026-12-20', price: name === 'periodSmall' ? 80 : 85 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('keeps only the homes that take the guests, page by page', async () => {
    const query = (guests: number, sort: string) =>
      `/api/homes?location=${encodeURIComponent(FILTERED)}&${WEEKDAYS}&guests=${guests}&sort=${sort}&limit=1`;
    async function pages(url: string | null) {
      const seen: string[] = [];
      while (url) {
        const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
        expect(seen.length).toBeLessThan(10);
      }
      return seen;
    }
    const all = ['periodSmall', 'periodLarge', 'weekendSmall', 'weekendLarge', 'plain'].map((name) => list[name]);
    const large = ['periodLarge', 'weekendLarge', 'plain'].map((name) => list[name]);
    expect(await pages(query(2, 'price_asc'))).toEqual(all);
    expect(await pages(query(3, 'price_asc'))).toEqual(large);
    expect(await pages(query(3, 'price_desc'))).toEqual([...large].reverse());
  });
});
