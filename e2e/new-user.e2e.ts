/**
 * What testing as a new user found (issue 9): each test fails without its fix.
 */
import type { Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { baseURL, expect, hydrated, settled, test } from './support/fixtures';

const describe = test.describe;
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('the search form while typing a date', () => {
  test('typing a year into Arrival never breaks the page', async ({ page }) => {
    await page.goto('/');
    const arrival = page.getByLabel('Arrival');
    await expect(arrival).not.toHaveValue('');
    // The segments are month/day/year, hour:minute AM/PM: the third is the year.
    await arrival.click({ position: { x: 10, y: 10 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('2');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await expect(page.getByRole('search', { name: 'Search homes' })).toBeVisible();
    await page.keyboard.type('026');
    await expect(arrival).toHaveValue(/^2026-/);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });

  test('typing a whole date digit by digit moves the departure only once the arrival is whole', async ({ page }) => {
    await page.goto('/');
    const arrival = page.getByLabel('Arrival');
    const departure = page.getByLabel('Departure');
    await expect(arrival).not.toHaveValue('');
    const year = new Date().getUTCFullYear() + 1;
    await arrival.click({ position: { x: 10, y: 10 } });
    await page.keyboard.type(`1210${year}`);
    await expect(arrival).toHaveValue(new RegExp(`^${year}-12-10T`));
    await expect(departure).toHaveValue(`${year}-12-11`);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });

  test('what is typed before the page has loaded its script is kept, taken over once it has', async ({ page }) => {
    // Hold the scripts back: the server-rendered form is all there is while typing.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back too: the page is there once committed and parsed.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('search', { name: 'Search homes' })).toBeVisible();
    const year = new Date().getUTCFullYear() + 1;
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByLabel('Arrival').fill(`${year}-12-10T15:00`);
    release();
    await hydrated(page);
    // Taken over as if typed after hydration: the departure moves after the new arrival.
    await expect(page.getByLabel('Departure')).toHaveValue(`${year}-12-11`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/searchresult\?location=Lisbon&arrivalDate=/);
    expect(new URL(page.url()).searchParams.get('departureDate')).toBe(`${year}-12-11`);
  });

  test('a visitor far east or west of the server gets their own today as the arrival, and can search it', async ({
    browser,
  }) => {
    // The server renders the form with its own clock (UTC); hydration must leave this browser's
    // own defaults in it. Between them these two zones are on another day than UTC at every hour.
    for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const context = await browser.newContext({ baseURL: baseURL(), timezoneId, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/');
      await hydrated(page);
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await expect(page.getByLabel('Arrival'), timezoneId).toHaveValue(new RegExp(`^${today}T`));
      await page.getByLabel('Location').fill('Lisbon');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page, timezoneId).toHaveURL(new RegExp(`/searchresult\\?.*arrivalDate=${today}T`));
      await context.close();
    }
  });

  test('past dates are refused with the reason, and the server says it too', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByLabel('Arrival').fill(`${isoDay(-3)}T15:00`);
    await page.getByLabel('Departure').fill(isoDay(-1));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Arrival is in the past' })).toBeVisible();
    await expect(page.getByLabel('Arrival')).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe('/');

    const res = await page.request.get(`/api/homes?checkIn=${isoDay(-3)}&checkOut=${isoDay(-1)}`);
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toMatch(/Arrival is in the past/);

    // An old link with past dates: the results page says why and searches the place only.
    await page.goto(`/searchresult?location=Lisbon&arrivalDate=${isoDay(-3)}T15:00&departureDate=${isoDay(-1)}`);
    await expect(page.getByRole('note')).toContainText('Arrival is in the past');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  });

  test('a guests count above the home’s limit names the limit', async ({ page, request }) => {
    const [home] = (await (await request.get('/api/homes?limit=1')).json()) as { _id: string; total_guest: number }[];
    await page.goto(`/details/${home!._id}`);
    await page.getByLabel('Guests').fill(String(home!.total_guest + 1));
    await expect(page.getByRole('alert')).toContainText(`at most ${home!.total_guest} guests`);
  });
});

/** Each card's fields end inside the card (nothing clipped by its rounded frame). */
async function clippedFields(page: Page, listName: string): Promise<string[]> {
  const list = page.getByRole('list', { name: listName });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list.evaluate((ul) =>
    [...ul.querySelectorAll('article')].flatMap((card) => {
      const frame = card.getBoundingClientRect();
      return [...card.querySelectorAll('dd')]
        .filter((dd) => {
          const box = dd.getBoundingClientRect();
          return box.right > frame.right - 1 || dd.scrollWidth > dd.clientWidth + 1;
        })
        .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent} @${Math.round(frame.width)}px`);
    }),
  );
}

describe('prices on cards', () => {
  for (const width of [390, 768, 1024, 1280, 1440, 1920]) {
    test(`are shown whole at ${width}px on /all-home and /searchresult`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/all-home');
      expect(await clippedFields(page, 'Homes')).toEqual([]);
      await expect(
        page
          .getByRole('list', { name: 'Homes' })
          .getByText(/\/night$/)
          .first(),
      ).toBeVisible();
      await page.goto('/searchresult?location=Lisbon');
      expect(await clippedFields(page, 'Search results')).toEqual([]);
    });
  }
});

/** Sums the layout shifts the page reports (buffered, so from the first paint on), leaving out those after input. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The observation window: buffered shifts arrive in the first callback, a late one within it.
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

describe('layout shift while data loads', () => {
  const pages: { path: string; loaded: (page: Page) => Promise<void> }[] = [
    {
      path: '/',
      loaded: async (page) => {
        await expect(page.getByRole('region', { name: 'Homes' }).getByRole('listitem')).toHaveCount(4);
        await expect(page.getByRole('region', { name: /Experiences/ }).getByRole('listitem')).toHaveCount(4);
      },
    },
    {
      path: '/all-home',
      loaded: (page) => expect(page.getByRole('list', { name: 'Homes' }).getByRole('listitem').first()).toBeVisible(),
    },
    {
      path: `/searchresult?location=Lisbon&arrivalDate=${isoDay(20)}T15:00&departureDate=${isoDay(22)}`,
      loaded: (page) =>
        expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible(),
    },
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const { path, loaded } of pages) {
      test(`${path.split('?')[0]} at ${viewport.width}px stays put (CLS at most 0.02)`, async ({ page }) => {
        await page.setViewportSize(viewport);
        // A slow network: every API answer and the experiences list arrive 1.5 s late.
        await page.route(/\/api\/|\/expdata\.json/, async (route) => {
          await new Promise((r) => setTimeout(r, 1500));
          await route.continue();
        });
        await page.goto(path);
        await loaded(page);
        // Let the pictures decode and paint.
        await settled(page);
        const cls = await layoutShift(page);
        expect(cls, `CLS of ${path} at ${viewport.width}px`).toBeLessThanOrEqual(0.02);
      });
    }
  }
});

describe('the terms link keeps the stay', () => {
  test('checkout -> terms and conditions -> Back to checkout comes back to the same stay', async ({
    page,
    request,
  }) => {
    const homes = (await (await request.get('/api/homes?limit=100')).json()) as {
      _id: string;
      from: string;
      to: string;
    }[];
    const start = isoDay(40);
    const home = homes.find((h) => h.from <= start && h.to >= isoDay(43));
    expect(home, 'a demo home free 40 days from now').toBeTruthy();
    const checkout = `/chackout?${new URLSearchParams({ homeId: home!._id, checkIn: start, checkOut: isoDay(42), guests: '1' }).toString()}`;
    await loginAs(page, DEMO.guest);
    await page.goto(checkout);
    await page.getByRole('main').getByRole('link', { name: 'terms and conditions', exact: true }).click();
    await page.waitForURL(/\/terms\?from=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to checkout' }).click();
    await page.waitForURL(/\/chackout/);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(checkout);
    await expect(page.getByText('This checkout cannot be opened')).toHaveCount(0);
    await expect(page.getByRole('tab').first()).toBeVisible();
  });

  test('/terms opened on its own still links to /chackout (the spec), and a foreign from is ignored', async ({
    page,
  }) => {
    await page.goto('/terms?from=https%3A%2F%2Fevil.example%2Fchackout');
    await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/chackout');
  });
});

describe('small things', () => {
  test('/terms and /all-home have their own tab titles', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveTitle(/^Terms and conditions/);
    await page.goto('/all-home');
    await expect(page).toHaveTitle(/^All homes/);
    await page.getByRole('banner').getByRole('link', { name: TEXTS.brand }).click();
    await expect(page).toHaveTitle('StayHub · Homes and stays for short trips');
  });

  test('Login from the header comes back to the page it was pressed on', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('banner').getByRole('link', { name: TEXTS.login }).click();
    await page.waitForURL(/\/login/);
    await loginAs(page, DEMO.guest);
    await page.waitForURL((url) => url.pathname === '/terms');
  });

  test('/login and /register send a signed-in user on: to the origin, else the dashboard', async ({ page }) => {
    await loginAs(page, DEMO.guest);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/login?from=%2Fall-home');
    await page.waitForURL((url) => url.pathname === '/all-home');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('Log In with Google is offered only when the server has Google configured', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In with Google' })).toBeVisible();
    // The same server answering as one without Google.
    await page.route('**/api/auth-config', (route) => route.fulfill({ json: { google: false } }));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Log In with Google' })).toHaveCount(0);
  });

  test('the server tells the client whether Google is configured', async ({ request }) => {
    const res = await request.get('/api/auth-config');
    expect(await res.json()).toEqual({ google: true });
  });
});
