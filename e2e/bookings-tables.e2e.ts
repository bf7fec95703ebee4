/**
 * The bookings tables in the browser: the admin's all bookings, the layout of
 * the tables at phone and desktop widths, and axe on the booking screens. Each
 * test books its own home and dates and cancels what it booked at the end.
 */
import { TEXTS } from '../src/shared/texts';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { allowProblems, expectAccessible } from './support/fixtures';
import {
  CHECKOUT_TAB as TAB,
  bookViaApi,
  checkoutUrl,
  expect,
  fillCard,
  listedAsFree,
  rowOf,
  test,
} from './support/booking-fixtures';

const describe = test.describe;

describe('admin: all bookings', () => {
  test('lists every booking and Cancle -> Yes shows "deleted SuccessFul"', async ({ page, guestStay }) => {
    // The guest books through the API, then the admin signs in.
    const stay = await guestStay(page, 9, 10);
    await bookViaApi(page.request, stay);
    await forgetSession(page);

    await loginAs(page, DEMO.admin);
    await page.goto('/dashboard/allbooking');
    await expect(page.getByRole('heading', { level: 1, name: 'All Bookings' })).toBeVisible();
    for (const column of ['Title', 'Location', 'Price', 'From', 'To', 'Action']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    const row = rowOf(page, stay);
    await expect(row).toContainText(DEMO.guest);
    await expect(row).toContainText('Confirmed');
    await expectAccessible(page, 'allbooking');

    await row.getByRole('button', { name: TEXTS.cancelBooking }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(TEXTS.adminBookingCancelled)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await listedAsFree(page.request, stay)).toBe(true);
  });
});

describe('stays that have begun', () => {
  test('All Bookings offers no Cancle on the demo stays that have ended (the server refuses them: 409)', async ({
    page,
  }) => {
    await loginAs(page, DEMO.admin);
    await page.goto('/dashboard/allbooking');
    // The demo's past stays belong to past guests (ended stays with published reviews).
    const ended = page.locator('tr[data-booking-id]', { hasText: 'past-guest.stayhub.test' });
    await expect(ended.first()).toBeVisible();
    expect(await ended.count()).toBeGreaterThan(0);
    await expect(ended.getByRole('button', { name: TEXTS.cancelBooking })).toHaveCount(0);
    const id = await ended.first().getAttribute('data-booking-id');
    expect((await page.request.delete(`/api/bookings/${id}`)).status()).toBe(409);
  });
});

describe('bookings table layout', () => {
  test('at 390 px each booking is a card whose Cancle is on screen; at 1280 px the picture is at least 48 px wide', async ({
    page,
    guestStay,
  }) => {
    const stay = await guestStay(page, 11, 14);
    await bookViaApi(page.request, stay);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/my-booking');
    const cancel = rowOf(page, stay).getByRole('button', { name: TEXTS.cancelBooking });
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeInViewport({ ratio: 1 });
    const box = await cancel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'Cancle inside the 390 px viewport').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    const picture = rowOf(page, stay).locator('img');
    await expect(picture).toBeVisible();
    const size = await picture.boundingBox();
    expect(size?.width ?? 0, 'booking picture width').toBeGreaterThanOrEqual(48);
  });
});

describe('accessibility of the booking screens', () => {
  for (const width of [1280, 360]) {
    test(`axe on the checkout tabs, the card error and my bookings at ${width}px`, async ({
      page,
      pageProblems,
      stayFor,
      cancelAtEnd,
    }) => {
      await loginAs(page, DEMO.guest);
      await page.setViewportSize({ width, height: 800 });
      const stay = await stayFor(page, width === 360 ? 10 : 2, width === 360 ? 12 : 60);
      await cancelAtEnd(page, stay.home._id);
      await page.goto(checkoutUrl(stay));
      await expect(page.getByRole('tab', { name: TAB.rules })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `checkout rules @${width}`);
      const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await noOverflow(), 'no sideways scrolling').toBe(true);

      await page.getByRole('tab', { name: TAB.guests }).click();
      await expectAccessible(page, `checkout message @${width}`);
      expect(await noOverflow(), 'no sideways scrolling').toBe(true);

      await page.getByRole('tab', { name: TAB.pay }).click();
      await expect(page.getByRole('button', { name: TEXTS.pay, exact: true })).toBeEnabled();
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: TEXTS.pay, exact: true }).click();
      await expect(page.getByText('Your card was declined.')).toBeVisible();
      await expectAccessible(page, `checkout pay with error @${width}`);
      expect(await noOverflow(), 'no sideways scrolling').toBe(true);

      // Leaving the checkout released its hold; one whose page is gone without saying so stays "Awaiting payment".
      await page.goto('/dashboard/my-booking');
      await expect(rowOf(page, stay)).toHaveCount(0);
      const held = await page.request.post('/api/payment-intent', {
        data: { homeId: stay.home._id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests },
      });
      expect(held.status(), await held.text()).toBe(200);
      await page.reload();
      await expect(rowOf(page, stay)).toContainText('Awaiting payment');
      await expectAccessible(page, `my-booking @${width}`);
      await rowOf(page, stay).getByRole('button', { name: TEXTS.cancelBooking }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `my-booking dialog @${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();
      allowProblems(pageProblems, /status of 402/);
    });
  }
});
