/**
 * /details/:id keeps its layout while the home loads: a skeleton shaped like the page
 * holds the pictures', text's and booking box's places, so nothing (the footer above
 * all) is pushed down when the data arrives. Measured as the browser's cumulative
 * layout shift on a slowed API.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { expect, test, uniqueTitle } from './support/hosting-fixtures';
import { settled } from './support/fixtures';

const SHOTS = '/tmp/shots-hosting';
const API_DELAY_MS = 1500;

/** Sums every layout shift not caused by input, from the first paint on (buffered). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: Array<{ value: number; nodes: string[] }> };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }
      >) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push({
          value: entry.value,
          nodes: (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Every API answer arrives API_DELAY_MS late (a slow mobile network). */
async function slowApi(page: Page) {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
  });
}

test.describe('details layout', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px nothing moves when the home arrives (CLS <= 0.02)`, async ({ page, createHome }) => {
      await loginAs(page, DEMO.host);
      const home = await createHome(page, {
        title: uniqueTitle('E2E Calm'),
        description: 'A quiet flat with a long description, so the page is as tall as a real one. '.repeat(6).trim(),
      });
      // A visitor (the home is deleted at the end with the host's saved session), on a slow network.
      await forgetSession(page);
      await page.setViewportSize(viewport);
      await watchLayoutShifts(page);
      await slowApi(page);
      await page.goto(`/details/${home.id}`);
      await expect(page.getByRole('main').getByRole('status').first()).toBeAttached();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/details-loading-${viewport.width}.png` });
      await expect(page.getByRole('heading', { level: 1, name: home.title })).toBeVisible({ timeout: 15_000 });
      await expect
        .poll(() =>
          page
            .getByRole('main')
            .getByRole('img')
            .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
        )
        .toBe(true);
      // Let the booking box's own request (the taken dates) arrive too, and its answer paint.
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/details-loaded-${viewport.width}.png` });
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: unknown[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });
  }
});
