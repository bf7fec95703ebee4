/**
 * Issue 27 in the browser: a host sets a weekend price in the edit form and a high-season price
 * on the calendar (select nights, Set price), and sees each night's price there; the period is
 * listed, survives a reload, and can be removed; a named period ("High season") is named in a
 * guest's price breakdown at checkout (D130). Screens of both at 1280 and 390 px go to
 * /work/notes/screens/host-ui/ (E2E_SHOTS overrides).
 */
import { mkdirSync } from 'node:fs';
import { mergeTests, type Page } from '@playwright/test';
import { longDay } from '../src/client/components/ui/calendar-dates';
import { formatDay } from '../src/shared/dates';
import { addDays, dayNumber } from '../src/shared/stay';
import { TEXTS } from '../src/shared/texts';
import { expectAccessible } from './support/fixtures';
import { DEMO, loginAs } from './support/auth-fixtures';
import { test as bookingTest } from './support/booking-fixtures';
import { expect, isoDay, test as hostingTest } from './support/hosting-fixtures';

const test = mergeTests(hostingTest, bookingTest);

const SHOTS = process.env.E2E_SHOTS ?? '/work/notes/screens/host-ui';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** The first night on or after `from` with the weekday `day` (0 Sunday ... 6 Saturday). */
function next(from: string, day: number): string {
  const weekday = (((dayNumber(from)! + 4) % 7) + 7) % 7;
  return addDays(from, (day - weekday + 7) % 7);
}

const night = (page: Page, date: string) => page.getByRole('button', { name: new RegExp(`^${longDay(date)},`) });

test('a host sets a weekend price and a high-season period and sees the nightly prices', async ({
  page,
  createHome,
}) => {
  // Two screens, a reload and many price checks: longer than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60), price: 99 });

  // The edit form: the weekend price and, on the way, the booking section.
  await page.goto(`/dashboard/updateHomeForm/${home.id}`);
  const pricing = page.getByRole('group', { name: 'Pricing' });
  await expect(pricing.getByLabel('Weekend price (USD)')).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Instant book' })).toBeChecked();
  await expectAccessible(page, 'edit form with pricing');
  await page.getByRole('group', { name: 'Pricing' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/edit-form-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/edit-form-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // An error first, in words, beside the field.
  await pricing.getByLabel('Weekend price (USD)').fill('-5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(pricing.getByText('Weekend price must be more than 0')).toBeVisible();
  await expect(pricing.getByLabel('Weekend price (USD)')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/edit-form-error-1280.png`, fullPage: false });
  await pricing.getByLabel('Weekend price (USD)').fill('150');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(TEXTS.homeUpdated)).toBeVisible();
  await page.waitForURL('**/dashboard/manage-home');
  // Saved: the form shows it on reload.
  await page.goto(`/dashboard/updateHomeForm/${home.id}`);
  await expect(page.getByLabel('Weekend price (USD)')).toHaveValue('150');

  // The calendar: a weekday at the base price, Friday and Saturday at the weekend price.
  await page.goto(`/dashboard/calendar/${home.id}`);
  await expect(page.getByRole('grid')).toHaveCount(2);
  const friday = next(isoDay(2), 5);
  const tuesday = next(isoDay(2), 2);
  await expect(night(page, tuesday)).toHaveAccessibleName(`${longDay(tuesday)}, available, $99 a night`);
  await expect(night(page, friday)).toHaveAccessibleName(`${longDay(friday)}, available, $150 a night (weekend price)`);
  await expect(night(page, addDays(friday, 1))).toHaveAccessibleName(/\$150 a night \(weekend price\)$/);
  await expect(night(page, friday)).toContainText('$150');

  // High season: the week from the next Monday, picked by keyboard, priced at $220 a night.
  const first = next(isoDay(3), 1);
  const last = addDays(first, 6);
  await night(page, first).focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(night(page, last)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Selected: .*\(7 nights\)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block 7 nights' })).toBeVisible();
  await page.getByRole('button', { name: 'Set price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a price' });
  await expect(dialog.getByLabel('Nightly price (USD)')).toBeFocused();
  await expectAccessible(page, 'set price dialog');
  await page.keyboard.type('220');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  for (let d = first; d <= last; d = addDays(d, 1)) {
    await expect(night(page, d)).toHaveAccessibleName(`${longDay(d)}, available, $220 a night (price period)`);
  }
  await expect(night(page, first)).toContainText('$220');
  await expect(night(page, addDays(last, 1))).toHaveAccessibleName(/, \$(99|150) a night/);
  // The keyboard goes on from the calendar.
  await expect(page.locator('button[data-date]:focus')).toHaveCount(1);
  const periods = page.getByRole('region', { name: 'Price periods' });
  const listed = `Nights of ${formatDay(first)} – ${formatDay(last)}: $220.00 a night`;
  await expect(periods.getByRole('listitem')).toHaveText(new RegExp(`^${escape(listed)}`));
  await expectAccessible(page, 'host calendar with prices');
  await page.screenshot({ path: `${SHOTS}/calendar-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('grid')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/calendar-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Saved: still there after a reload; then removed, the nights are back at the base and weekend prices.
  await page.reload();
  await expect(night(page, first)).toHaveAccessibleName(/\$220 a night \(price period\)$/);
  await periods.getByRole('button', { name: /^Remove the price of nights of / }).click();
  await expect(periods.getByText(/None yet/)).toBeVisible();
  await expect(night(page, first)).toHaveAccessibleName(`${longDay(first)}, available, $99 a night`);
  await expect(night(page, next(first, 5))).toHaveAccessibleName(/\$150 a night \(weekend price\)$/);
});

test('a host names a period "High season" on the calendar and a guest sees the name in the checkout breakdown', async ({
  page,
  browser,
  createHome,
  cancelAtEnd,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60), price: 99 });

  // Three weekday nights from the Monday after next, at $180 a night, named.
  const first = next(isoDay(8), 1);
  const last = addDays(first, 2);
  await page.goto(`/dashboard/calendar/${home.id}`);
  await night(page, first).click();
  await night(page, last).click();
  await expect(page.getByRole('heading', { name: /Selected: .*\(3 nights\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Set price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a price' });
  await dialog.getByLabel('Nightly price (USD)').fill('180');
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('High season');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toBeHidden();
  await expect(night(page, first)).toHaveAccessibleName(`${longDay(first)}, available, $180 a night (High season)`);

  // The guest checks out those three nights and one after them, in a session of their own.
  const guest = await (await browser.newContext()).newPage();
  await loginAs(guest, DEMO.guest);
  await cancelAtEnd(guest, home.id);
  const checkOut = addDays(last, 2);
  await guest.goto(`/details/${home.id}?${new URLSearchParams({ checkIn: first, checkOut }).toString()}`);
  await guest.getByRole('link', { name: TEXTS.reserve }).click();
  await guest.waitForURL(/\/chackout\?/);
  const summary = guest.getByRole('complementary');
  await expect(summary.getByText('$180.00 × 3 nights (High season)')).toBeVisible();
  await expect(summary.getByText('$99.00 × 1 night', { exact: false })).toBeVisible();
  await expect(summary.getByTestId('checkout-total')).toHaveText('$639.00');
  await guest.context().close();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');
