/**
 * Issue 27: a guest searching with dates sees on each card what the stay costs, and it is the
 * total the checkout then charges (one pricing function on the server). The home has a weekend
 * price and a weekly discount, so the stay's total is not the nightly price times the nights.
 */
import { mergeTests, type Response } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, test as bookingTest } from './support/booking-fixtures';
import { isoDay, test as hostingTest } from './support/hosting-fixtures';

const test = mergeTests(bookingTest, hostingTest);

test('a dated search shows the stay total on the card, and the checkout charges that total', async ({
  page,
  browser,
  createHome,
  cancelAtEnd,
}) => {
  test.setTimeout(120_000);
  const place = `Pricebury ${Date.now().toString(36)}, Testland`;
  const hostPage = await (await browser.newContext()).newPage();
  await loginAs(hostPage, DEMO.host);
  const home = await createHome(hostPage, {
    location: place,
    price: 90,
    cleaningFee: 25,
    from: isoDay(0),
    to: isoDay(40),
  });
  const edit = await hostPage.request.put(`/api/home/${home.id}`, {
    data: {
      location: home.location,
      title: home.title,
      price: 90,
      total_guest: home.total_guest,
      bedrooms: home.bedrooms,
      bathrooms: home.bathrooms,
      weekendPrice: 140,
      weeklyDiscountPercent: 10,
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await loginAs(page, DEMO.guest);
  await cancelAtEnd(page, home.id);
  const checkIn = isoDay(10);
  const checkOut = isoDay(17);
  const search = new URLSearchParams({ location: place, arrivalDate: `${checkIn}T15:00`, departureDate: checkOut });
  await page.goto(`/searchresult?${search.toString()}`);
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: home.title });
  await expect(card).toContainText('for 7 nights');
  const total = /Total:\s*(\$[\d,]+\.\d{2}) for 7 nights/.exec((await card.textContent()) ?? '')?.[1];
  expect(total, 'the card shows the stay total').toBeTruthy();
  // Seven nights: Friday and Saturday at $140, five at $90 = $730, less 10 % weekly = $657, + $25 cleaning.
  expect(total).toBe('$682.00');

  await page.goto(`/details/${home.id}?${new URLSearchParams({ checkIn, checkOut }).toString()}`);
  await expect(page.getByTestId('widget-total')).toHaveText(total!);
  const intent = page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/payment-intent') && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: TEXTS.reserve }).click();
  await page.waitForURL(/\/chackout\?/);
  await expect(page.getByRole('complementary').getByTestId('checkout-total')).toHaveText(total!);
  expect(((await (await intent).json()) as { amount: number }).amount).toBe(682);
});
