/**
 * Issue 25 item 9, "Times are UTC everywhere", in the browser: a home in Dhaka reads check-in as
 * 12:00 on its own clocks and names its zone on the details page, in the checkout and on the
 * receipt; a host sees the zone proposed from the location and changes it in the edit form.
 * Screens at 390 px and 1440 px.
 */
import { mkdirSync } from 'node:fs';
import { mergeTests, type Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, test as bookingTest, bookViaApi, checkoutUrl } from './support/booking-fixtures';
import { expectAccessible } from './support/fixtures';
import { isoDay, test as hostingTest } from './support/hosting-fixtures';

const test = mergeTests(bookingTest, hostingTest);
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/time-zone-shots';
const DHAKA_NOTE = 'Check-in is at 12:00 (Asia/Dhaka time) on the check-in date.';

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a home in Dhaka shows check-in at 12:00 in Dhaka's zone, named, on details, checkout and the receipt", async ({
  page,
  browser,
  createHome,
  cancelAtEnd,
}) => {
  test.setTimeout(120_000);
  const hostPage = await (await browser.newContext()).newPage();
  await loginAs(hostPage, DEMO.host);
  // No zone given: Dhaka is a known city, so the home is on Asia/Dhaka.
  const created = await createHome(hostPage, {
    location: 'Dhaka, Bangladesh',
    title: `Gulshan flat ${Date.now().toString(36)}`,
    cancellationPolicy: 'flexible',
    from: isoDay(0),
    to: isoDay(40),
  });
  const home = await (await page.request.get(`/api/home/${created.id}`)).json();
  expect(home.timeZone).toBe('Asia/Dhaka');

  await loginAs(page, DEMO.guest);
  await cancelAtEnd(page, created.id);

  await page.goto(`/details/${created.id}`);
  const policy = page.getByTestId('cancellation-policy');
  await expect(policy.getByTestId('check-in-note')).toHaveText(DHAKA_NOTE);
  await expect(page.getByText('UTC')).toHaveCount(0);
  await shots(page, 'details');

  const stay = { home, checkIn: isoDay(3), checkOut: isoDay(5), guests: 1 };
  await page.goto(checkoutUrl(stay));
  await expect(page.getByText(/after 12:00 PM \(Asia\/Dhaka time\)/).first()).toBeVisible();
  await expect(page.getByText(/by 11:00 AM \(Asia\/Dhaka time\)/).first()).toBeVisible();
  await expect(page.getByRole('complementary').getByTestId('check-in-note')).toHaveText(DHAKA_NOTE);
  await expectAccessible(page, 'checkout (Dhaka home)');
  await shots(page, 'checkout');

  const bookingId = await bookViaApi(page.request, { ...stay, checkIn: isoDay(10), checkOut: isoDay(12) });
  await page.goto(`/dashboard/receipt/${bookingId}`);
  await expect(page.getByTestId('check-in-note')).toHaveText(DHAKA_NOTE);
  await expect(page.getByText(/\(Asia\/Dhaka time\)$/).first()).toBeVisible();
  await expect(page.getByText('UTC')).toHaveCount(0);
  await shots(page, 'receipt');
});

test('a host gets the zone of the location proposed and changes it in the edit form', async ({ page, createHome }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.host);
  await page.goto('/dashboard/add-home');
  const zone = page.getByLabel('Time zone');
  await page.getByLabel('Location').fill('Dhaka, Bangladesh');
  await expect(zone).toHaveValue('Asia/Dhaka');
  await page.getByLabel('Location').fill('Kyoto, Japan');
  await expect(zone).toHaveValue('Asia/Tokyo');
  // Once the host picks a zone, the location no longer changes it.
  await zone.fill('Asia/Kolkata');
  await page.getByLabel('Location').fill('Paris, France');
  await expect(zone).toHaveValue('Asia/Kolkata');
  await shots(page, 'add-home');

  const created = await createHome(page, { location: 'Lisbon, Portugal', title: `Alfama ${Date.now().toString(36)}` });
  await page.goto(`/dashboard/updateHomeForm/${created.id}`);
  await expect(zone).toHaveValue('Europe/Lisbon');
  await zone.fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Choose a time zone from the list (an IANA name such as Asia/Dhaka)')).toBeVisible();
  await zone.fill('Asia/Dhaka');
  await expectAccessible(page, 'updateHomeForm (time zone)');
  await shots(page, 'edit-home');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(TEXTS.homeUpdated)).toBeVisible();
  const saved = await (await page.request.get(`/api/home/${created.id}`)).json();
  expect(saved.timeZone).toBe('Asia/Dhaka');
});
