/**
 * Issue 12, "Cancellation policy and price", in the browser: a host's moderate
 * home with a cleaning fee; the guest sees the server's lines and the policy on
 * the details page and in the checkout, pays the total shown, gets a mail with
 * the same lines and total as the charge, cancels 3 days before check-in with
 * the keyboard (no refund under moderate, as the dialog said), and finds the
 * booking in History with a printable receipt. Screens at 390 px and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { mergeTests, type Browser, type Page, type Response } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, tabTo, test as bookingTest, bookViaApi } from './support/booking-fixtures';
import { expectAccessible } from './support/fixtures';
import { isoDay, test as hostingTest, type CreatedHome } from './support/hosting-fixtures';
import { readMails } from './support/identity-services';

const test = mergeTests(bookingTest, hostingTest);
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/pricing-shots';

// $80.50 x 2 nights + $19.99 cleaning fee (the e2e server charges no service fee or tax).
const LINES = ['$80.50 × 2 nights: $161.00', 'Cleaning fee: $19.99', 'VAT: $0.00', 'Total paid: $180.99'];

/** The decoded mails to `to` (utf-8: the breakdown's "×" is not ASCII). */
const mailsTo = (to: string) =>
  readMails(process.env.E2E_MAIL_DIR!, to).map((m) => Buffer.from(m, 'latin1').toString('utf8').replace(/\r\n/g, '\n'));

/** A moderate home of the demo host, made in a session of its own (cleaned up by the hosting fixtures). */
async function moderateHome(browser: Browser, createHome: (p: Page, o: object) => Promise<CreatedHome>) {
  const hostPage = await (await browser.newContext()).newPage();
  await loginAs(hostPage, DEMO.host);
  const home = await createHome(hostPage, {
    title: `Moderate cabin ${Date.now().toString(36)}`,
    price: 80.5,
    cleaningFee: 19.99,
    cancellationPolicy: 'moderate',
    from: isoDay(0),
    to: isoDay(30),
  });
  return home;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Nothing sideways at this width: the page is no wider than the window.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a moderate home: the price shown is the price charged and mailed; cancelling 3 days before check-in refunds nothing, as the dialog said', async ({
  page,
  browser,
  createHome,
  cancelAtEnd,
}) => {
  test.setTimeout(120_000);
  const home = await moderateHome(browser, createHome);
  await loginAs(page, DEMO.guest);
  await cancelAtEnd(page, home.id);
  const checkIn = isoDay(3);
  const checkOut = isoDay(5);

  // Details: the policy and the server's lines.
  await page.goto(`/details/${home.id}?${new URLSearchParams({ checkIn, checkOut }).toString()}`);
  await expect(page.getByRole('heading', { name: 'Cancellation policy: Moderate' })).toBeVisible();
  await expect(page.getByText('Full refund if you cancel at least 5 days before check-in').first()).toBeVisible();
  await expect(page.getByTestId('widget-total')).toHaveText('$180.99');
  const widget = page.getByRole('complementary');
  await expect(widget.locator('[data-price-line="cleaning"]')).toHaveText('Cleaning fee$19.99');
  await expect(widget.locator('[data-price-line="vat"]')).toHaveText('VAT$0.00');

  // Checkout: the same lines and policy before paying; the hold is for exactly that total.
  const intent = page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/payment-intent') && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: TEXTS.reserve }).click();
  await page.waitForURL(/\/chackout\?/);
  const summary = page.getByRole('complementary');
  await expect(summary.getByTestId('checkout-total')).toHaveText('$180.99');
  await expect(summary.locator('[data-price-line="nights"]')).toHaveText('$80.50 × 2 nights$161.00');
  await expect(summary.getByRole('heading', { name: 'Cancellation policy: Moderate' })).toBeVisible();
  const charged = (await (await intent).json()) as { amount: number; bookingId: string };
  expect(charged.amount).toBe(180.99);

  await page.getByRole('button', { name: TEXTS.agreeAndContinue }).click();
  await page.getByRole('button', { name: TEXTS.continue, exact: true }).click();
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel(/Expiry/).pressSequentially('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: TEXTS.pay, exact: true }).click();
  await page.waitForURL(/\/dashboard\/my-booking$/);

  // The mail: the same lines, and its total is the amount charged.
  const confirmation = () =>
    mailsTo(DEMO.guest).find((m) => m.includes(charged.bookingId) && m.includes('Your stay is confirmed.'));
  await expect.poll(confirmation, { timeout: 15_000 }).toBeTruthy();
  expect(confirmation()).toContain(LINES.join('\n'));
  expect(confirmation()).toContain('Cancellation policy: Moderate.');

  // Cancel with the keyboard only: the dialog names the refund before Yes.
  const row = page.getByRole('row').filter({ hasText: home.title });
  await expect(row).toContainText('Cleaning fee $19.99');
  const cancel = row.getByRole('button', { name: TEXTS.cancelBooking });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('refund-amount')).toHaveText(
    'No refund under the Moderate cancellation policy: the $180.99 paid is not refunded.',
  );
  await tabTo(page, dialog.getByRole('button', { name: 'Yes' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();
  await expect(row).toHaveCount(0);
  const cancelled = () => mailsTo(DEMO.guest).find((m) => m.includes(charged.bookingId) && m.includes('was cancelled'));
  await expect.poll(cancelled, { timeout: 15_000 }).toBeTruthy();
  expect(cancelled()).toContain('No refund under the Moderate cancellation policy: you paid $180.99.');

  // History keeps it, with the refund made; its receipt prints alone.
  await page.goto('/dashboard/history');
  const past = page.getByRole('row').filter({ hasText: home.title });
  await expect(past).toContainText('Cancelled');
  await expect(past).toContainText('$180.99');
  await expect(past).toContainText('$0.00');
  await tabTo(page, past.getByRole('link', { name: 'Receipt' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/receipt\//);
  await expect(page.getByTestId('receipt-total')).toHaveText('$180.99');
  await expect(page.getByTestId('receipt-refund')).toHaveText('$0.00');
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await tabTo(page, page.getByRole('button', { name: 'Print' }));
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Print preview: only the receipt, without the site's header or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  // Hidden from print (and so from the accessibility tree): found by its tag.
  expect(
    await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).visibility),
  ).toBe('hidden');
  await expect(page.getByTestId('receipt-total')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/receipt-print-1280.png`, fullPage: true });
  await page.pdf({ path: `${SHOTS}/receipt.pdf`, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
});

for (const width of [390, 1280]) {
  test(`pricing screens at ${width} px: details, checkout, cancel dialog, history and receipt fit and pass axe`, async ({
    page,
    browser,
    createHome,
    cancelAtEnd,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const home = await moderateHome(browser, createHome);
    await loginAs(page, DEMO.guest);
    await cancelAtEnd(page, home.id);
    const stay = { home: { ...home, _id: home.id }, checkIn: isoDay(10), checkOut: isoDay(12), guests: 1 };

    await page.goto(`/details/${home.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    await expect(page.getByTestId('widget-total')).toHaveText('$180.99');
    await shot(page, `details-${width}`);
    await expectAccessible(page, `details at ${width}`);

    await page.getByRole('link', { name: TEXTS.reserve }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText('$180.99');
    await shot(page, `checkout-${width}`);
    await expectAccessible(page, `checkout at ${width}`);
    await page.goto('/dashboard');

    const bookingId = await bookViaApi(page.request, stay);
    await page.goto('/dashboard/my-booking');
    const row = page.locator(`[data-booking-id="${bookingId}"]`);
    await row.getByRole('button', { name: TEXTS.cancelBooking }).click();
    // 10 days ahead under moderate: a full refund.
    await expect(page.getByTestId('refund-amount')).toHaveText('The payment of $180.99 is refunded to your card.');
    await shot(page, `cancel-dialog-${width}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();

    await page.goto('/dashboard/history');
    await expect(page.locator(`[data-booking-id="${bookingId}"]`)).toContainText('$180.99');
    await shot(page, `history-${width}`);
    await expectAccessible(page, `history at ${width}`);

    await page.goto(`/dashboard/receipt/${bookingId}`);
    await expect(page.getByTestId('receipt-refund')).toHaveText('$180.99');
    await shot(page, `receipt-${width}`);
    await expectAccessible(page, `receipt at ${width}`);
  });
}
