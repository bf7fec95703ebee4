/**
 * GET /api/homes?bbox=west,south,east,north (issue 29): homes whose public point is in the map box,
 * edges included, across the antimeridian too, with every other filter, sort and the cursor; the
 * box replaces the place term (D107). Each test file has its own database: the homes below are all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

const LISBON_BOX = '-9.2,38.6,-9.0,38.8';
/** From Fiji (175° E) across 180° to Samoa (170° W). */
const PACIFIC_BOX = '175,-20,-170,-10';

const ids: Record<string, string> = {};

/** A home whose public point is exactly (lat, lng); the exact point is elsewhere, to show it is not used. */
async function homeAt(name: string, lat: number, lng: number, fields: Parameters<typeof insertHome>[1] = {}) {
  const home = await insertHome(t.db, {
    location: 'Somewhere',
    lat: 0,
    lng: 0,
    approxLat: lat,
    approxLng: lng,
    ...fields,
  });
  ids[name] = home.id;
  return home;
}

beforeAll(async () => {
  const inside = await homeAt('inside', 38.7, -9.14, { priceCents: 10_000 });
  await homeAt('northEastCorner', 38.8, -9.0, { priceCents: 20_000 });
  await homeAt('southWestCorner', 38.6, -9.2, { priceCents: 5_000, bedrooms: 3, totalGuest: 6 });
  await homeAt('justNorth', 38.80001, -9.1);
  await homeAt('justEast', 38.7, -8.99999);
  await homeAt('porto', 41.15, -8.61, { location: 'Porto, Portugal' });
  await homeAt('fiji', -17.8, 178.4);
  await homeAt('samoa', -13.8, -171.8);
  await homeAt('dateLine', -15, 180);
  await homeAt('vanuatu', -15, 170);
  // Booked for STAY: a dated search leaves it out.
  await insertBooking(t.db, inside, { ...STAY, status: 'confirmed' });
});

const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };

async function search(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/homes?${params}` });
}

async function found(query: Record<string, string | number>): Promise<string[]> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return homeListSchema.parse(res.json()).map((home) => names[home._id]!);
}

const sorted = (names: string[]) => [...names].sort();

describe('GET /api/homes?bbox', () => {
  it('finds the homes whose public point is inside the box or on its edges', async () => {
    expect(sorted(await found({ bbox: LISBON_BOX }))).toEqual(['inside', 'northEastCorner', 'southWestCorner']);
  });

  it('reads the public point, not the exact one', async () => {
    // Every exact point above is 0,0.
    expect(await found({ bbox: '-1,-1,1,1' })).toEqual([]);
  });

  it('crosses the antimeridian when west is greater than east', async () => {
    expect(sorted(await found({ bbox: PACIFIC_BOX }))).toEqual(['dateLine', 'fiji', 'samoa']);
    // The same box the other way round is most of the world, without the Pacific strip.
    const rest = await found({ bbox: '-170,-20,175,-10', limit: 50 });
    expect(sorted(rest)).toEqual(['vanuatu']);
  });

  it('takes the whole world', async () => {
    expect(await found({ bbox: '-180,-90,180,90', limit: 50 })).toHaveLength(Object.keys(ids).length);
  });

  it('combines with dates, guests, price and bedrooms', async () => {
    expect(sorted(await found({ bbox: LISBON_BOX, ...STAY }))).toEqual(['northEastCorner', 'southWestCorner']);
    expect(await found({ bbox: LISBON_BOX, guests: 5 })).toEqual(['southWestCorner']);
    expect(await found({ bbox: LISBON_BOX, bedrooms: 3 })).toEqual(['southWestCorner']);
    expect(sorted(await found({ bbox: LISBON_BOX, minPrice: 90, maxPrice: 150 }))).toEqual(['inside']);
    expect(await found({ bbox: PACIFIC_BOX, ...STAY, guests: 2, maxPrice: 100, sort: 'price_asc' })).toHaveLength(3);
  });

  it('follows the sort, and the cursor walks every match once', async () => {
    expect(await found({ bbox: LISBON_BOX, sort: 'price_asc' })).toEqual([
      'southWestCorner',
      'inside',
      'northEastCorner',
    ]);
    for (const sort of ['newest', 'price_desc', 'rating', 'price_asc']) {
      const seen: string[] = [];
      let url: string | null = `/api/homes?bbox=${LISBON_BOX}&limit=1&sort=${sort}`;
      while (url) {
        const res: { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown } =
          await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
        if (url) expect(url).toContain('bbox=');
      }
      expect(sorted(seen)).toEqual(sorted([ids.inside!, ids.northEastCorner!, ids.southWestCorner!]));
    }
  });

  it('pages a box across the antimeridian the same way, a full page at a time', async () => {
    // A page the list's own walk fills (limit 1: two rows asked), then the last one: both readings of a box.
    for (const sort of ['newest', 'price_asc', 'price_desc', 'rating']) {
      const all = await found({ bbox: PACIFIC_BOX, sort });
      const first = await search({ bbox: PACIFIC_BOX, sort, limit: 1 });
      expect(homeListSchema.parse(first.json()).map((h) => h._id)).toEqual([ids[all[0]!]]);
    }
  });

  it('replaces the place term: the box is searched, not the place (D107)', async () => {
    const res = await search({ bbox: LISBON_BOX, location: 'Porto' });
    expect(res.headers[SEARCH_MATCH_HEADER.toLowerCase()]).toBeUndefined();
    expect(sorted(await found({ bbox: LISBON_BOX, location: 'Porto' }))).toEqual([
      'inside',
      'northEastCorner',
      'southWestCorner',
    ]);
    expect(await found({ location: 'Porto' })).toEqual(['porto']);
  });

  it('answers each box for itself (the search cache keys on it)', async () => {
    expect(await found({ bbox: '-8.7,41,-8.5,41.3' })).toEqual(['porto']);
    expect(await found({ bbox: '-8.7,41,-8.6,41.3' })).toEqual(['porto']);
    expect(await found({ bbox: '-8.6,41,-8.5,41.3' })).toEqual([]);
  });

  it('refuses what is not a box with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['1,2,3', /four numbers/],
      ['a,b,c,d', /finite/],
      ['1,2,Infinity,4', /finite/],
      ['1,,3,4', /finite/],
      ['0,10,1,5', /south must not be above north/],
      ['0,-91,1,5', /latitudes/],
      ['0,0,181,5', /longitudes/],
    ];
    for (const [bbox, message] of cases) {
      const res = await search({ bbox });
      expect(res.statusCode, bbox).toBe(400);
      expect(JSON.stringify(res.json()), bbox).toMatch(message);
    }
  });
});
