import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Home } from '#shared/schemas/homes';
import { aHome } from '#shared/test/home-factory';
import { json, stubFetch } from '#client/test/render-routes';
import { deleteHome, fetchHostHomes, hostHomesKey } from './hosting-api';

const home = (id: string): Home =>
  aHome({
    _id: id,
    title: `Home ${id}`,
    location: 'Lisbon',
    image: '/placeholder-home.svg',
    images: [],
    price: 80,
    hostEmail: 'host@example.com',
    email: 'host@example.com',
  });

afterEach(() => vi.unstubAllGlobals());

describe('fetchHostHomes', () => {
  it("asks for the host's homes and follows the Link header to the last page", async () => {
    const fetchMock = stubFetch({
      'GET /api/homes': ({ url }) => {
        expect(url.searchParams.get('email')).toBe('host@example.com');
        if (!url.searchParams.get('cursor')) {
          return new Response(JSON.stringify([home('1'), home('2')]), {
            headers: {
              'content-type': 'application/json',
              link: '</api/homes?email=host%40example.com&limit=100&cursor=c2>; rel="next"',
            },
          });
        }
        // A repeat across pages is shown once.
        return json([home('2'), home('3')]);
      },
    });
    const homes = await fetchHostHomes('host@example.com');
    expect(homes.map((h) => h._id)).toEqual(['1', '2', '3']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a next link that leaves the API', async () => {
    stubFetch({
      'GET /api/homes': () =>
        new Response('[]', {
          headers: { 'content-type': 'application/json', link: '<https://evil.example/steal>; rel="next"' },
        }),
    });
    await expect(fetchHostHomes('host@example.com')).rejects.toThrow(/outside the API/);
  });

  it('keys the list under the homes key, case-insensitively', () => {
    expect(hostHomesKey('Host@Example.com')).toEqual(['homes', 'host', 'host@example.com']);
  });
});

describe('deleteHome', () => {
  it('surfaces the 409 message of a booked home', async () => {
    stubFetch({
      'DELETE /api/homes/h1': json({ error: { code: 'home_booked', message: 'This home has upcoming bookings' } }, 409),
    });
    await expect(deleteHome('h1')).rejects.toMatchObject({ status: 409, message: 'This home has upcoming bookings' });
  });
});
