import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Request } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { allowProblems, baseURL, expect, hydrated, test } from './support/fixtures';

const describe = test.describe;
const SHOTS = '/work/shots/ssr';

interface ApiHome {
  _id: string;
  title: string;
  description: string;
}

async function newestHome(request: APIRequestContext): Promise<ApiHome> {
  const [home] = (await (await request.get('/api/homes?limit=1')).json()) as ApiHome[];
  if (!home) throw new Error('the demo data has no home');
  return home;
}

describe('with JavaScript disabled', () => {
  test('the public pages show their content and their links lead on', async ({ browser, request }) => {
    const home = await newestHome(request);
    for (const width of [390, 1440]) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: baseURL(),
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();

      await page.goto('/all-home');
      await expect(page.getByRole('heading', { level: 1, name: 'All homes' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Homes' }).getByRole('listitem');
      expect(await cards.count()).toBeGreaterThan(4);
      if (width === 390 || width === 1440) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/all-home-${width}.png` });
      }

      // A card's link is a real link: the details page arrives rendered.
      await cards.first().getByRole('link', { name: home.title }).click();
      await expect(page).toHaveURL(new RegExp(`/details/${home._id}$`));
      await expect(page).toHaveTitle(`${home.title} · StayHub`);
      await expect(page.getByRole('heading', { level: 1, name: home.title })).toBeVisible();
      await expect(page.getByText('Price per night')).toBeVisible();
      await expect(page.getByText(home.description.slice(0, 40))).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/details-${width}.png` });

      await page.goto('/');
      // The typed title cannot type without a script: it shows whole.
      await expect(page.locator('h1 [data-noscript-show]')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Homes' }).getByRole('listitem')).toHaveCount(4);
      await expect(page.getByRole('region', { name: /Experiences/ }).getByRole('listitem')).toHaveCount(4);
      await page.screenshot({ path: `${SHOTS}/home-${width}.png` });
      // The search form is a real form: the browser submits it to the results page.
      await page.getByLabel('Location').fill('Lisbon');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/searchresult\?location=Lisbon&arrivalDate=.+&departureDate=.+&guests=1$/);
      await expect(page.getByRole('heading', { level: 1, name: TEXTS.stayIn('Lisbon') })).toBeVisible();

      await page.goto('/searchresult?location=Lisbon');
      await expect(page.getByRole('heading', { level: 1, name: TEXTS.stayIn('Lisbon') })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/searchresult-${width}.png` });

      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const missing = await page.goto('/no/such/page');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: TEXTS.wrongPath })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/not-found-${width}.png` });

      const noHome = await page.goto('/details/00000000-0000-4000-8000-000000000000');
      expect(noHome?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Home not found' })).toBeVisible();
      await context.close();
    }
  });
});

describe('with JavaScript', () => {
  test('a server-rendered page hydrates without warnings, does not fetch its data again and is interactive', async ({
    page,
    request,
  }) => {
    const home = await newestHome(request);
    const api: string[] = [];
    const documents: string[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
      if (r.resourceType() === 'document') documents.push(url.pathname);
    });

    await page.goto(`/details/${home._id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: home.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The home and its reviews came with the HTML: the browser never asked the API for them.
    expect(api.filter((u) => u === `/api/home/${home._id}` || u.startsWith(`/api/home/${home._id}/reviews`))).toEqual(
      [],
    );

    await page.goto('/all-home');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(api.filter((u) => /^\/api\/homes(\?|$)/.test(u))).toEqual([]);

    await page.goto('/searchresult?location=Lisbon');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(api.filter((u) => /^\/api\/homes(\?|$)/.test(u))).toEqual([]);

    // The home page's homes and experiences (the static /expdata.json) came with the HTML too.
    const files: string[] = [];
    page.on('request', (r: Request) => {
      if (new URL(r.url()).pathname === '/expdata.json') files.push(r.url());
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(api.filter((u) => /^\/api\/homes(\?|$)/.test(u))).toEqual([]);
    expect(files).toEqual([]);

    // Interactive: the search form navigates in the page (no new document), and the results load.
    documents.length = 0;
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: TEXTS.stayIn('Lisbon') })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
    expect(documents).toEqual([]);
  });

  test('the not-found pages hydrate as they were rendered', async ({ page, pageProblems }) => {
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: TEXTS.wrongPath })).toBeVisible();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    const noHome = await page.goto('/details/00000000-0000-4000-8000-000000000000');
    expect(noHome?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Home not found' })).toBeVisible();
    // The browser logs the 404 answers of the documents themselves.
    allowProblems(pageProblems, /status of 404/);
  });
});
