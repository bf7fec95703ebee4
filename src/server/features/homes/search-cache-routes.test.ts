import { describe, expect, it } from 'vitest';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';

// This app keeps searches for a minute, so only a write through the app can make it answer anew.
const t = useTestApp(() => ({ searchCacheTtlMs: 60_000 }));

const search = async (url: string) =>
  (await t.app.inject({ method: 'GET', url })).json() as { _id: string; title: string }[];

describe('cached public search', () => {
  it('answers from memory until a write through the app changes what it could answer', async () => {
    const first = await insertHome(t.db, { location: 'Cachetown' });
    expect((await search('/api/homes?location=Cachetown')).map((h) => h._id)).toEqual([first.id]);

    // Written behind the app's back: the cached answer stands (bounded by the TTL in production).
    await insertHome(t.db, { location: 'Cachetown' });
    expect(await search('/api/homes?location=Cachetown')).toHaveLength(1);

    const host = await signInAs(t.app, 'host');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/home/${first.id}`,
      headers: host.headers,
      payload: {
        location: 'Cachetown',
        title: 'Renamed by its host',
        price: 90,
        total_guest: 2,
        bedrooms: 1,
        bathrooms: 1,
      },
    });
    expect(res.statusCode).toBe(403); // not this host's home: a refused write clears nothing
    expect(await search('/api/homes?location=Cachetown')).toHaveLength(1);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/homes',
      headers: host.headers,
      payload: {
        location: 'Cachetown',
        // A made-up place: the gazetteer does not know it, so the host places the pin.
        point: { lat: 38.7, lng: -9.1 },
        title: 'Made through the API',
        from: '2026-12-01',
        to: '2026-12-09',
        price: 80,
        total_guest: 2,
        bedrooms: 1,
        bathrooms: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const titles = (await search('/api/homes?location=Cachetown')).map((h) => h.title);
    expect(titles).toHaveLength(3);
    expect(titles[0]).toBe('Made through the API');
  });

  it("never caches a host's own list", async () => {
    const host = await signInAs(t.app, 'host');
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/homes?email=${encodeURIComponent(host.user.email)}`,
          headers: host.headers,
        })
      ).json() as unknown[];
    expect(await list()).toHaveLength(0);
    await insertHome(t.db, { hostEmail: host.user.email, hostId: host.user.id });
    expect(await list()).toHaveLength(1);
  });
});
