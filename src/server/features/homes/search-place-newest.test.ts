/**
 * A place search sorted newest first walks each matched place for its share of the page, then only
 * the places whose homes can still reach it (ADR 0075). The pages must be those of one walk of
 * every matched home: by place rank, then newest first, whatever the page size, the filters and
 * how the places' homes interleave. Checked against the same order worked out here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

/** For "Quorbit": the city itself (rank 0), a whole word (1), six cities starting with it (2). */
const PLACES = [
  { location: 'Quorbit, Testland', rank: 0 },
  { location: 'Old Quorbit, Testland', rank: 1 },
  ...Array.from({ length: 6 }, (_, i) => ({ location: `Quorbitz ${i + 1}, Testland`, rank: 2 })),
];

interface Made {
  id: string;
  rank: number;
  order: number;
  bedrooms: number;
  guests: number;
  booked: boolean;
}
const made: Made[] = [];

beforeAll(async () => {
  // Homes interleave across the places in an uneven pattern: some places get many, one gets few,
  // and the filters below pass a different subset in each.
  for (let i = 0; i < 90; i++) {
    const place = PLACES[(i * 7 + Math.floor(i / 5)) % PLACES.length]!;
    if (place.rank === 0 && i % 3 !== 0) continue;
    const bedrooms = 1 + ((i * 5) % 4);
    const guests = 2 + ((i * 3) % 5);
    const home = await insertHome(t.db, { location: place.location, bedrooms, totalGuest: guests });
    const booked = i % 4 === 1;
    if (booked) await insertBooking(t.db, home, { checkIn: '2026-12-10', checkOut: '2026-12-13' });
    made.push({ id: home.id, rank: place.rank, order: made.length, bedrooms, guests, booked });
  }
});

/** Every page, following the Link header's rel="next" cursor. */
async function allPages(params: Record<string, string>) {
  const seen: string[] = [];
  let url: string | null = `/api/homes?${new URLSearchParams(params)}`;
  for (let pages = 0; url; pages++) {
    expect(pages).toBeLessThan(200);
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
  }
  return seen;
}

const expected = (passes: (home: Made) => boolean) =>
  made
    .filter(passes)
    .sort((a, b) => a.rank - b.rank || b.order - a.order)
    .map((home) => home.id);

describe('GET /api/homes?location=<prefix>: newest first over many places', () => {
  it('pages every matched home by place rank, then newest first, at any page size', async () => {
    const all = expected(() => true);
    for (const limit of [1, 2, 3, 7, 24]) {
      expect(await allPages({ location: 'Quorbit', limit: String(limit) }), `limit ${limit}`).toEqual(all);
    }
  });

  it('keeps that order when a filter passes few homes of each place', async () => {
    for (const bedrooms of [3, 4]) {
      const passing = expected((home) => home.bedrooms >= bedrooms);
      for (const limit of [1, 2, 5, 24]) {
        const seen = await allPages({ location: 'Quorbit', bedrooms: String(bedrooms), limit: String(limit) });
        expect(seen, `bedrooms ${bedrooms}, limit ${limit}`).toEqual(passing);
      }
    }
  });

  it('keeps that order with dates and guests, leaving out the booked homes', async () => {
    const params = { location: 'Quorbit', checkIn: '2026-12-11', checkOut: '2026-12-14', guests: '4' };
    const passing = expected((home) => !home.booked && home.guests >= 4);
    expect(passing.length).toBeGreaterThan(10);
    for (const limit of [1, 4, 24]) {
      expect(await allPages({ ...params, limit: String(limit) }), `limit ${limit}`).toEqual(passing);
    }
  });
});
