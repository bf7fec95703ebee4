import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../http/security-headers';
import { mapRoutes } from './map-routes';
import type { MapSettings } from './map-settings';

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
    expect(Object.values(style.sources).map((s) => (s as { data: string }).data)).toEqual([
      '/map/land.json',
      '/map/borders.json',
    ]);
    expect(style.layers.map((l: { id: string }) => l.id)).toEqual(['water', 'land', 'borders']);
    expect((await app.inject('/map/tiles.pmtiles')).statusCode).toBe(404);
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
