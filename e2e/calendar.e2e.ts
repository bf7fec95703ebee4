/**
 * Issue 11 in the browser: a host blocks nights on the home's calendar by keyboard
 * and a guest can no longer pick them on the details page; a host edits the window
 * and pictures of a home that has a booking (the window may not leave the booking out).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { longDay } from '../src/client/components/ui/calendar-dates';
import { TEXTS } from '../src/shared/texts';
import { allowProblems, expectAccessible, hydrated } from './support/fixtures';
import { DEMO, loginAs, makeImageFile } from './support/auth-fixtures';
import { tabTo } from './support/booking-fixtures';
import { expect, isoDay, test } from './support/hosting-fixtures';

const SHOTS = '/tmp/shots-calendar';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** The details picker shows one month: page to `day`'s month (back or forward), then find its night. */
async function showDay(page: Page, day: string) {
  const button = page.locator(`button[data-date="${day}"]`);
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  // The month's nights first: checked before they render, the day looks absent.
  await expect(page.locator('button[data-date]').first()).toBeVisible();
  const wanted = new Date(`${day}T00:00:00Z`);
  const target = wanted.getUTCFullYear() * 12 + wanted.getUTCMonth();
  for (let i = 0; i < 24 && !(await button.isVisible()); i++) {
    // The grid is named by its month's heading ("March 2027"); a day before it is reached backwards (today's
    // month may end before the next night, as on the 28th).
    const heading = page.locator(`[id="${await grid.getAttribute('aria-labelledby')}"]`);
    const shown = new Date(`1 ${await heading.textContent()} UTC`);
    const at = shown.getUTCFullYear() * 12 + shown.getUTCMonth();
    await page.getByRole('button', { name: target < at ? 'Previous month' : 'Next month' }).click();
  }
  await expect(button).toBeVisible();
}

async function guestPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, DEMO.guest);
  return page;
}

test.describe('host calendar', () => {
  test('a host blocks a range by keyboard with a private note; a guest can no longer pick those nights', async ({
    page,
    browser,
    baseURL,
    createHome,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(40) });
    await page.goto('/dashboard/manage-home');
    await page
      .getByRole('row', { name: new RegExp(home.title) })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(2);

    // Keyboard only: the focused night is today; three nights from today+3 are picked with Enter and Space.
    const first = isoDay(3);
    const last = isoDay(5);
    const today = page.getByRole('button', { name: new RegExp(`^${longDay(isoDay(0))}, available`) });
    await today.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: new RegExp(`^${longDay(first)},`) })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: /Selected: .*\(3 nights\)/ })).toBeVisible();
    await page.getByLabel('Private note (optional)').fill('Family visit');
    await page.getByRole('button', { name: 'Block 3 nights' }).click();
    await expect(page.getByRole('button', { name: `${longDay(first)}, blocked: Family visit` })).toBeVisible();
    await expect(page.getByRole('button', { name: `${longDay(last)}, blocked: Family visit` })).toBeVisible();
    await expectAccessible(page, 'host calendar');
    await page.screenshot({ path: `${SHOTS}/calendar-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('grid')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/calendar-390.png`, fullPage: true });

    // The guest: the blocked nights are greyed out, cannot start a stay, and the dates cannot be reserved.
    const guest = await guestPage(browser, baseURL);
    try {
      await guest.goto(`/details/${home.id}?checkIn=${isoDay(0)}&checkOut=${isoDay(1)}`);
      await showDay(guest, first);
      const blocked = guest.getByRole('button', { name: `${longDay(first)}, unavailable` });
      await expect(blocked).toHaveAttribute('aria-disabled', 'true');
      // Picking it does nothing (Playwright will not click an aria-disabled button: Enter on it instead).
      await blocked.focus();
      await guest.keyboard.press('Enter');
      await expect(guest.getByLabel('Check-in', { exact: true })).toHaveValue(isoDay(0));
      await showDay(guest, isoDay(2));
      // From the night before, the stay cannot run into the block: its first night is not a check-out day.
      await guest.getByRole('button', { name: new RegExp(`^${longDay(isoDay(2))},`) }).click();
      await expect(guest.getByText('Now pick your check-out day')).toBeVisible();
      await showDay(guest, isoDay(4));
      await expect(guest.getByRole('button', { name: `${longDay(isoDay(4))}, unavailable` })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await guest.goto(`/details/${home.id}?checkIn=${first}&checkOut=${isoDay(6)}`);
      await expect(guest.getByText('Some of these dates are already booked. Choose other dates.')).toBeVisible();
      await expect(guest.getByRole('button', { name: TEXTS.reserve })).toBeDisabled();
      // A free range shows its total as it is picked.
      await guest.goto(`/details/${home.id}?checkIn=${isoDay(10)}&checkOut=${isoDay(11)}`);
      await guest.getByRole('button', { name: new RegExp(`^${longDay(isoDay(10))},`) }).click();
      await showDay(guest, isoDay(13));
      await guest.getByRole('button', { name: new RegExp(`^${longDay(isoDay(13))},`) }).click();
      await expect(guest.getByLabel('Check-out', { exact: true })).toHaveValue(isoDay(13));
      await expect(guest.getByText('$99.00 × 3 nights')).toBeVisible();
      await guest.setViewportSize({ width: 390, height: 844 });
      await guest.screenshot({ path: `${SHOTS}/details-picker-390.png`, fullPage: true });
    } finally {
      await guest.context().close();
    }
  });

  test('a host unblocks two nights in the middle of a block; the nights around stay blocked with the note', async ({
    page,
    createHome,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(40) });
    await page.goto(`/dashboard/calendar/${home.id}`);
    const night = (day: number) => page.getByRole('button', { name: new RegExp(`^${longDay(isoDay(day))},`) });

    await night(3).click();
    await night(9).click();
    await page.getByLabel('Private note (optional)').fill('Renovation');
    await page.getByRole('button', { name: 'Block 7 nights' }).click();
    await expect(night(6)).toHaveAccessibleName(`${longDay(isoDay(6))}, blocked: Renovation, $99 a night`);

    // Keyboard only from here: pick the two middle nights, then Tab to the unblock button.
    await night(4).focus();
    await page.keyboard.press('ArrowRight');
    await expect(night(5)).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: /Selected: .*\(2 nights\)/ })).toBeVisible();
    // The whole block can still go at once; the selected nights alone are the first choice.
    await expect(page.getByRole('button', { name: /^Unblock all of / })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/calendar-unblock-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/calendar-unblock-390.png`, fullPage: true });
    // Two months again, so every night checked below is on screen.
    await page.setViewportSize({ width: 1280, height: 900 });
    const unblockSelected = page.getByRole('button', { name: 'Unblock 2 selected nights' });
    await tabTo(page, unblockSelected);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Unblocked 2 nights')).toBeVisible();
    // The panel is gone: the focus is back on the night the keyboard left, not on the page.
    await expect(night(6)).toBeFocused();

    for (const day of [5, 6])
      await expect(night(day)).toHaveAccessibleName(`${longDay(isoDay(day))}, available, $99 a night`);
    for (const day of [3, 4, 7, 9]) {
      await expect(night(day)).toHaveAccessibleName(`${longDay(isoDay(day))}, blocked: Renovation, $99 a night`);
    }
    await expect(night(10)).toHaveAccessibleName(`${longDay(isoDay(10))}, available, $99 a night`);
    await expectAccessible(page, 'host calendar after unblocking');
  });

  test('a host edits the window and the pictures of a home with a booking; the window cannot leave it out', async ({
    page,
    browser,
    baseURL,
    createHome,
    pageProblems,
  }) => {
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(40) });
    const guest = await guestPage(browser, baseURL);
    let bookingId = '';
    try {
      const intent = await guest.request.post('/api/payment-intent', {
        data: { homeId: home.id, checkIn: isoDay(10), checkOut: isoDay(12), guests: 1 },
      });
      expect(intent.status(), await intent.text()).toBe(200);
      const held = (await intent.json()) as { clientSecret: string; bookingId: string; paymentIntentId: string };
      bookingId = held.bookingId;
      const paid = await guest.request.post('/api/payments/sandbox/confirm', {
        data: {
          clientSecret: held.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          billing: { name: 'E2E Guest', email: DEMO.guest },
        },
      });
      expect(paid.status()).toBe(200);
      const booked = await guest.request.post('/api/bookings', {
        data: { bookingId, paymentIntentId: held.paymentIntentId, message: '' },
      });
      expect(booked.status()).toBe(200);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/dashboard/updateHomeForm/${home.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Update Home' })).toBeVisible();
      // Two pictures added; the second is moved first (the cover).
      await page
        .getByLabel(TEXTS.uploadImage)
        .setInputFiles([
          await makeImageFile('porch.png', { r: 30, g: 90, b: 160 }),
          await makeImageFile('kitchen.png', { r: 200, g: 160, b: 40 }),
        ]);
      await expect(page.getByText('Uploaded')).toHaveCount(2);
      await page.getByRole('button', { name: 'Move up: kitchen.png' }).click();

      // A window that leaves the booking out is refused, naming it; nothing typed is lost.
      await page.getByLabel('Available from').fill(isoDay(11));
      await page.getByLabel('Minimum nights').fill('2');
      await page.getByRole('button', { name: 'Submit' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'would leave out the booking of' });
      await expect(alert).toBeVisible();
      allowProblems(pageProblems, /status of 409/);
      // Named by its guest and dates; the raw booking id means nothing to a host (issue 25).
      await expect(alert).toContainText('Sam Rivera');
      await expect(alert).not.toContainText(bookingId);
      await expect(page.getByLabel('Available from')).toHaveValue(isoDay(11));
      await page.screenshot({ path: `${SHOTS}/edit-refused-1280.png`, fullPage: true });

      await page.getByLabel('Available from').fill(isoDay(5));
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/\/dashboard\/manage-home$/);
      const saved = (await (await page.request.get(`/api/home/${home.id}`)).json()) as {
        from: string;
        to: string;
        images: string[];
        minNights: number;
      };
      expect(saved.from).toBe(isoDay(5));
      expect(saved.minNights).toBe(2);
      expect(saved.images).toHaveLength(2);

      // Remove one picture again.
      await page.goto(`/dashboard/updateHomeForm/${home.id}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Remove: Picture 2' }).click();
      await page.screenshot({ path: `${SHOTS}/edit-390.png`, fullPage: true });
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/\/dashboard\/manage-home$/);
      const after = (await (await page.request.get(`/api/home/${home.id}`)).json()) as { images: string[] };
      expect(after.images).toEqual([saved.images[0]]);
    } finally {
      if (bookingId) await guest.request.delete(`/api/bookings/${bookingId}`);
      await guest.context().close();
    }
  });
});

test.describe('arrow keys and unavailable nights (issue 25 item 12)', () => {
  test('the date picker’s arrow keys pass over the nights it cannot pick; the host’s calendar lands on every night', async ({
    page,
    browser,
    baseURL,
    createHome,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(40) });
    const block = await page.request.post(`/api/home/${home.id}/blocks`, {
      data: { from: isoDay(3), to: isoDay(6), note: 'Painting' },
    });
    expect(block.status(), await block.text()).toBe(201);

    const guest = await guestPage(browser, baseURL);
    try {
      await guest.goto(`/details/${home.id}?checkIn=${isoDay(0)}&checkOut=${isoDay(1)}`);
      await hydrated(guest);
      const day = (n: number) => guest.getByRole('button', { name: new RegExp(`^${longDay(isoDay(n))},`) });
      // The taken nights have loaded (until then the picker shows every night free).
      await showDay(guest, isoDay(3));
      await expect(day(3)).toHaveAttribute('aria-disabled', 'true');
      if (!(await day(2).isVisible())) await guest.getByRole('button', { name: 'Previous month' }).click();
      await day(2).focus();
      // Right from the night before the block: the three blocked nights are passed over...
      await guest.keyboard.press('ArrowRight');
      await expect(day(6)).toBeFocused();
      await expect(day(6)).toHaveAccessibleName(`${longDay(isoDay(6))}, available`);
      // ...and back again; they are still there, announced as unavailable, for a reader going through the grid.
      await guest.keyboard.press('ArrowLeft');
      await expect(day(2)).toBeFocused();
      // A week up from day 6 is in the past, as is every week before it: nothing to land on, the focus stays.
      await guest.keyboard.press('ArrowRight');
      await expect(day(6)).toBeFocused();
      await guest.keyboard.press('ArrowUp');
      await expect(day(6)).toBeFocused();
      // The passed-over nights are still in the grid, announced as unavailable (their month shown:
      // the block may start in one month and end in the next).
      if (!(await day(4).isVisible())) await guest.getByRole('button', { name: 'Previous month' }).click();
      await expect(day(4)).toHaveAccessibleName(`${longDay(isoDay(4))}, unavailable`);
      await expect(day(4)).toHaveAttribute('aria-disabled', 'true');
    } finally {
      await guest.context().close();
    }

    // The host's calendar can pick every night (a blocked one to unblock it): its arrows land on them.
    await page.goto(`/dashboard/calendar/${home.id}`);
    const night = (n: number) => page.getByRole('button', { name: new RegExp(`^${longDay(isoDay(n))},`) });
    await night(2).focus();
    await page.keyboard.press('ArrowRight');
    await expect(night(3)).toBeFocused();
    await expect(night(3)).toHaveAccessibleName(`${longDay(isoDay(3))}, blocked: Painting, $99 a night`);
  });
});
