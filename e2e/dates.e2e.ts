/**
 * Messages that name a home's availability window read its dates as the rest of the
 * UI does ("Dec 3, 2026"), never as ISO dates ("2026-12-03").
 */
import { formatDay } from '../src/shared/dates';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { allowProblems } from './support/fixtures';
import { expect, isoDay, test } from './support/hosting-fixtures';

test('a stay outside the window is refused with the window in readable dates (checkout and API)', async ({
  page,
  createHome,
  pageProblems,
}) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(20), to: isoDay(40) });
  await forgetSession(page);
  await loginAs(page, DEMO.guest);
  const window = `${formatDay(home.from)} to ${formatDay(home.to)}`;

  // The checkout, opened with dates before the window.
  const stay = new URLSearchParams({ homeId: home.id, checkIn: isoDay(2), checkOut: isoDay(4), guests: '1' });
  await page.goto(`/chackout?${stay.toString()}`);
  await expect(
    page.getByText(`This home can be booked from ${window}. Choose dates inside that window.`),
  ).toBeVisible();
  await expect(page.getByText(home.from)).toHaveCount(0);

  // The API says the same.
  const res = await page.request.post('/api/payment-intent', {
    data: { homeId: home.id, checkIn: isoDay(2), checkOut: isoDay(4), guests: 1 },
  });
  expect(res.status()).toBe(400);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error).toEqual({ code: 'dates_outside_window', message: `This home can be booked from ${window}` });
  allowProblems(pageProblems, /status of 400/);
});
