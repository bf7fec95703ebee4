/**
 * MAP_PMTILES in the browser (issue 29): with a Protomaps extract on disk, the search map draws its
 * street style from StayHub's own /map/tiles.pmtiles, read by MapLibre's pmtiles protocol with range
 * requests. The archive here holds one tile whose `water` layer covers the western hemisphere, so
 * the map of Europe shows water west of Greenwich and the style's land colour east of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { boxTile, pmtilesArchive } from '../src/server/features/map/pmtiles-fixture';
import { expect, test as base } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

/** pmtilesStyle's colours (src/server/features/map/map-style.ts): land is the background. */
const WATER = [0xcf, 0xe3, 0xf2];
const LAND = [0xf4, 0xf1, 0xea];

function westernHemisphereWater(): Buffer {
  const tile = boxTile('water', [-180, -85, 0, 85], 0, 0, 0);
  return pmtilesArchive({ '0/0/0': tile }, { vector_layers: [{ id: 'water', fields: {} }] });
}

const test = base.extend<object, { pmtilesServer: RunningServer }>({
  pmtilesServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'stayhub-pmtiles-'));
      const archive = join(dir, 'europe.pmtiles');
      writeFileSync(archive, westernHemisphereWater());
      const server = await startServer({ MAP_PMTILES: archive });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ pmtilesServer }, use) => {
    await use(pmtilesServer.url);
  },
});

/** The share of a strip of the picture's pixels that are within a few steps of `rgb`. */
async function shareOf(png: Buffer, rgb: number[], from: number, to: number): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  let all = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = Math.floor(from * info.width); x < Math.floor(to * info.width); x++) {
      const at = (y * info.width + x) * 3;
      all++;
      if (rgb.every((c, i) => Math.abs(data[at + i]! - c) <= 6)) near++;
    }
  }
  return near / all;
}

test('the map draws its tiles from the PMTiles archive StayHub serves, by range requests', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const archiveReads: { status: number; range: string | undefined }[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/map/tiles.pmtiles') {
      archiveReads.push({ status: res.status(), range: res.request().headers().range });
    }
  });
  await page.goto('/searchresult?bbox=-30,20,50,70');
  const map = page.getByRole('region', { name: /Map of the search results/ });
  await expect(map).toBeVisible();
  const canvas = page.locator('section[aria-label="Map"] canvas');
  // West of Greenwich (the left of the view, -30° to 0°) the archive's water; east of it (0° to
  // 50°) no water in the archive, so the style's land background.
  await expect
    .poll(async () => shareOf(await canvas.screenshot(), WATER, 0.02, 0.3), { timeout: 30_000 })
    .toBeGreaterThan(0.8);
  expect(await shareOf(await canvas.screenshot(), LAND, 0.7, 0.98)).toBeGreaterThan(0.8);
  // Read in parts (206), never fetched whole.
  expect(archiveReads.length).toBeGreaterThan(0);
  expect(archiveReads.every((r) => r.status === 206 && /^bytes=\d+-\d+$/.test(r.range ?? ''))).toBe(true);
});
