/**
 * Issue 13, JavaScript on the first load: the toast library is not part of `/`'s first load (ADR 0025),
 * so these check that notices still show when the first thing on a fresh page raises one.
 */
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';

test('a notice raised by the first key press on a freshly loaded page is shown', async ({ page }) => {
  await loginAs(page, DEMO.guest);
  // A new document: nothing has been clicked or typed on it yet.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const signOut = page.getByRole('banner').getByRole('button', { name: TEXTS.signOut });
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: TEXTS.login })).toBeVisible();
});

test('a notice raised by the first click on a freshly loaded page is shown', async ({ page }) => {
  await loginAs(page, DEMO.guest);
  await page.goto('/all-home');
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: TEXTS.signOut }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out' })).toBeVisible();
});

// Zod builds its schemas jitless in the browser (src/client/lib/zod-csp.ts): without that, the first object schema
// probes `new Function` and the CSP reports it here. /login is a client-rendered page whose form schemas load with it.
test('the public pages and a form page cause no Content-Security-Policy violation (zod compiles nothing)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const homes = (await (await page.request.get('/api/homes?limit=1')).json()) as { _id: string; location: string }[];
  const home = homes[0]!;
  for (const path of [
    '/',
    '/all-home',
    `/details/${home._id}`,
    `/searchresult?location=${encodeURIComponent(home.location.split(',')[0]!)}`,
    '/login',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
});

// A guard, not the goal: issue 13 wants at most 100 KiB, which React DOM and React Router's data
// router alone nearly fill (ADR 0025). This catches a module that drags more into the first load
// (a schema module in a loader once took it from 131 to 156 KiB). 134 since issues 29 and 30: the
// routes of the new screens and the search URL's map box (the map itself loads only when shown).
const FIRST_LOAD_GUARD_KIB = 134;

test(`the JavaScript / loads stays within ${FIRST_LOAD_GUARD_KIB} KiB gzip`, async ({ page }) => {
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    }
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const kib = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
  expect(kib).toBeGreaterThan(50);
  expect(kib).toBeLessThanOrEqual(FIRST_LOAD_GUARD_KIB);
});
