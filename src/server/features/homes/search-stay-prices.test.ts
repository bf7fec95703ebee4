/**
 * A dated search shows each home's price for that stay (issue 27): the same total the quote (and so
 * the hold and the checkout) gives, with the price periods, weekend price, discounts and extra
 * guests of each home; without dates a home carries no `stay`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { stayQuoteSchema } from '#shared/schemas/bookings';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp(() => ({ pricing: { serviceFeePercent: 10, taxPercent: 5 } }));
const PLACE = 'Stayprice Bay, Testland';

let host: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  t.clock.set(TEST_NOW);
});

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/homes?location=${encodeURIComponent(PLACE)}&${query}` });
  expect(res.statusCode).toBe(200);
  return homeListSchema.parse(res.json());
};

describe('GET /api/homes with dates', () => {
  it("gives each home the stay's total and nightly price, equal to its quote for the same stay and guests", async () => {
    const plain = await insertHome(t.db, {
      location: PLACE,
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 8_000,
    });
    const seasonal = await insertHome(t.db, {
      location: PLACE,
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 10_000,
      weekendPriceCents: 15_000,
      weeklyDiscountPercent: 10,
      guestsIncluded: 2,
      extraGuestFeeCents: 1_500,
      cleaningFeeCents: 5_000,
      totalGuest: 4,
    });
    const period = await t.app.inject({
      method: 'POST',
      url: `/api/home/${seasonal.id}/price-periods`,
      headers: host.headers,
      payload: { from: '2026-12-12', to: '2026-12-14', price: 200 },
    });
    expect(period.statusCode).toBe(201);

    const stay = 'checkIn=2026-12-07&checkOut=2026-12-16&guests=3';
    const found = await search(stay);
    expect(found.map((h) => h._id).sort()).toEqual([plain.id, seasonal.id].sort());
    for (const home of found) {
      const quote = stayQuoteSchema.parse((await t.app.inject({ url: `/api/home/${home._id}/quote?${stay}` })).json());
      expect(home.stay).toEqual({
        nights: 9,
        nightly: quote.breakdown.nightlyCents / 100,
        total: quote.breakdown.totalCents / 100,
      });
    }
    // The seasonal home's nights: six at 100, Friday at 150, the two of the period at 200: 1,150 / 9 nights.
    expect(found.find((h) => h._id === seasonal.id)!.stay!.nightly).toBe(127.78);
    // The plain home: 9 × 80 = 720, 10 % service fee 72, 5 % tax 39.60.
    expect(found.find((h) => h._id === plain.id)!.stay!.total).toBe(831.6);
  });

  it("prices the stay from the page's own read in every order, with and without a place or a map box", async () => {
    // Far from every other test's homes, so a box holds only these; two periods over the stay and
    // one outside it.
    const at = { lat: -54.8, lng: -68.3 };
    const place = 'Stayprice Cape, Testland';
    const homes = await Promise.all(
      [9_000, 11_000, 13_000].map((priceCents) =>
        insertHome(t.db, { location: place, hostId: host.user.id, hostEmail: host.user.email, priceCents, ...at }),
      ),
    );
    const periods = [
      { from: '2026-12-08', to: '2026-12-10', price: 300 },
      { from: '2026-12-13', to: '2026-12-15', price: 50 },
      { from: '2027-01-10', to: '2027-01-20', price: 999 },
    ];
    for (const payload of periods) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/home/${homes[1]!.id}/price-periods`,
        headers: host.headers,
        payload,
      });
      expect(res.statusCode).toBe(201);
    }
    const stay = 'checkIn=2026-12-07&checkOut=2026-12-16&guests=2';
    const quoted = new Map<string, number>();
    for (const home of homes) {
      const quote = stayQuoteSchema.parse((await t.app.inject({ url: `/api/home/${home.id}/quote?${stay}` })).json());
      quoted.set(home.id, quote.breakdown.totalCents / 100);
    }
    // The period home's nights: 1 at 110, 2 at 300, 3 at 110 (a Friday among them, no weekend
    // price), 2 at 50, 1 at 110: 1,250, not 9 × 110.
    expect(quoted.get(homes[1]!.id)).not.toBe(quoted.get(homes[0]!.id));
    const box = 'bbox=-69,-55.5,-67.5,-54';
    const where = [`location=${encodeURIComponent(place)}`, box, 'limit=100'];
    for (const filter of where) {
      for (const sort of ['newest', 'price_asc', 'price_desc', 'rating']) {
        const res = await t.app.inject({ url: `/api/homes?${filter}&${stay}&sort=${sort}` });
        expect(res.statusCode, `${filter} ${sort}`).toBe(200);
        const found = homeListSchema.parse(res.json()).filter((h) => quoted.has(h._id));
        expect(found, `${filter} ${sort}`).toHaveLength(3);
        for (const home of found)
          expect(home.stay?.total, `${filter} ${sort} ${home.price}`).toBe(quoted.get(home._id));
      }
    }
  });

  it('gives no stay without dates', async () => {
    for (const home of await search('guests=2')) expect(home.stay).toBeUndefined();
  });
});
