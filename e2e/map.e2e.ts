/**
 * The search map (issue 29) in Chromium with software WebGL (e2e/support/chromium.ts): moving the
 * map searches its view and writes it to the URL, a marker opens its home, all by keyboard too; a
 * browser without WebGL gets the list and a note. Needs the geo fields (`point`, `bbox`) on the server.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

/** Europe and around it: the demo homes' cities. */
const START = '/searchresult?bbox=-30,20,50,70';
const homeMarkers = (page: Page) => page.locator('section[aria-label="Map"] button[data-home-id]');
const clusters = (page: Page) => page.locator('section[aria-label="Map"] button', { hasText: /^\d+$/ });

async function openSearchMap(page: Page, phone: boolean) {
  await page.goto(START);
  await hydrated(page);
  if (phone) {
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    // Off by default on a phone: the person asks for it.
    await page.getByLabel('Search as I move the map').check();
  } else {
    await expect(page.getByLabel('Search as I move the map')).toBeChecked();
  }
  const map = page.getByRole('region', { name: /Map of the search results/ });
  await expect(map).toBeVisible();
  await expect(page.getByText(/\d+\+? homes? in this area/)).toBeVisible();
  await expect(homeMarkers(page).or(clusters(page)).first()).toBeVisible();
  return map;
}

/** Pans the map by keyboard and waits for the search of its new view. */
async function panByKeys(page: Page, map: ReturnType<Page['getByRole']>) {
  const before = new URL(page.url()).searchParams.get('bbox');
  await map.focus();
  const searched = page.waitForResponse((r) => /\/api\/homes\?.*bbox=/.test(r.url()) && r.ok());
  // One step (100 px): on a phone's narrow map of Europe that is already a fifth of the view.
  await page.keyboard.press('ArrowRight');
  await searched;
  await expect.poll(() => new URL(page.url()).searchParams.get('bbox')).not.toBe(before);
}

/** Opens clusters until a home's own marker shows, then opens that home. */
async function openAHomeByMarker(page: Page) {
  for (let i = 0; i < 8 && (await homeMarkers(page).count()) === 0; i++) {
    await clusters(page).first().click();
    await page.waitForTimeout(800);
  }
  const marker = homeMarkers(page).first();
  await expect(marker).toHaveAccessibleName(/, \$[\d,.]+ (a night|in all for your dates)$/);
  await marker.click();
  await expect(page).toHaveURL(/\/details\//);
}

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test(`${label}: moving the map searches its view, kept in the URL; a marker opens its home`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const map = await openSearchMap(page, label === 'phone');
    await panByKeys(page, map);
    // The URL is the view: reloaded, it shows (and searches) the same box. Each key press moves the
    // map, so the box is read once the URL has not changed for a second (the first poll only reads it).
    const bboxNow = () => new URL(page.url()).searchParams.get('bbox');
    let bbox: string | null = 'not read yet';
    await expect
      .poll(
        () => {
          const [before, now] = [bbox, bboxNow()];
          bbox = now;
          return now === before;
        },
        { intervals: [1000] },
      )
      .toBe(true);
    await page.reload();
    await hydrated(page);
    expect(new URL(page.url()).searchParams.get('bbox')).toBe(bbox);
    if (label === 'phone') await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(homeMarkers(page).or(clusters(page)).first()).toBeVisible();
    await openAHomeByMarker(page);
  });
}

test('keyboard only: Tab reaches a marker, Enter opens it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSearchMap(page, false);
  await page.getByRole('region', { name: /Map of the search results/ }).focus();
  for (let step = 0; step < 60 && !/\/details\//.test(page.url()); step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      home: document.activeElement?.getAttribute('data-home-id') ?? null,
      cluster: /^\d+$/.test(document.activeElement?.textContent ?? '') && document.activeElement?.tagName === 'BUTTON',
    }));
    if (focused.home || focused.cluster) {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(800);
      if (focused.cluster) await page.getByRole('region', { name: /Map of the search results/ }).focus();
    }
  }
  await expect(page).toHaveURL(/\/details\//);
});

test('without WebGL: the list alone, with a note', async ({ page }) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    // A browser with WebGL turned off: no WebGL context, 2D still works.
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/.test(type)) return null;
      return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } as typeof original;
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/searchresult?location=Lisbon');
  await hydrated(page);
  await expect(
    page.getByText('The map needs WebGL, which this browser has turned off. The list shows every home.'),
  ).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
});

/** The map's markers and clusters: how many homes they stand for, and where they are on the page. */
async function markersOnMap(page: Page) {
  return page.locator('section[aria-label="Map"] .maplibregl-marker button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const box = b.getBoundingClientRect();
      return {
        id: b.getAttribute('data-home-id'),
        homes: b.hasAttribute('data-home-id') ? 1 : Number(b.textContent),
        x: box.x + box.width / 2,
        y: box.bottom,
        left: box.left,
        right: box.right,
        top: box.top,
      };
    }),
  );
}

test('a place search fits the map to its homes; a map the person moved is not refitted', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const homes = (await (await page.request.get('/api/homes?location=Lisbon')).json()) as {
    _id: string;
    point: { lat: number; lng: number };
  }[];
  expect(homes.length).toBeGreaterThan(1);
  await page.goto('/searchresult?location=Lisbon');
  await hydrated(page);
  const map = page.getByRole('region', { name: /Map of the search results/ });
  // Every home is on the map, inside its frame, and they spread over it: fitted to them, not the world
  // (which shows them as one cluster first).
  const frame = (await map.boundingBox())!;
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const fitted = async () => {
    const markers = await markersOnMap(page);
    return (
      markers.reduce((n, m) => n + m.homes, 0) === homes.length &&
      markers.every((m) => m.left >= frame.x && m.right <= frame.x + frame.width && m.top >= frame.y) &&
      Math.max(spread(markers.map((m) => m.x)) / frame.width, spread(markers.map((m) => m.y)) / frame.height) > 0.3
    );
  };
  await expect.poll(fitted, { timeout: 15_000 }).toBe(true);
  // The fit is the page's move, not a search of the map's view.
  expect(new URL(page.url()).searchParams.get('bbox')).toBeNull();

  // The person moves the map: its view is searched and kept; the new results do not move it back.
  await panByKeys(page, map);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const [west, , east] = new URL(page.url()).searchParams.get('bbox')!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  const onMap = (await markersOnMap(page)).filter((m) => m.id);
  expect(onMap.length).toBeGreaterThan(0);
  // Each marker stands where the URL's view puts its home (longitude is linear across a web map).
  const lngOf = new Map(homes.map((h) => [h._id, h.point.lng]));
  for (const marker of onMap) {
    const lng = lngOf.get(marker.id!);
    if (lng === undefined) continue;
    const expected = frame.x + ((lng - west) / (east - west)) * frame.width;
    expect(Math.abs(marker.x - expected)).toBeLessThan(frame.width * 0.05);
  }
});

test('with prefers-reduced-motion the map jumps instead of gliding', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const moves = async () => {
    await openSearchMap(page, false);
    // How often each marker is moved while the map goes to a cluster's homes: once per drawn frame.
    await page.evaluate(() => {
      const counts = new Map<Node, number>();
      (window as unknown as { markerMoves: Map<Node, number> }).markerMoves = counts;
      new MutationObserver((records) => {
        for (const r of records) counts.set(r.target, (counts.get(r.target) ?? 0) + 1);
      }).observe(document.querySelector('section[aria-label="Map"]')!, {
        attributes: true,
        attributeFilter: ['style'],
        subtree: true,
      });
    });
    await clusters(page).first().click();
    await page.waitForTimeout(2000);
    return page.evaluate(() =>
      Math.max(0, ...(window as unknown as { markerMoves: Map<Node, number> }).markerMoves.values()),
    );
  };
  const gliding = await moves();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const jumping = await moves();
  expect(jumping).toBeLessThan(gliding);
  expect(jumping).toBeLessThanOrEqual(3);
});

test("a home's area map loads only once the visitor scrolls near it", async ({ page, request }) => {
  const [home] = (await (await request.get('/api/homes?limit=1')).json()) as { _id: string }[];
  if (!home) throw new Error('the demo data has no home');
  // MapLibre and the basemap are about 1.3 MB and seconds of a phone's main thread: none of it for a
  // visitor who reads the top of the page and leaves.
  const mapFiles: string[] = [];
  page.on('request', (r) => {
    if (/maplibre-gl|\/map\/(style|land|borders|fine)/.test(r.url())) mapFiles.push(r.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/details/${home._id}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const area = page.locator('section[aria-labelledby="home-area-heading"]');
  await expect(area.getByRole('heading', { name: 'Where you will be' })).toBeAttached();
  expect(mapFiles).toEqual([]);
  await expect(area.locator('canvas.maplibregl-canvas')).toHaveCount(0);

  await area.getByRole('heading', { name: 'Where you will be' }).scrollIntoViewIfNeeded();
  await expect(area.locator('canvas.maplibregl-canvas')).toHaveCount(1);
  expect(mapFiles.some((url) => url.includes('maplibre-gl'))).toBe(true);
  // At a town's zoom it fetches its tiles, never the 1:50m world (1.1 MB) that only shows below zoom 5.
  await expect.poll(() => mapFiles.filter((url) => url.includes('/map/fine/')).length).toBeGreaterThan(0);
  expect(mapFiles.filter((url) => /\/map\/(land|borders)\.json/.test(url))).toEqual([]);
});

test("by keyboard, a home's area map not yet loaded is met where it stands, and entered", async ({ page, request }) => {
  const [home] = (await (await request.get('/api/homes?limit=1')).json()) as { _id: string }[];
  if (!home) throw new Error('the demo data has no home');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/details/${home._id}`);
  await hydrated(page);
  const area = page.locator('section[aria-labelledby="home-area-heading"]');
  await expect(area.locator('canvas.maplibregl-canvas')).toHaveCount(0);
  // The stop before it in the page: the next Tab reaches the map, whether it has loaded yet or not.
  await page.getByRole('link', { name: 'Contact host' }).focus();
  await page.keyboard.press('Tab');
  // Focus waits on the map's frame while it loads, then moves into the drawn map.
  await expect(area.locator('canvas.maplibregl-canvas')).toBeFocused();
  await expect(area.locator('canvas.maplibregl-canvas')).toHaveAccessibleName(/^Map of the area the home is in/);
});
