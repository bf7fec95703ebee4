/**
 * Issue 11 in the browser: a host sees who booked their homes on the Reservations screen
 * (dashboard menu), filters it, and cancels a stay with a reason, keyboard only; the guest is
 * refunded and the nights are free again. Screens at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { DEMO, loginAs } from './support/auth-fixtures';
import { tabTo, tableDay } from './support/booking-fixtures';
import { SHOTS, expect, test } from './support/calendar-fixtures';
import { expectAccessible } from './support/fixtures';
import { isoDay } from './support/hosting-fixtures';

mkdirSync(SHOTS, { recursive: true });

test('a host sees a reservation and cancels it with a reason, keyboard only', async ({
  page,
  createHome,
  bookAsGuest,
}) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60), price: 120 });
  const other = await createHome(page, { from: isoDay(0), to: isoDay(60) });
  const checkIn = isoDay(20);
  const checkOut = isoDay(23);
  await bookAsGuest(home, checkIn, checkOut);
  await bookAsGuest(other, isoDay(30), isoDay(31));

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Reservations' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await page.getByLabel('Home').selectOption(home.id);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const row = upcoming.getByRole('row').filter({ hasText: 'Sam Rivera' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(home.title);
  await expect(row).toContainText(`${tableDay(checkIn)} – ${tableDay(checkOut)}`);
  await expect(row).toContainText('3 nights');
  await expect(row).toContainText('Booked by a browser test.');
  await expect(row).toContainText('$360.00');
  await expect(row).toContainText('Confirmed');
  await expectAccessible(page, 'reservations');
  // The other home's stay is filtered out.
  await expect(page.getByRole('row').filter({ hasText: other.title })).toHaveCount(0);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/reservations-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const cancel = row.getByRole('button', { name: 'Cancel reservation' });
  const box = await cancel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, 'Cancel inside the 390 px viewport').toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Keyboard only from here.
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this reservation?' });
  await expect(dialog).toContainText('refunded in full ($360.00)');
  const reason = dialog.getByLabel('Reason for the guest');
  await expect(reason).toBeFocused();
  // Without a reason: the form says so and keeps the dialog open.
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel reservation' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Say why you cancel: the guest reads it.')).toBeVisible();
  await expect(reason).toBeFocused();
  await page.keyboard.type('A storm damaged the roof; we are very sorry.');
  await page.screenshot({ path: `${SHOTS}/reservations-cancel-dialog-1280.png` });
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel reservation' }));
  await page.keyboard.press('Enter');

  await expect(page.getByText('Reservation cancelled. The guest is refunded in full.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeFocused();
  // A cancelled stay moves to its own group (issue 25 item 6): it is no longer counted as upcoming.
  const cancelled = page
    .getByRole('region', { name: /^Cancelled/ })
    .getByRole('row')
    .filter({ hasText: 'Sam Rivera' });
  await expect(cancelled).toContainText('Cancelled by you');
  await expect(cancelled).toContainText('Reason: A storm damaged the roof; we are very sorry.');
  await expect(cancelled.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // The nights are free again.
  const unavailable = await (await page.request.get(`/api/home/${home.id}/unavailable`)).json();
  expect(unavailable.ranges).toEqual([]);
});

test("a stay its guest cancelled is listed under Cancelled, not counted as upcoming; the guest's history says who cancelled", async ({
  page,
  browser,
  baseURL,
  createHome,
  bookAsGuest,
}) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60), price: 90 });
  await bookAsGuest(home, isoDay(10), isoDay(12));
  const cancelled = await bookAsGuest(home, isoDay(20), isoDay(22));

  const guest = await browser.newContext({ baseURL });
  try {
    const guestPage = await guest.newPage();
    await loginAs(guestPage, DEMO.guest);
    expect((await guestPage.request.delete(`/api/bookings/${cancelled}`)).ok()).toBe(true);
    await guestPage.goto('/dashboard/history');
    const row = guestPage.locator(`tr[data-booking-id="${cancelled}"]`);
    await expect(row).toContainText('Cancelled by you');
  } finally {
    await guest.close();
  }

  await page.goto('/dashboard/reservations');
  await page.getByLabel('Home').selectOption(home.id);
  await expect(page.getByRole('heading', { level: 2, name: /^Upcoming/ })).toHaveText('Upcoming (1)');
  const group = page.getByRole('region', { name: /^Cancelled/ });
  await expect(group.getByRole('row').filter({ hasText: 'Cancelled by the guest' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: /^Upcoming/ }).getByText('Cancelled by the guest')).toHaveCount(0);
});
