/**
 * The booking journey in the browser (issue 5): search -> details -> Reserve ->
 * the three checkout tabs -> card payment in the sandbox -> my bookings -> Cancle.
 * Each test books its own home and dates and cancels what it booked at the end
 * (the cancelAtEnd fixture does it even when a test fails).
 */
import { TEXTS } from '../src/shared/texts';
import { DEMO, DEMO_PASSWORD, loginAs } from './support/auth-fixtures';
import { allowProblems } from './support/fixtures';
import {
  addDays,
  bookViaApi,
  CHECKOUT_TAB as TAB,
  checkoutUrl,
  expect,
  fillCard,
  listedAsFree,
  rgbOf,
  rowOf,
  tabTo,
  tableDay,
  test,
} from './support/booking-fixtures';

const describe = test.describe;

describe('checkout and my bookings', () => {
  test('a reload on the pay step keeps the step and the message to the host', async ({ page, guestStay }) => {
    const stay = await guestStay(page, 5, 33);
    await page.goto(checkoutUrl(stay));
    await page.getByRole('button', { name: TEXTS.agreeAndContinue }).click();
    await page.getByLabel(/Message to the host/).fill('We bring a small dog, if that is fine.');
    await page.getByRole('button', { name: TEXTS.continue, exact: true }).click();
    await expect(page.getByRole('tab', { name: TAB.pay })).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page.getByRole('tab', { name: TAB.pay })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: TEXTS.pay, exact: true })).toBeEnabled();
    await page.getByRole('tab', { name: TAB.guests }).click();
    await expect(page.getByLabel(/Message to the host/)).toHaveValue('We bring a small dog, if that is fine.');
  });

  test('search -> details -> Reserve -> three tabs -> pay 4242 -> my bookings -> Cancle -> the dates are free again', async ({
    page,
    pageProblems,
    guestStay,
  }) => {
    const stay = await guestStay(page, 2, 20, 3);
    const city = stay.home.location.split(',')[0]!;

    // Search the city for the dates: the home is listed, and its details keep the dates.
    await page.goto('/');
    await page.getByLabel('Location').fill(city);
    await page.getByLabel('Arrival').fill(`${stay.checkIn}T15:00`);
    await page.getByLabel('Departure').fill(stay.checkOut);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/searchresult\?/);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: stay.home.title }).click();
    await page.waitForURL(/\/details\//);
    await expect(page.getByLabel('Check-in')).toHaveValue(stay.checkIn);
    await expect(page.getByLabel('Check-out')).toHaveValue(stay.checkOut);

    await page.getByRole('link', { name: TEXTS.reserve }).click();
    await page.waitForURL(/\/chackout\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      homeId: stay.home._id,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    });

    // Tab 1 (the first tab opens): nights, dates, rules and the terms link.
    await expect(page.getByRole('tab', { name: TAB.rules })).toHaveAttribute('aria-selected', 'true');
    const rules = page.getByRole('tabpanel');
    await expect(rules.getByText(`3 nights in ${stay.home.location}`)).toBeVisible();
    await expect(rules.getByText(/after 12:00 PM/).first()).toBeVisible();
    await expect(rules.getByRole('link', { name: /terms/i })).toHaveAttribute('href', /^\/terms\?from=%2Fchackout%3F/);
    const summary = page.getByRole('complementary');
    await expect(summary.getByRole('heading', { name: stay.home.title })).toBeVisible();
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(stay.home.price * 3);
    await expect(summary.getByTestId('checkout-total')).toHaveText(total);
    await expect(summary.getByText('VAT')).toBeVisible();

    await page.getByRole('button', { name: TEXTS.agreeAndContinue }).click();
    await expect(page.getByRole('tab', { name: TAB.guests })).toHaveAttribute('aria-selected', 'true');
    const message = page.getByLabel(/Message to the host/);
    await expect(message).toHaveAttribute('cols', '50');
    await expect(message).toHaveAttribute('rows', '10');
    await message.fill('Hello! We arrive in the afternoon.');

    await page.getByRole('button', { name: TEXTS.continue, exact: true }).click();
    await expect(page.getByRole('tab', { name: TAB.pay })).toHaveAttribute('aria-selected', 'true');
    const pay = page.getByRole('button', { name: TEXTS.pay, exact: true });
    await expect(pay).toBeEnabled();
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).pressSequentially('1234');
    await expect(page.getByLabel(/Expiry/)).toHaveValue('12/34');
    await page.getByLabel('CVC').fill('123');
    await expect(page.getByLabel('Name on card')).not.toHaveValue('');
    // While the dates are held they are not listed as free.
    expect(await listedAsFree(page.request, stay)).toBe(false);
    await pay.click();

    await expect(page.getByText(TEXTS.bookingSuccess)).toBeVisible();
    await page.waitForURL(/\/dashboard\/my-booking$/);
    const row = rowOf(page, stay);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText(stay.home.location);
    await expect(row).toContainText(tableDay(stay.checkOut));
    expect(await listedAsFree(page.request, stay)).toBe(false);
    // The browser's Back reopens the checkout: it says the stay is booked, not that the dates are taken.
    await page.goBack();
    await expect(page.getByText('You already booked this stay', { exact: true })).toBeVisible();
    await expect(page.getByText('These dates cannot be booked')).toHaveCount(0);
    // The browser logs the hold's 409 already_booked answer.
    allowProblems(pageProblems, /status of 409 .*\/api\/payment-intent/);
    await page.getByRole('link', { name: 'See it in My Bookings' }).click();
    await page.waitForURL(/\/dashboard\/my-booking$/);
    // The details page shows the dates as taken and does not offer Reserve for them.
    const detailsUrl = `/details/${stay.home._id}?${new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut }).toString()}`;
    await page.goto(detailsUrl);
    await expect(page.getByText('Some of these dates are already booked. Choose other dates.')).toBeVisible();
    await expect(page.getByRole('button', { name: TEXTS.reserve })).toBeDisabled();
    await page.goto('/dashboard/my-booking');

    await row.getByRole('button', { name: TEXTS.cancelBooking }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(stay.home.title);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();
    await expect(dialog).toBeHidden();
    // A cancelled booking leaves the list (the server lists held and confirmed ones).
    await expect(row).toHaveCount(0);

    // The same dates are bookable again: the search lists the home for them.
    const search = new URLSearchParams({
      location: city,
      arrivalDate: `${stay.checkIn}T15:00`,
      departureDate: stay.checkOut,
    });
    await page.goto(`/searchresult?${search.toString()}`);
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: stay.home.title }),
    ).toBeVisible();
    expect(await listedAsFree(page.request, stay)).toBe(true);
    await page.goto(detailsUrl);
    await expect(page.getByRole('link', { name: TEXTS.reserve })).toBeVisible();
    await expect(page.getByText('Some of these dates are already booked.')).toHaveCount(0);
  });

  test('a declined card shows the provider message in red, Pay is enabled again, and another card then pays', async ({
    page,
    pageProblems,
    guestStay,
  }) => {
    const stay = await guestStay(page, 4, 25);

    // A direct link opens the checkout; the pay tab can be clicked straight away.
    await page.goto(checkoutUrl(stay));
    await page.getByRole('tab', { name: TAB.pay }).click();
    const pay = page.getByRole('button', { name: TEXTS.pay, exact: true });
    await expect(pay).toBeEnabled();
    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(error).toBeVisible();
    const [r, g, b] = await rgbOf(error);
    expect(r, `the message is red (rgb ${r}, ${g}, ${b})`).toBeGreaterThan(150);
    expect(Math.max(g, b)).toBeLessThan(80);
    await expect(pay).toBeEnabled();
    expect(page.url()).toContain('/chackout');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect(error).toBeHidden();
    await pay.click();
    await expect(page.getByText(TEXTS.bookingSuccess)).toBeVisible();
    await page.waitForURL(/\/dashboard\/my-booking$/);
    const row = rowOf(page, stay);
    await expect(row).toContainText('Confirmed');
    await row.getByRole('button', { name: TEXTS.cancelBooking }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();
    await expect(row).toHaveCount(0);
    // The browser logs the expected 402 answer of the declined card.
    allowProblems(pageProblems, /status of 402/);
  });

  test('an expired card is told which part of its expiry is in the past', async ({ page, pageProblems, guestStay }) => {
    // Last month: this year's (e.g. 10/26 in November 2026) names the month; in January it is last
    // December, whose year is the part in the past.
    const now = new Date();
    const january = now.getUTCMonth() === 0;
    const month = january ? 12 : now.getUTCMonth();
    const year = (now.getUTCFullYear() - (january ? 1 : 0)) % 100;
    const expected = january
      ? "Your card's expiration year is in the past."
      : "Your card's expiration month is in the past";
    const stay = await guestStay(page, 8, 50);
    await page.goto(checkoutUrl(stay));
    await page.getByRole('tab', { name: TAB.pay }).click();
    const pay = page.getByRole('button', { name: TEXTS.pay, exact: true });
    await expect(pay).toBeEnabled();
    await fillCard(page);
    await page.getByLabel(/Expiry/).fill(`${String(month).padStart(2, '0')}/${String(year).padStart(2, '0')}`);
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: expected })).toBeVisible();
    allowProblems(pageProblems, /status of 402/);
  });

  test('the whole guest journey with the keyboard alone', async ({ page, guestStay }) => {
    const stay = await guestStay(page, 5, 10);
    const details = `/details/${stay.home._id}?${new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut }).toString()}`;
    await page.goto(details);
    await expect(page.getByLabel('Check-in')).toHaveValue(stay.checkIn);

    await tabTo(page, page.getByRole('link', { name: TEXTS.reserve }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chackout\?/);

    // The tabs: arrow keys move between them (and select), Tab enters the panel.
    const rulesTab = page.getByRole('tab', { name: TAB.rules });
    await tabTo(page, rulesTab);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: TAB.guests })).toBeFocused();
    await expect(page.getByRole('tab', { name: TAB.guests })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(rulesTab).toBeFocused();
    await expect(rulesTab).toHaveAttribute('aria-selected', 'true');

    await tabTo(page, page.getByRole('button', { name: TEXTS.agreeAndContinue }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: TAB.guests })).toHaveAttribute('aria-selected', 'true');
    // The button is gone: the focus moves to the new panel's heading (a frame later), Tab goes on from there.
    await expect(page.getByRole('heading', { name: 'Who is coming?' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/Message to the host/)).toBeFocused();
    await page.keyboard.type('Keyboard only, thank you.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: TEXTS.continue, exact: true })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('tab', { name: TAB.pay })).toHaveAttribute('aria-selected', 'true');

    await tabTo(page, page.getByLabel('Card number'));
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/Expiry/)).toBeFocused();
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Name on card')).toBeFocused();
    const pay = page.getByRole('button', { name: TEXTS.pay, exact: true });
    await expect(pay).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(pay).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText(TEXTS.bookingSuccess)).toBeVisible();
    await page.waitForURL(/\/dashboard\/my-booking$/);
    const row = rowOf(page, stay);
    await expect(row).toContainText('Confirmed');

    // Cancle opens the dialog; Escape closes it and the focus returns to Cancle.
    const cancle = row.getByRole('button', { name: TEXTS.cancelBooking });
    await tabTo(page, cancle);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancle).toBeFocused();

    // Again, and this time Yes; the focus stays inside the dialog while it is open.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const yes = dialog.getByRole('button', { name: 'Yes' });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await tabTo(page, yes);
    await page.keyboard.press('Enter');
    await expect(page.getByText(TEXTS.guestBookingCancelled)).toBeVisible();
    await expect(row).toHaveCount(0);
    // The row (and its Cancle) is gone: the focus continues at the screen's heading.
    await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeFocused();
  });

  test('dates already booked cannot be paid again: the server message and a way back to the home', async ({
    page,
    pageProblems,
    guestStay,
  }) => {
    const stay = await guestStay(page, 7, 12);
    await bookViaApi(page.request, stay);

    // Other dates over the booked nights (the very same stay says "You already booked this stay").
    await page.goto(checkoutUrl({ ...stay, checkOut: addDays(stay.checkOut, 1) }));
    const problem = page.getByRole('alert').filter({ hasText: 'These dates are no longer available' });
    await expect(problem).toBeVisible();
    await page.getByRole('tab', { name: TAB.pay }).click();
    await expect(page.getByRole('button', { name: TEXTS.pay, exact: true })).toHaveCount(0);
    await page.getByRole('tabpanel').getByRole('link', { name: 'Back to the home' }).click();
    await page.waitForURL(new RegExp(`/details/${stay.home._id}\\?`));
    allowProblems(pageProblems, /status of 409/);
  });

  test('a third reservation in progress is refused with a way to My Bookings', async ({
    page,
    pageProblems,
    stayFor,
    cancelAtEnd,
  }) => {
    await loginAs(page, DEMO.guest);
    const stays = [await stayFor(page, 14, 30), await stayFor(page, 15, 30), await stayFor(page, 16, 30)];
    for (const stay of stays) await cancelAtEnd(page, stay.home._id);
    // Two reservations in progress whose pages are gone without saying so (leaving a checkout releases its hold).
    for (const stay of stays.slice(0, 2)) {
      const res = await page.request.post('/api/payment-intent', {
        data: { homeId: stay.home._id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto(checkoutUrl(stays[2]!));
    const problem = page.getByRole('alert').filter({ hasText: 'You have other reservations in progress' });
    await expect(problem).toBeVisible();
    await problem.getByRole('link', { name: 'Go to My Bookings' }).click();
    await page.waitForURL(/\/dashboard\/my-booking$/);
    allowProblems(pageProblems, /status of 429/);
  });

  test('a checkout link without a valid home or dates says so and links to all homes', async ({ page }) => {
    await loginAs(page, DEMO.guest);
    await page.goto('/chackout');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/cannot be opened/);
    await expect(page.getByRole('link', { name: 'Browse all homes' })).toHaveAttribute('href', '/all-home');
    await page.goto('/chackout?homeId=x&checkIn=2026-05-04&checkOut=2026-05-01');
    await expect(page.getByText(/check-out date must be after/i)).toBeVisible();
  });

  test('/chackout asks a visitor to sign in first and comes back to the same stay', async ({
    page,
    stayFor,
    cancelAtEnd,
  }) => {
    const stay = await stayFor(page, 8, 10);
    await page.goto(checkoutUrl(stay));
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.guest);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/chackout\?/);
    await cancelAtEnd(page, stay.home._id); // the checkout holds the dates
    expect(new URL(page.url()).searchParams.get('homeId')).toBe(stay.home._id);
    await expect(page.getByRole('complementary').getByRole('heading', { name: stay.home.title })).toBeVisible();
  });
});
