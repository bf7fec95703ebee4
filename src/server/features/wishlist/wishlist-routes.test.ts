/** GET/PUT/DELETE /api/wishlist: saved homes, idempotent writes, availability for the dates last searched. */
import { beforeEach, describe, expect, it } from 'vitest';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
let user: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  user = await signInAs(t.app, 'guest');
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: SignedIn | null = user) =>
  t.app.inject({ method, url, headers: who?.headers ?? {} });

describe('wishlist', () => {
  it('saves a home once however often it is PUT (204), and removes it however often it is DELETEd (204)', async () => {
    const home = await insertHome(t.db, { priceCents: 12_345 });
    for (let i = 0; i < 2; i++) {
      const put = await call('PUT', `/api/wishlist/${home.id}`);
      expect(put.statusCode).toBe(204);
      expect(put.body).toBe('');
    }
    const list = (await call('GET', '/api/wishlist')).json();
    expect(list.homeIds).toEqual([home.id]);
    expect(list.items).toMatchObject([{ home: { _id: home.id, price: 123.45 }, available: null }]);
    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/api/wishlist/${home.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/wishlist')).json()).toEqual({ items: [], homeIds: [] });
  });

  it('lists the last saved first, each user their own', async () => {
    const [a, b] = [await insertHome(t.db), await insertHome(t.db)];
    await call('PUT', `/api/wishlist/${a.id}`);
    t.clock.set('2026-11-21T10:05:00.000Z');
    await call('PUT', `/api/wishlist/${b.id}`);
    expect((await call('GET', '/api/wishlist')).json().homeIds).toEqual([b.id, a.id]);
    const other = await signInAs(t.app, 'host');
    expect((await call('GET', '/api/wishlist', other)).json().homeIds).toEqual([]);
    // Another user's DELETE does not touch this user's list.
    expect((await call('DELETE', `/api/wishlist/${a.id}`, other)).statusCode).toBe(204);
    expect((await call('GET', '/api/wishlist')).json().homeIds).toEqual([b.id, a.id]);
  });

  it('says whether each home is free for the dates asked (window, confirmed stays, live holds)', async () => {
    const free = await insertHome(t.db);
    const booked = await insertHome(t.db);
    await insertBooking(t.db, booked, { checkIn: '2026-12-10', checkOut: '2026-12-13', status: 'confirmed' });
    const held = await insertHome(t.db);
    await insertBooking(t.db, held, {
      checkIn: '2026-12-11',
      checkOut: '2026-12-12',
      status: 'held',
      holdExpiresAt: new Date('2026-11-21T10:10:00.000Z'),
    });
    const outside = await insertHome(t.db, { availableFrom: '2027-01-01', availableTo: '2027-02-01' });
    for (const home of [free, booked, held, outside]) await call('PUT', `/api/wishlist/${home.id}`);
    const answer = (await call('GET', '/api/wishlist?checkIn=2026-12-11&checkOut=2026-12-14')).json();
    const byId = Object.fromEntries(
      answer.items.map((i: { home: { _id: string }; available: boolean }) => [i.home._id, i.available]),
    );
    expect(byId).toEqual({ [free.id]: true, [booked.id]: false, [held.id]: false, [outside.id]: false });
    // Dates already past say nothing.
    const past = (await call('GET', '/api/wishlist?checkIn=2026-10-01&checkOut=2026-10-03')).json();
    expect(new Set(past.items.map((i: { available: unknown }) => i.available))).toEqual(new Set([null]));
  });

  it('refuses unknown homes (404), anonymous callers (401) and bad dates or unknown query fields (400)', async () => {
    expect((await call('PUT', '/api/wishlist/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('PUT', '/api/wishlist/not-a-home')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/wishlist/not-a-home')).statusCode).toBe(204);
    const home = await insertHome(t.db);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/wishlist' : `/api/wishlist/${home.id}`;
      expect((await call(method, url, null)).statusCode, method).toBe(401);
    }
    for (const query of [
      'checkIn=2026-12-01',
      'checkIn=2026-12-05&checkOut=2026-12-01',
      'checkIn=x&checkOut=y',
      'z=1',
    ]) {
      expect((await call('GET', `/api/wishlist?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('forgets a deleted home', async () => {
    const home = await insertHome(t.db);
    await call('PUT', `/api/wishlist/${home.id}`);
    const admin = await signInAs(t.app, 'admin');
    expect((await call('DELETE', `/api/homes/${home.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/wishlist')).json().homeIds).toEqual([]);
  });
});
