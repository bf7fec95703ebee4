import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { useWorkerServer } from './worker-server';

// Before any test of this worker reads E2E_BASE_URL or E2E_MAIL_DIR: its own server's.
useWorkerServer();

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through playwright.config.ts');
  return url;
};

interface Fixtures {
  /** Problems seen in the page: console errors, page errors, requests that left the machine. Tests may remove expected ones. */
  pageProblems: string[];
}

/**
 * Every test: baseURL is the real server; a request to any other host is
 * blocked and fails the test, as does a console error or an uncaught page error.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
  baseURL: async ({}, use) => {
    await use(baseURL());
  },
  // A server-rendered page ignores clicks and typing until React has hydrated it; a person waits for
  // that without noticing, a test does not. goto() waits for it unless asked to stop earlier.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const early = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
      if (javaScriptEnabled !== false && !early) await hydrated(page);
      return response;
    };
    await use(page);
  },
  pageProblems: [
    async ({ context, baseURL: appUrl }, use) => {
      const problems: string[] = [];
      // The app (a spec may run its own server: the baseURL fixture), and the test's own local services
      // (the OpenID provider standing in for Google).
      const allowed = [appUrl ?? baseURL(), ...(process.env.E2E_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean)].map(
        (u) => new URL(u).origin,
      );
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('data:') || url.startsWith('blob:') || allowed.includes(new URL(url).origin))
          return route.continue();
        problems.push(`unexpected network request: ${url}`);
        return route.abort();
      });
      context.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      context.on('weberror', (err) => problems.push(`page error: ${err.error().message}`));
      await use(problems);
      expect(problems, 'problems in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Removes expected problems (e.g. the browser's log line for an expected 404 answer). */
export function allowProblems(problems: string[], pattern: RegExp): void {
  const kept = problems.filter((p) => !pattern.test(p));
  problems.splice(0, problems.length, ...kept);
}

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
type Impact = (typeof IMPACTS)[number];

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  expect(await axeViolations(page, 'serious'), `axe violations on ${label}`).toEqual([]);
}

/** What axe finds on the page of impact `least` or worse, one line each (rule, impact, help, where). */
export async function axeViolations(page: Page, least: Impact): Promise<string[]> {
  // A notice fading in or out is briefly see-through: axe would measure its contrast mid-fade.
  // Wait for finite animations (not spinners, which run forever) to end first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const counted = IMPACTS.slice(IMPACTS.indexOf(least));
  return results.violations
    .filter((v) => v.impact && (counted as readonly string[]).includes(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

export { expect };

/** React has hydrated the page: its event handlers are attached to the server's markup. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // Client-rendered pages (no server state in the HTML) are interactive as soon as they show.
    if (!document.getElementById('stayhub-state')) return true;
    const main = document.getElementById('main');
    return Boolean(main && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
  });
}

/**
 * Waits until the page has nothing left to do that a test could observe late: no request in flight,
 * every picture on screen decoded, and two frames painted after that (a toast or a layout change caused by the
 * last answer is on screen). Instead of fixed sleeps, which are too short on a loaded machine and
 * wasted time on an idle one.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    // Only pictures on screen: a lazy one below the fold does not load (and never decodes) until scrolled to.
    const onScreen = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
    };
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && onScreen(img))
        .map((img) => img.decode().catch(() => undefined)),
    );
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}
