import { describe, expect, it, beforeAll } from 'vitest';
import { homeListSchema, homeSchema } from '#shared/schemas/homes';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

function nextLink(header: string | string[] | number | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : String(header ?? '');
  return /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] ?? null;
}

async function getHomes(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.statusCode === 200 ? homeListSchema.parse(res.json()) : null };
}

describe('GET /api/homes paging', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 7; i++)
      ids.push((await insertHome(t.db, { title: `Paged ${i}`, location: 'Pagetown, Nowhere' })).id);
  });

  it('answers newest first and follows the Link header through every page exactly once', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/homes?location=Pagetown&limit=3';
    let pages = 0;
    while (url) {
      const { res, body } = await getHomes(url);
      expect(res.statusCode).toBe(200);
      seen.push(...body!.map((h) => h._id));
      url = nextLink(res.headers.link);
      if (url) expect(url).toMatch(/^\/api\/homes\?.*location=Pagetown.*cursor=/);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('has no Link header on the last page', async () => {
    const { res, body } = await getHomes('/api/homes?location=Pagetown&limit=100');
    expect(body).toHaveLength(7);
    expect(res.headers.link).toBeUndefined();
  });

  it('defaults to 24 per page', async () => {
    for (let i = 0; i < 20; i++) await insertHome(t.db, { location: 'Bulkville' });
    const { body, res } = await getHomes('/api/homes');
    expect(body).toHaveLength(24);
    expect(nextLink(res.headers.link)).not.toBeNull();
  });
});

describe('GET /api/homes filters', () => {
  let lisbon: string, lisbonBooked: string, porto: string, lisbonSmall: string, lisbonLate: string;
  beforeAll(async () => {
    lisbon = (await insertHome(t.db, { location: 'Lisbon, Portugal', totalGuest: 6 })).id;
    const booked = await insertHome(t.db, { location: 'Lisbon, Portugal', totalGuest: 6 });
    lisbonBooked = booked.id;
    await insertBooking(t.db, booked, { checkIn: '2026-12-10', checkOut: '2026-12-13', status: 'confirmed' });
    porto = (await insertHome(t.db, { location: 'Porto, Portugal', totalGuest: 6 })).id;
    lisbonSmall = (await insertHome(t.db, { location: 'Lisbon, Portugal', totalGuest: 2 })).id;
    lisbonLate = (
      await insertHome(t.db, { location: 'Lisbon, Portugal', availableFrom: '2027-01-10', availableTo: '2027-02-01' })
    ).id;
  });

  const idsOf = async (url: string) => {
    const { res, body } = await getHomes(url);
    expect(res.statusCode, res.body).toBe(200);
    return body!.map((h) => h._id);
  };

  it('location matches case-insensitively and excludes other places', async () => {
    const ids = await idsOf('/api/homes?location=lisbon&limit=100');
    expect(ids).toEqual(expect.arrayContaining([lisbon, lisbonBooked, lisbonSmall, lisbonLate]));
    expect(ids).not.toContain(porto);
  });

  it('location tolerates a small typo', async () => {
    const ids = await idsOf('/api/homes?location=Lisbn&limit=100');
    expect(ids).toEqual(expect.arrayContaining([lisbon, lisbonBooked]));
    expect(ids).not.toContain(porto);
  });

  it('treats % and _ in the place literally', async () => {
    expect(await idsOf('/api/homes?location=%25%25&limit=100')).toEqual([]);
  });

  it('dates keep homes whose window covers the stay and that are free then', async () => {
    const ids = await idsOf('/api/homes?checkIn=2026-12-11&checkOut=2026-12-12&limit=100');
    expect(ids).toEqual(expect.arrayContaining([lisbon, porto, lisbonSmall]));
    expect(ids).not.toContain(lisbonBooked); // booked 10th-13th
    expect(ids).not.toContain(lisbonLate); // window starts in January
  });

  it('a stay that starts on the booked check-out day is free (half-open ranges)', async () => {
    const ids = await idsOf('/api/homes?checkIn=2026-12-13&checkOut=2026-12-15&limit=100');
    expect(ids).toContain(lisbonBooked);
  });

  it('cancelled bookings and expired holds do not block dates', async () => {
    const home = await insertHome(t.db, { location: 'Holdtown' });
    await insertBooking(t.db, home, { checkIn: '2026-12-20', checkOut: '2026-12-22', status: 'cancelled' });
    await insertBooking(t.db, home, {
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
      status: 'held',
      holdExpiresAt: new Date('2026-11-21T09:00:00Z'),
    });
    expect(await idsOf('/api/homes?location=Holdtown&checkIn=2026-12-20&checkOut=2026-12-21')).toEqual([home.id]);
    const held = await insertHome(t.db, { location: 'Heldville' });
    await insertBooking(t.db, held, {
      checkIn: '2026-12-21',
      checkOut: '2026-12-23',
      status: 'held',
      holdExpiresAt: new Date('2026-11-21T10:15:00Z'),
    });
    expect(await idsOf('/api/homes?location=Heldville&checkIn=2026-12-20&checkOut=2026-12-22')).toEqual([]);
  });

  it('guests keeps homes with room for them', async () => {
    const ids = await idsOf('/api/homes?guests=5&limit=100');
    expect(ids).toEqual(expect.arrayContaining([lisbon, porto]));
    expect(ids).not.toContain(lisbonSmall);
  });

  it('combines place, dates and guests', async () => {
    const ids = await idsOf('/api/homes?location=Lisbn&checkIn=2026-12-11&checkOut=2026-12-12&guests=3&limit=100');
    expect(ids).toEqual([lisbon]);
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=abc'],
    ['checkIn=2026-12-01'],
    ['checkIn=2026-12-05&checkOut=2026-12-05'],
    ['checkIn=2026-12-05&checkOut=2026-12-01'],
    ['checkIn=2026-02-30&checkOut=2026-03-02'],
    ['checkIn=tomorrow&checkOut=2026-12-01'],
    ['guests=0'],
    ['cursor=not-a-cursor'],
    ['unknown=1'],
  ])('400 with the error shape for %s', async (qs) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/homes?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('GET /api/homes place ranking', () => {
  let porto: string, portoOld: string, lisbons: string[], portimao: string;
  beforeAll(async () => {
    portoOld = (await insertHome(t.db, { location: 'Porto, Portugal' })).id;
    porto = (await insertHome(t.db, { location: 'porto, Portugal' })).id;
    portimao = (await insertHome(t.db, { location: 'Portimão, Portugal' })).id;
    // Newer than the Porto homes: newest-first alone would list them first.
    lisbons = [];
    for (let i = 0; i < 3; i++) lisbons.push((await insertHome(t.db, { location: 'Lisbon, Portugal' })).id);
  });

  const idsOf = async (url: string) => {
    const { res, body } = await getHomes(url);
    expect(res.statusCode, res.body).toBe(200);
    return body!.map((h) => h._id);
  };

  it('lists the homes whose city is the searched place first, newest first among them', async () => {
    const ids = await idsOf('/api/homes?location=Porto&limit=100');
    expect(ids.slice(0, 2)).toEqual([porto, portoOld]);
    // "Portimão" starts with "Port" but is not "Porto": after the exact city, before mere look-alikes.
    const lisbonAt = ids.findIndex((id) => lisbons.includes(id));
    if (lisbonAt !== -1) expect(lisbonAt).toBeGreaterThan(ids.indexOf(porto));
  });

  it('ranks a city that starts with the term before a country that does', async () => {
    const ids = await idsOf('/api/homes?location=Port&limit=100');
    const cityMatches = [porto, portoOld, portimao];
    expect(new Set(ids.slice(0, 3))).toEqual(new Set(cityMatches));
    for (const lisbon of lisbons) expect(ids.indexOf(lisbon)).toBeGreaterThan(2);
  });

  it('pages through a ranked search in the same order, each home once', async () => {
    const all = await idsOf('/api/homes?location=Port&limit=100');
    const seen: string[] = [];
    let url: string | null = '/api/homes?location=Port&limit=2';
    while (url) {
      const { res, body } = await getHomes(url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...body!.map((h) => h._id));
      url = nextLink(res.headers.link);
    }
    expect(seen).toEqual(all);
  });
});

describe('GET /api/homes date errors say why', () => {
  // The test clock is 2026-11-21 (UTC).
  it.each([
    ['checkIn=2026-11-01&checkOut=2026-11-03', /Arrival is in the past/],
    ['checkIn=2026-02-30&checkOut=2026-03-02', /Arrival \(checkIn\) is not a calendar date/],
    ['checkIn=2026-12-01&checkOut=12/03/2026', /Departure \(checkOut\) is not a calendar date/],
    ['checkIn=2026-12-05&checkOut=2026-12-05', /Departure \(checkOut\) must be after arrival/],
  ])('%s', async (qs, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/homes?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('still searches from yesterday (UTC) on: west of UTC it may be that day', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/homes?checkIn=2026-11-20&checkOut=2026-11-22' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/home/:id', () => {
  it('answers the home with both host email readings and a price in dollars', async () => {
    const row = await insertHome(t.db, { priceCents: 12_550, hostEmail: 'owner@example.test' });
    const res = await t.app.inject({ method: 'GET', url: `/api/home/${row.id}` });
    expect(res.statusCode).toBe(200);
    const home = homeSchema.parse(res.json());
    expect(home).toMatchObject({
      _id: row.id,
      price: 125.5,
      hostEmail: 'owner@example.test',
      email: 'owner@example.test',
      image: row.images[0],
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%27%20or%201=1'])('404 for %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/home/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/homes', '/api/home/{id}']));
  });
});
