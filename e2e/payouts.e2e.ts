/**
 * Issue 28 in the browser ("Done when"): a host connects a test-mode payout account on the Payouts
 * screen (the sandbox's local onboarding page), a stay's check-in passes, and the payout shows in the
 * host's payout history and in the admin's Finance screen with the amounts the receipt's split shows.
 *
 * No clock is moved: this spec runs its own server with PAYOUT_DELAY_HOURS=0 and the payout job every
 * second, and the host's home is put in a fixed-offset zone where it is now afternoon, so a stay that
 * checks in today (the earliest a home allows) has passed its check-in (12:00 there) when it is booked.
 * A service fee and a tax make the host's share differ from what the guest paid. The server is fresh:
 * the host's first payout is the demo's past stays (paid before this spec began, in the ledger), and
 * the second is this stay's share.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { formatCents } from '../src/shared/money';
import { hostPayoutsSchema, type HostPayouts } from '../src/shared/schemas/payouts';
import { homeToday } from '../src/shared/time-zones';
import { DEMO, loginAs } from './support/auth-fixtures';
import { addDays, bookViaApi } from './support/booking-fixtures';
import { expect, hydrated, test as base } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

const test = base.extend<object, { payoutServer: RunningServer }>({
  payoutServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
    async ({}, use) => {
      const server = await startServer({
        PAYOUT_DELAY_HOURS: '0',
        PAYOUT_INTERVAL_MS: '1000',
        SERVICE_FEE_PERCENT: '10',
        TAX_PERCENT: '5',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ payoutServer }, use) => {
    await use(payoutServer.url);
  },
});

/**
 * A fixed-offset zone where it is now between 14:00 and 18:59 on today's UTC date, so check-in today
 * (12:00 there) has passed and the home's today is the UTC date. Etc/GMT-N is N hours AHEAD of UTC.
 */
function afternoonZone(now: Date): string {
  const offset = Math.min(14, 17 - now.getUTCHours());
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * A page in a context of its own (the host and the admin beside the guest's `page`), whose console
 * errors and page errors fail the test as the `page` fixture's do.
 */
async function signedOutPage(browser: Browser, baseURL: string, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  context.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  context.on('weberror', (err) => problems.push(`page error: ${err.error().message}`));
  return context.newPage();
}

/** GET /api/host/payouts as the page's signed-in host. */
const payoutsOf = async (page: Page): Promise<HostPayouts> =>
  hostPayoutsSchema.parse(await (await page.request.get('/api/host/payouts')).json());

/** The <dd> beside a <dt> with this text (the receipt's rows). */
const rowValue = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

test('a host connects a test account, a stay checks in, and the payout shows for the host and in Finance with the receipt’s amounts', async ({
  page,
  browser,
  baseURL,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  const timeZone = afternoonZone(new Date());
  const checkIn = homeToday(new Date(), timeZone);
  const title = `Payout loft ${Date.now().toString(36)}`;

  // The host connects a sandbox account through the Payouts screen and its onboarding page.
  const host = await signedOutPage(browser, baseURL!, pageProblems);
  await loginAs(host, DEMO.host);
  await host.goto('/dashboard/payouts');
  await hydrated(host);
  const history = host.getByRole('region', { name: 'Payout history' });
  await expect(history.getByText('No payouts yet.', { exact: false })).toBeVisible();
  await host.getByRole('button', { name: 'Connect payout account' }).click();
  await host.waitForURL(/\/api\/payouts\/sandbox\/onboarding\//);
  await expect(host.getByRole('heading', { name: 'Connect your payout account' })).toBeVisible();
  await host.getByLabel('Account holder name').fill('Marta Costa');
  await expect(host.getByLabel('Account number')).toHaveValue('000123456789');
  await host.getByRole('button', { name: 'Save and return to StayHub' }).click();
  await host.waitForURL(/\/dashboard\/payouts\?onboarding=done$/);
  await expect(host.getByText('Enabled: payouts go to your account.')).toBeVisible();
  await expect(host.getByRole('button', { name: 'Manage test account' })).toBeVisible();

  // The demo's past stays, long checked in, go out at the job's next pass: one payout of them all.
  const payouts = history.locator('[data-payout-id]');
  await expect(async () => {
    await host.reload();
    await expect(payouts).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const pastStays = (await payoutsOf(host)).history[0]!;
  expect(pastStays.lines.length).toBeGreaterThanOrEqual(2);
  await expect(payouts.getByRole('listitem')).toHaveCount(pastStays.lines.length);

  // The host's home, in a zone where today's check-in time has passed.
  const created = await host.request.post('/api/homes', {
    data: {
      location: 'Lisbon, Portugal',
      title,
      from: checkIn,
      to: addDays(checkIn, 30),
      price: 120,
      total_guest: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: 'Made by the payouts browser test.',
      timeZone,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const homeId = ((await created.json()) as { insertedId: string }).insertedId;
  const home = await (await host.request.get(`/api/home/${homeId}`)).json();
  expect(home.timeZone).toBe(timeZone);

  // The guest books two nights from today and pays with the sandbox card.
  await loginAs(page, DEMO.guest);
  const bookingId = await bookViaApi(page.request, { home, checkIn, checkOut: addDays(checkIn, 2), guests: 1 });
  await page.goto(`/dashboard/receipt/${bookingId}`);
  const split = page.getByRole('region', { name: 'Where the money goes' });
  const hostPayout = (await split.getByTestId('receipt-host-payout').textContent())!;
  const paid = (await rowValue(split, 'Paid by the guest').textContent())!;
  const fee = (await rowValue(split, 'Service fee \\(StayHub\\)').textContent())!;
  const tax = (await rowValue(split, 'Tax').textContent())!;
  // The split is what the fee and tax settings make it: the host gets less than the guest paid.
  expect(hostPayout).not.toBe(paid);
  expect(fee).not.toBe(formatCents(0));
  expect(tax).not.toBe(formatCents(0));

  // The payout job pays the host within seconds; the host's history shows it, newest first, with the stay.
  await expect(async () => {
    await host.reload();
    await expect(payouts).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const payout = payouts.first();
  await expect(payout.locator('p').first()).toContainText('Paid');
  await expect(payout.locator('p').first()).toContainText(hostPayout);
  await expect(payout.getByRole('listitem')).toHaveCount(1);
  await expect(payout.getByRole('listitem')).toContainText(title);
  await expect(payout.getByRole('listitem')).toContainText(hostPayout);
  const paidInAll = (await payoutsOf(host)).balance.paidCents;
  expect(formatCents(paidInAll - pastStays.amountCents)).toBe(hostPayout);
  await expect(host.getByRole('term').filter({ hasText: /^Paid/ }).locator('xpath=..').locator('dd')).toHaveText(
    formatCents(paidInAll),
  );

  // The admin's Finance screen: the same amounts for this month, and the booking's ledger lines.
  const admin = await signedOutPage(browser, baseURL!, pageProblems);
  await loginAs(admin, DEMO.admin);
  await admin.goto('/dashboard/finance');
  await hydrated(admin);
  await expect(admin.locator('[data-figure="grossBookingsCents"]')).toHaveText(paid);
  await expect(admin.locator('[data-figure="platformFeesCents"]')).toHaveText(fee);
  await expect(admin.locator('[data-figure="taxesCollectedCents"]')).toHaveText(tax);
  await expect(admin.locator('[data-figure="payoutsMadeCents"]')).toHaveText(formatCents(paidInAll));
  await expect(admin.locator('[data-figure="payoutsFailedCents"]')).toHaveText(formatCents(0));
  await expect(admin.locator('[data-figure="transferReversalsCents"]')).toHaveText(formatCents(0));
  await expect(admin.locator('[data-figure="heldForHostsCents"]')).toHaveText(formatCents(0));
  await admin.getByLabel('Booking id').fill(bookingId);
  await admin.getByRole('button', { name: 'Show lines' }).click();
  // The transfer is posted per payout, not per booking (ADR 0055): the booking's lines show its
  // share becoming payable to the host, the amount the payout above carried.
  const lines = admin.getByRole('region', { name: "The booking's ledger lines" }).getByRole('row');
  const payable = lines.filter({ hasText: 'Host share payable' }).filter({ hasText: 'host_payable' });
  await expect(payable).toHaveCount(1);
  await expect(payable).toContainText(hostPayout);
  await expect(lines.filter({ hasText: 'Charge' }).filter({ hasText: 'platform_cash' })).toContainText(paid);

  await host.context().close();
  await admin.context().close();
});
