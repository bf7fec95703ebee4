/**
 * A public search of one place, newest first or by price, is read by its own statement
 * (one-place-page.ts, one-place-price-walk.ts, ADR 0080, 0081), not by search_place_page: page
 * after page it must answer the homes, the order and the dated prices that function answers for
 * the same place, with every filter, booked and held nights, homes with price periods and a
 * weekend price, equal prices (the cursor's seq), and a moderated home.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { placeMatchSchema } from '#shared/schemas/search';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { pricePeriods } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();
const PLACE = 'Oneplace Harbour, Testland';
const homes: Awaited<ReturnType<typeof insertHome>>[] = [];

beforeAll(async () => {
  for (let i = 0; i < 26; i++) {
    homes.push(
      await insertHome(t.db, {
        location: PLACE,
        priceCents: 6_000 + (i % 7) * 2_500,
        bedrooms: 1 + (i % 3),
        totalGuest: 2 + (i % 4),
        weekendPriceCents: i % 5 === 0 ? 20_000 : null,
        availableFrom: i % 9 === 4 ? '2026-12-20' : '2026-12-01',
        ...(i === 11 && { unlistedAt: new Date('2026-11-20T00:00:00Z'), unlistedBy: 'report' }),
      }),
    );
  }
  // Booked, held (live, expired, expired but paid) and price periods over the searched stay.
  await insertBooking(t.db, homes[2]!, { checkIn: '2026-12-10', checkOut: '2026-12-14' });
  await insertBooking(t.db, homes[7]!, { checkIn: '2026-12-12', checkOut: '2026-12-13' });
  const hold = (home: (typeof homes)[number], expires: string, paid: boolean) =>
    insertBooking(t.db, home, {
      checkIn: '2026-12-11',
      checkOut: '2026-12-12',
      status: 'held',
      holdExpiresAt: new Date(expires),
      paymentReceivedAt: paid ? new Date('2026-11-21T09:00:00Z') : null,
    });
  await hold(homes[14]!, '2026-11-21T10:30:00Z', false);
  await hold(homes[15]!, '2026-11-21T09:30:00Z', false);
  await hold(homes[16]!, '2026-11-21T09:30:00Z', true);
  for (const [home, fromDate, toDate, priceCents] of [
    [homes[3]!, '2026-12-09', '2026-12-12', 30_000],
    [homes[9]!, '2026-12-01', '2027-01-01', 4_000],
    [homes[20]!, '2026-12-13', '2026-12-20', 9_000],
  ] as const) {
    await t.db.insert(pricePeriods).values({ homeId: home.id, fromDate, toDate, priceCents });
  }
});

const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-14' };

/** Every page of the API's search, followed by its cursors; the match it says. */
async function pages(query: Record<string, string>) {
  const found: { _id: string; stay?: unknown }[] = [];
  let url: string | null = `/api/homes?${new URLSearchParams({ location: PLACE, limit: '4', ...query })}`;
  let place: string | null = null;
  while (url) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    place = placeMatchSchema.parse(JSON.parse(decodeURIComponent(String(res.headers[SEARCH_MATCH_HEADER])))).place;
    found.push(...homeListSchema.parse(res.json()));
    const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''));
    url = next ? next[1]! : null;
    // A cursor that does not move on would page forever.
    expect(found.length, 'pages that never end').toBeLessThan(100);
  }
  return { place, found };
}

/** search_place_page's answer for the place, in one page. */
async function fromFunction(query: Record<string, string>, sort: string) {
  const int = (name: string) => (query[name] === undefined ? null : Number(query[name]));
  const cents = (name: string) => (query[name] === undefined ? null : Number(query[name]) * 100);
  const places = JSON.stringify([{ location: PLACE, place_rank: 0, home_count: 26 }]);
  const result = await t.db.execute(sql`
    select f.out_api_json as json from search_place_page(${PLACE}::text, ${PLACE.toLowerCase()}::text,
      ${query.checkIn ?? null}::date, ${query.checkOut ?? null}::date, ${int('guests')}::integer, null::text,
      ${t.clock.now().toISOString()}::timestamptz, ${cents('minPrice')}::integer, ${cents('maxPrice')}::integer,
      ${int('bedrooms')}::integer, ${sort}::text, null::integer, null::integer, null::double precision, null::bigint,
      1000, ${places}::jsonb) with ordinality as f where f.out_seq is not null order by f.ordinality`);
  return (result as unknown as { rows: { json: string }[] }).rows.map(
    (r) => (JSON.parse(r.json) as { _id: string })._id,
  );
}

describe('GET /api/homes?location=<one place>', () => {
  it.each(['newest', 'price_asc', 'price_desc'])(
    'pages the homes search_place_page walks, %s, for every filter',
    async (sort) => {
      const queries: Record<string, string>[] = [
        {},
        { guests: '4' },
        { bedrooms: '2', minPrice: '80', maxPrice: '160' },
        { maxPrice: '100' },
        STAY,
        { ...STAY, guests: '3' },
        { ...STAY, minPrice: '70', maxPrice: '150', bedrooms: '2' },
        { ...STAY, minPrice: '120' },
      ];
      for (const query of queries) {
        const label = JSON.stringify(query);
        const { place, found } = await pages(sort === 'newest' ? query : { ...query, sort });
        expect(place, label).toBe(PLACE);
        expect(
          found.map((h) => h._id),
          label,
        ).toEqual(await fromFunction(query, sort));
        expect(found.length, label).toBeGreaterThan(0);
      }
    },
  );

  it.each(['newest', 'price_asc'])('prices a dated page (%s) as each home quotes the stay', async (sort) => {
    const { found } = await pages({ ...STAY, guests: '2', sort });
    for (const home of found) {
      const res = await t.app.inject({
        url: `/api/home/${home._id}/quote?${new URLSearchParams({ ...STAY, guests: '2' })}`,
      });
      const quote = res.json() as { breakdown: { totalCents: number } };
      expect((home.stay as { total: number }).total, home._id).toBe(quote.breakdown.totalCents / 100);
    }
    // The home whose period covers the stay is priced from it: 4 nights at 40, not at its base price.
    const covered = found.find((h) => h._id === homes[9]!.id);
    expect(covered?.stay).toMatchObject({ nights: 4, nightly: 40 });
  });
});
