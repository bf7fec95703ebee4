/**
 * Issue 12 in the browser: a signed-out visitor's heart goes to the login and back, and the home is
 * saved; the Wishlist screen lists it with its price and whether it is free for the dates last searched.
 */
import { DEMO, loginAs } from './support/auth-fixtures';
import { addDays, todayUtc } from './support/booking-fixtures';
import { expect, expectAccessible, test } from './support/fixtures';

interface ApiHome {
  _id: string;
  title: string;
  location: string;
}

test('a wishlist heart survives sign-in and the Wishlist screen shows the saved home', async ({ page }) => {
  const homes = (await (await page.request.get('/api/homes?limit=3')).json()) as ApiHome[];
  const home = homes[2]!;
  await page.goto('/all-home');
  const heart = page.getByRole('button', { name: `Save ${home.title}`, exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();

  await expect(page).toHaveURL(/\/login\?from=/);
  await loginAs(page, DEMO.guest);
  await expect(page).toHaveURL(/\/all-home$/);
  await expect(page.getByText('Saved to your wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: `Save ${home.title}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A search remembers its dates; the Wishlist says whether the saved home is free for them.
  const checkIn = addDays(todayUtc(), 20);
  const checkOut = addDays(checkIn, 2);
  const place = home.location.split(',')[0]!;
  await page.goto(
    `/searchresult?${new URLSearchParams({ location: place, arrivalDate: checkIn, departureDate: checkOut })}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard/wishlist');
  const item = page.getByRole('listitem').filter({ hasText: home.title });
  await expect(item).toBeVisible();
  await expect(item.getByText(/night/)).toBeVisible();
  await expect(item.getByText(/^(Free for|Not available for) /)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`wishlist-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);

  // Pressing the heart again removes it (and leaves the list empty for the next run).
  await item.getByRole('button', { name: `Save ${home.title}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: home.title })).toHaveCount(0, { timeout: 10_000 });
  const left = (await (await page.request.get('/api/wishlist')).json()) as { homeIds: string[] };
  expect(left.homeIds).not.toContain(home._id);
});
