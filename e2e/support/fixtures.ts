import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { test as base, expect, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

let browserPromise: Promise<Browser> | null = null;
function browser(): Promise<Browser> {
  browserPromise ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return browserPromise;
}

export const baseURL = () => inject('baseURL');

interface Fixtures {
  context: BrowserContext;
  page: Page;
  /** Problems seen in the page: console errors, page errors, requests that left the machine. */
  pageProblems: string[];
}

/**
 * Each test gets a fresh browser context. Any request to another host is
 * blocked and fails the test, as does a console error or an uncaught page error.
 */
export const test = base.extend<Fixtures>({
  pageProblems: async ({}, use) => { await use([]); },
  context: async ({ pageProblems }, use) => {
    const context = await (await browser()).newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const origin = new URL(baseURL()).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      pageProblems.push(`unexpected network request: ${url}`);
      return route.abort();
    });
    await use(context);
    await context.close();
  },
  page: async ({ context, pageProblems }, use) => {
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageProblems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => pageProblems.push(`page error: ${err.message}`));
    await use(page);
    expect(pageProblems, 'problems in the page').toEqual([]);
  },
});

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${label}`).toEqual([]);
}

export { expect };
