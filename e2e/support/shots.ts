import type { Page } from '@playwright/test';

/** Full-page screenshots of the current screen at a phone's and a desktop's width, into `dir` (to look at). */
export async function shootWidths(page: Page, dir: string, name: string, widths = [390, 1280]): Promise<void> {
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
