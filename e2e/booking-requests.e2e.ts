/**
 * Issue 27, request to book (ADR 0050), in the browser: a host sets a home to take requests; the
 * guest checks out ("Request to book", not charged unless the host accepts) and lands on My
 * Bookings with the request; the host accepts it on Reservations in another browser; the guest's
 * My Bookings, left open, shows the stay confirmed without a reload (it polls while a request is open).
 */
import { mergeTests } from '@playwright/test';
import { REQUEST_TO_BOOK_BUTTON, REQUEST_TO_BOOK_NOTE } from '../src/shared/booking-requests';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, fillCard, test as bookingTest } from './support/booking-fixtures';
import { isoDay, test as hostingTest } from './support/hosting-fixtures';

const test = mergeTests(bookingTest, hostingTest);

test('a request to book: the guest is not charged until the host accepts, and sees the answer live', async ({
  page,
  browser,
  createHome,
  cancelAtEnd,
}) => {
  test.setTimeout(120_000);
  // The host's session, in a browser context of its own.
  const hostPage = await (await browser.newContext()).newPage();
  await loginAs(hostPage, DEMO.host);
  const home = await createHome(hostPage, {
    title: `Request loft ${Date.now().toString(36)}`,
    price: 90,
    from: isoDay(0),
    to: isoDay(30),
  });
  const put = await hostPage.request.put(`/api/home/${encodeURIComponent(home.id)}`, {
    data: {
      location: home.location,
      title: home.title,
      price: home.price,
      total_guest: home.total_guest,
      bedrooms: home.bedrooms,
      bathrooms: home.bathrooms,
      description: home.description,
      bookingMode: 'request',
    },
  });
  expect(put.status(), await put.text()).toBe(200);

  await loginAs(page, DEMO.guest);
  await cancelAtEnd(page, home.id);
  const checkIn = isoDay(10);
  const checkOut = isoDay(12);
  await page.goto(`/details/${home.id}?${new URLSearchParams({ checkIn, checkOut }).toString()}`);
  await page.getByRole('link', { name: TEXTS.reserve }).click();
  await page.waitForURL(/\/chackout\?/);
  await page.getByRole('button', { name: TEXTS.agreeAndContinue }).click();
  await page.getByRole('button', { name: TEXTS.continue, exact: true }).click();
  // Said at the pay button and in the stay's summary (there from the first step).
  await expect(page.getByRole('tabpanel', { name: 'Confirm and pay' }).getByText(REQUEST_TO_BOOK_NOTE)).toBeVisible();
  await expect(page.getByRole('complementary').getByText(REQUEST_TO_BOOK_NOTE)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS.pay, exact: true })).toHaveCount(0);
  await fillCard(page);
  await page.getByRole('button', { name: REQUEST_TO_BOOK_BUTTON, exact: true }).click();
  await page.waitForURL(/\/dashboard\/my-booking$/);
  const row = page.getByRole('row').filter({ hasText: home.title });
  await expect(row).toContainText('Requested — awaiting the host');

  // The host answers on Reservations.
  await hostPage.goto('/dashboard/reservations');
  // The header tells the host requests wait (the count includes any other open request of the demo host).
  await expect(
    hostPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Requests, \d+ waiting for your answer$/ }),
  ).toBeVisible();
  const requests = hostPage.getByRole('region', { name: /^Requests \(/ });
  const request = requests.getByRole('row').filter({ hasText: home.title });
  await expect(request).toContainText(/Answer by /);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(hostPage.getByText(/Request accepted: .* stay is confirmed/)).toBeVisible();
  await expect(requests.getByRole('row').filter({ hasText: home.title })).toHaveCount(0);

  // The guest's page, never reloaded, follows: within the 10 s poll (and a margin).
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await expect(row).toContainText('Confirmed', { timeout: 25_000 });
  await expect(row).not.toContainText('Requested');
  expect(navigations).toEqual([]);
  await hostPage.context().close();
});
