/**
 * homes.api_json (migration 0018, ADR 0027): the JSON PostgreSQL stores for each home is exactly
 * what toHome and JSON.stringify would write for that row, byte for byte, on rows of every kind
 * (no pictures, cents, ratings that end on a half, quotes, control characters, non-Latin text),
 * and it follows every change of the row. Search and list pages are these texts joined.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema, homeSchema, PER_REQUEST_HOME_FIELDS } from '#shared/schemas/homes';
import { homes } from '#server/db/schema';
import { insertHome, insertUser } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';
import { fastSerializerCompiler } from '#server/http/serializers';
import { homeFields } from './home-columns';
import { toHome } from './homes-service';

const t = useTestApp();

type NewHome = Parameters<typeof insertHome>[1];

const KINDS: NewHome[] = [
  {},
  { images: [], priceCents: 5, cleaningFeeCents: 1_999 },
  { priceCents: 12_345, ratingSum: 829, ratingCount: 200, cancellationPolicy: 'strict' },
  { priceCents: 100, ratingSum: 14, ratingCount: 3, cancellationPolicy: 'moderate', timeZone: 'Asia/Dhaka' },
  { ratingSum: 5, ratingCount: 1, images: ['/uploads/only-1280.webp'] },
  { ratingSum: 33, ratingCount: 8, priceCents: 2_147_483_600 },
  {
    title: 'Zürich: quote " backslash \\ slash / and </script>',
    description: 'Line one\nline two\ttabbed\r\u0001\u001f\u007f — 東京 🏠',
    houseRules: 'No parties.\n"Quiet" after 22:00.',
    checkInTime: '15:30',
    checkOutTime: '10:00',
    minNights: 2,
    maxNights: 14,
    hostEmail: "o'brien+host@example.test",
  },
  {
    priceCents: 9_999,
    weekendPriceCents: 15_050,
    weeklyDiscountPercent: 10,
    monthlyDiscountPercent: 25,
    lastMinuteDiscountPercent: 5,
    lastMinuteDays: 3,
    earlyBirdDiscountPercent: 8,
    earlyBirdDays: 120,
    guestsIncluded: 2,
    extraGuestFeeCents: 1_505,
    securityDepositCents: 30_000,
    bookingMode: 'request',
    instantBookRequirements: ['verified_email', 'good_review'],
  },
];

const made: (typeof homes.$inferSelect)[] = [];

beforeAll(async () => {
  for (const kind of KINDS) made.push(await insertHome(t.db, { location: 'Jsonville, Testland', ...kind }));
});

async function rowOf(id: string) {
  const [row] = await t.db.select().from(homes).where(eq(homes.id, id));
  return row!;
}

describe('homes.api_json', () => {
  it('is toHome of the row, written as JSON.stringify writes it, for every kind of home', async () => {
    for (const home of made) {
      const row = await rowOf(home.id);
      expect(row.apiJson).toBe(JSON.stringify(toHome(row)));
      homeSchema.parse(JSON.parse(row.apiJson));
    }
  });

  it('has exactly the fields of the zod Home, in its order, as the compiled serializer writes them', async () => {
    // The one definition is homeSchema: the stored JSON (SQL), toHome (TypeScript) and the production
    // serializer (generated from it by z.toJSONSchema) must all write what it says, byte for byte.
    // host and stay are added per request (GET /api/home/:id, a dated search).
    const fields = Object.keys(homeSchema.shape).filter(
      (key) => !(PER_REQUEST_HOME_FIELDS as readonly string[]).includes(key),
    );
    const write = fastSerializerCompiler()({ schema: homeSchema, method: 'GET', url: '/', httpStatus: '200' } as never);
    for (const home of made) {
      const { apiJson } = await rowOf(home.id);
      expect(Object.keys(JSON.parse(apiJson))).toEqual(fields);
      homeSchema.strict().parse(JSON.parse(apiJson));
      expect(write(toHome(await rowOf(home.id)))).toBe(apiJson);
    }
  });

  it('is toHome of the columns a list reads (homeFields): they cover the Home', async () => {
    const rows = await t.db.select({ home: homeFields, apiJson: homes.apiJson }).from(homes);
    expect(rows.length).toBeGreaterThanOrEqual(made.length);
    for (const row of rows) expect(JSON.stringify(toHome(row.home))).toBe(row.apiJson);
  });

  it('shows the placeholder without pictures and rounds an exact half of a rating up', async () => {
    const noPictures = JSON.parse((await rowOf(made[1]!.id)).apiJson);
    expect(noPictures).toMatchObject({ image: '/placeholder-home.svg', images: ['/placeholder-home.svg'] });
    expect(noPictures).toMatchObject({ price: 0.05, cleaningFee: 19.99, rating: null, reviewCount: 0 });
    // 829 / 200 = 4.145, which floating point holds as 4.14499…
    expect(JSON.parse((await rowOf(made[2]!.id)).apiJson)).toMatchObject({ price: 123.45, rating: 4.15 });
  });

  it('follows every change of the row', async () => {
    const home = made[0]!;
    await t.db
      .update(homes)
      .set({ title: 'Renamed', priceCents: 7_550, ratingSum: 9, ratingCount: 2, images: [] })
      .where(eq(homes.id, home.id));
    const row = await rowOf(home.id);
    expect(JSON.parse(row.apiJson)).toMatchObject({ title: 'Renamed', price: 75.5, rating: 4.5, reviewCount: 2 });
    expect(row.apiJson).toBe(JSON.stringify(toHome(row)));
  });

  it('is what GET /api/homes answers, in a place search and in a list', async () => {
    const expected = new Map<string, unknown>();
    for (const home of made) expected.set(home.id, toHome(await rowOf(home.id)));
    for (const url of ['/api/homes?location=Jsonville&limit=50', '/api/homes?limit=50']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = homeListSchema.parse(res.json());
      const ours = page.filter((h) => expected.has(h._id));
      expect(ours).toHaveLength(made.length);
      for (const home of ours) expect(home).toEqual(expected.get(home._id));
    }
  });

  it('is what GET /api/home/:id answers, with the host added', async () => {
    const host = await insertUser(t.db, { role: 'host', name: 'Ana "the host"', image: null });
    const hosted = await insertHome(t.db, { hostId: host.id, hostEmail: host.email, title: 'Hosted \u2028 home' });
    for (const home of [made[6]!, hosted]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` });
      expect(res.statusCode).toBe(200);
      const { host: answeredHost, ...answered } = homeSchema.parse(res.json());
      expect(answered).toEqual(toHome(await rowOf(home.id)));
      expect(answeredHost).toEqual(
        home === hosted
          ? { id: host.id, name: 'Ana "the host"', image: null, joinedAt: host.createdAt.toISOString(), reviewCount: 0 }
          : null,
      );
    }
  });
});
