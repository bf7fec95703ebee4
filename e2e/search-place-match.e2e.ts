/**
 * The results page says which place it shows (issue 25 item 8, ADR 0036): a place with no home free
 * for the dates answers "No homes in <place> for these dates" (never a look-alike city's homes), and
 * a close spelling is named: "Lisbn" is headed "Stay in Lisbon" with "Showing results for Lisbon,
 * Portugal". Screenshots at 390 px and 1440 px go to /tmp/shots-search/.
 */
import type { Page } from '@playwright/test';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { expect, isoDay, test, uniqueTitle } from './support/hosting-fixtures';

const SHOTS = '/tmp/shots-search';

async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const searchUrl = (location: string, stay?: { checkIn: string; checkOut: string }) =>
  `/searchresult?${new URLSearchParams({
    location,
    ...(stay ? { arrivalDate: `${stay.checkIn}T15:00`, departureDate: stay.checkOut } : {}),
  }).toString()}`;

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

test('a place with nothing free for the dates says so, and a close spelling is named', async ({ page, createHome }) => {
  // A place of its own (other tests' homes never share it), free only for the next ten days, and a
  // Lisbon home that "Lisbn" can only find as a close spelling.
  const city = `Quillmoor ${Date.now().toString(36)}`;
  await loginAs(page, DEMO.host);
  await createHome(page, { location: `${city}, Portugal`, title: uniqueTitle('Quillmoor home'), to: isoDay(10) });
  const lisbon = await createHome(page, {
    location: 'Lisbon, Portugal',
    title: uniqueTitle('Lisbon home'),
    to: isoDay(40),
  });
  await forgetSession(page);

  const later = { checkIn: isoDay(20), checkOut: isoDay(23) };
  await page.goto(searchUrl(city, later));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Stay in ${city}`);
  await expect(page.getByText(`No homes in ${city} for these dates`)).toBeVisible();
  await expect(page.getByText(/Showing results for/)).toHaveCount(0);
  await shots(page, 'no-homes-for-dates');

  const soon = { checkIn: isoDay(2), checkOut: isoDay(5) };
  await page.goto(searchUrl('Lisbn', soon));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stay in Lisbon');
  await expect(page.getByRole('status').filter({ hasText: 'Showing results for Lisbon, Portugal' })).toBeVisible();
  await expect(results(page).getByRole('link', { name: lisbon.title })).toBeVisible();
  await shots(page, 'close-spelling');
  // Without dates the list is headed by the place shown too, not by the text that matched none.
  await page.goto(searchUrl('Lisbn'));
  await expect(page.getByRole('heading', { level: 2, name: /^Homes in/ })).toHaveText('Homes in Lisbon');
  // Search engines are pointed at Lisbon's page, in the server's HTML as in the running app.
  const canonical = /\/searchresult\?location=Lisbon$/;
  const served = await (await page.request.get(searchUrl('Lisbn'))).text();
  expect(served).toMatch(/<link rel="canonical" href="[^"]*\/searchresult\?location=Lisbon"/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical);

  // For dates it is free on, the place lists its home.
  await page.goto(searchUrl(city, soon));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Stay in ${city}`);
  await expect(results(page).getByRole('listitem')).toHaveCount(1);
});
