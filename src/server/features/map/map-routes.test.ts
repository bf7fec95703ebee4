import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { FetchSource, PMTiles, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../http/security-headers';
import { mapRoutes } from './map-routes';
import type { MapSettings } from './map-settings';
import { boxTile, pmtilesArchive } from './pmtiles-fixture';

async function serve(settings: MapSettings) {
  const app = Fastify();
  await app.register(mapRoutes(settings));
  return app;
}

describe('the map routes (issue 29)', () => {
  it('serves an offline style of land and borders with no glyphs, sprites or other hosts', async () => {
    const app = await serve({});
    const style = (await app.inject('/map/style.json')).json();
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.sources.land.data).toBe('/map/land.json');
    expect(style.sources.borders.data).toBe('/map/borders.json');
    // From a region's zoom, the 1:10m coast and borders as vector tiles, so a city's coast is where it is.
    expect(style.sources.fine).toMatchObject({ type: 'vector', tiles: ['/map/fine/{z}/{x}/{y}.pbf'], minzoom: 5 });
    expect(
      style.layers.map((l: { id: string; minzoom?: number; maxzoom?: number }) => [l.id, l.minzoom, l.maxzoom]),
    ).toEqual([
      ['water', undefined, undefined],
      ['land', undefined, 5],
      ['borders', undefined, 5],
      ['land-fine', 5, undefined],
      ['borders-fine', 5, undefined],
    ]);
    expect((await app.inject('/map/tiles.pmtiles')).statusCode).toBe(404);
  });

  it('leaves out, for a map that never zooms out past ?minzoom, the layers and sources it would never show', async () => {
    const app = await serve({});
    const layersOf = (style: { layers: { id: string }[] }) => style.layers.map((l) => l.id);
    // A home's area map (zoom 12-13): no 1:50m world to download.
    const near = (await app.inject('/map/style.json?minzoom=8')).json();
    expect(Object.keys(near.sources)).toEqual(['fine']);
    expect(layersOf(near)).toEqual(['water', 'land-fine', 'borders-fine']);
    // Down to zoom 4 the 1:50m world still shows, so it stays.
    expect(Object.keys((await app.inject('/map/style.json?minzoom=4')).json().sources)).toEqual([
      'land',
      'borders',
      'fine',
    ]);
    expect((await app.inject('/map/style.json?minzoom=0')).json()).toEqual(
      (await app.inject('/map/style.json')).json(),
    );
    for (const bad of ['23', '-1', 'x', '1.5', '']) {
      const res = await app.inject(`/map/style.json?minzoom=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it('serves the land and the borders as GeoJSON, gzipped when asked', async () => {
    const app = await serve({});
    const land = await app.inject({ url: '/map/land.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(land.headers['content-encoding']).toBe('gzip');
    const geo = JSON.parse(gunzipSync(land.rawPayload).toString()) as { type: string; features: unknown[] };
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features.length).toBeGreaterThan(0);
    const borders = (await app.inject('/map/borders.json')).json();
    expect(borders.type).toBe('MultiLineString');
    expect(borders.coordinates.length).toBeGreaterThan(100);
  });

  it('cuts the 1:10m land and borders into vector tiles from zoom 5 to 10, gzipped, cached an hour', async () => {
    const app = await serve({});
    const tile = (z: number, x: number, y: number) =>
      app.inject({ url: `/map/fine/${z}/${x}/${y}.pbf`, headers: { 'accept-encoding': 'gzip' } });
    // Lisbon at zoom 10: its coast.
    const lisbon = await tile(10, 486, 392);
    expect(lisbon.statusCode).toBe(200);
    expect(lisbon.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(lisbon.headers['cache-control']).toBe('public, max-age=3600');
    expect(lisbon.headers['content-encoding']).toBe('gzip');
    const lisbonLayers = gunzipSync(lisbon.rawPayload).toString('latin1');
    expect(lisbonLayers).toContain('land');
    // Where Portugal meets Spain (zoom 7): the border too.
    expect(gunzipSync((await tile(7, 61, 48)).rawPayload).toString('latin1')).toContain('borders');
    // The open Atlantic: an empty tile.
    const sea = await tile(5, 11, 12);
    expect([sea.statusCode, sea.rawPayload.length]).toEqual([200, 0]);
    // Outside the tiles' zooms or the world: none.
    for (const path of ['4/8/5', '11/972/784', '5/32/0', '5/-1/0', '5/1.5/0']) {
      expect((await app.inject(`/map/fine/${path}.pbf`)).statusCode).toBe(404);
    }
    await app.close();
  }, 60_000);

  it('draws no band around the world where Natural Earth cuts the land at the antimeridian', async () => {
    const app = await serve({});
    type Ring = [number, number][];
    const land = (await app.inject('/map/land.json')).json() as {
      features: { geometry: { type: 'MultiPolygon'; coordinates: Ring[][] } }[];
    };
    const rings = land.features.flatMap((f) => f.geometry.coordinates.flat());
    const crossesTheMap = (line: Ring) => line.some((p, i) => i > 0 && Math.abs(p[0] - line[i - 1]![0]) > 180);
    // Only the rings around the South Pole (Antarctica's) still step from 180 to -180: they have no other side.
    expect(rings.filter(crossesTheMap).every((ring) => ring.every(([, lat]) => lat < -60))).toBe(true);
    // Chukotka, Wrangel Island and Fiji walk on past 180 rather than being cut off.
    expect(rings.some((ring) => ring.some(([lng]) => lng > 180))).toBe(true);
    const borders = (await app.inject('/map/borders.json')).json() as { coordinates: Ring[] };
    expect(borders.coordinates.filter(crossesTheMap)).toEqual([]);
    // The 1:10m tiles: the Norwegian Sea at the two latitudes where Chukotka is cut (65.1° and 69.0°)
    // is sea, and Chukotka has land on both sides of the antimeridian.
    const tile = async (path: string) => (await app.inject(`/map/fine/${path}.pbf`)).rawPayload.length;
    expect([await tile('6/32/16'), await tile('6/32/14')]).toEqual([0, 0]);
    expect(await tile('5/0/8')).toBeGreaterThan(0);
    expect(await tile('6/63/16')).toBeGreaterThan(0);
    await app.close();
  }, 60_000);

  it('serves MAP_PMTILES with HTTP range requests and a style reading it through the pmtiles protocol', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'map-'));
    const file = join(dir, 'region.pmtiles');
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    writeFileSync(file, bytes);
    const app = await serve({ pmtilesPath: file });
    const part = await app.inject({ url: '/map/tiles.pmtiles', headers: { range: 'bytes=100-227' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-227/4096');
    expect(part.rawPayload.equals(bytes.subarray(100, 228))).toBe(true);
    const whole = await app.inject('/map/tiles.pmtiles');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect((await app.inject({ url: '/map/tiles.pmtiles', headers: { range: 'bytes=9000-9100' } })).statusCode).toBe(
      416,
    );
    const style = (await app.inject('/map/style.json')).json();
    expect(style.sources.protomaps.url).toBe('pmtiles:///map/tiles.pmtiles');
    // Only the named file: the directory's other files are not served.
    expect((await app.inject('/map/region.pmtiles')).statusCode).toBe(404);
  });

  it('serves a PMTiles v3 archive the pmtiles reader (the one the browser runs) reads tile by tile with ranges', async () => {
    const earth = boxTile('earth', [-10, -10, 10, 10], 1, 1, 1);
    const archive = pmtilesArchive({ '1/1/1': earth }, { vector_layers: [{ id: 'earth', fields: {} }] });
    const dir = mkdtempSync(join(tmpdir(), 'map-'));
    writeFileSync(join(dir, 'world.pmtiles'), archive);
    const app = await serve({ pmtilesPath: join(dir, 'world.pmtiles') });
    const asked: { range: string | undefined; status: number }[] = [];
    app.addHook('onResponse', async (request, reply) => {
      asked.push({ range: request.headers.range, status: reply.statusCode });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const reader = new PMTiles(new FetchSource(`${address}/map/tiles.pmtiles`));
      const header = await reader.getHeader();
      expect([header.specVersion, header.tileType, header.minZoom, header.maxZoom]).toEqual([3, TileType.Mvt, 1, 1]);
      expect(await reader.getMetadata()).toEqual({ vector_layers: [{ id: 'earth', fields: {} }] });
      const tile = await reader.getZxy(1, 1, 1);
      expect(Buffer.from(tile!.data).equals(Buffer.from(earth))).toBe(true);
      expect(await reader.getZxy(1, 0, 0)).toBeUndefined();
      // Every read was a range request answered with just that part (206), never the whole file.
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((a) => /^bytes=\d+-\d+$/.test(a.range ?? '') && a.status === 206)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('sends the map to MAP_STYLE_URL, whose origin the CSP then lets answer', async () => {
    const app = await serve({ styleUrl: 'https://tiles.example.org/styles/streets.json' });
    const res = await app.inject('/map/style.json');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://tiles.example.org/styles/streets.json');
    const csp = cspDirectives('https://tiles.example.org/styles/streets.json');
    expect(csp['connect-src']).toContain('https://tiles.example.org');
    expect(csp['img-src']).toContain('https://tiles.example.org');
    expect(cspDirectives()['connect-src']).not.toContain('https://tiles.example.org');
    expect(cspDirectives()['worker-src']).toEqual(["'self'", 'blob:']);
  });
});
