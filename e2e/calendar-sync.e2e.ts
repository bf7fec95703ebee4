/**
 * Issue 11's calendar sync in the browser: the host copies the home's iCal link (which serves
 * the nights blocked on StayHub) and replaces it; a calendar served by a local feed server is
 * imported and blocks nights after "Sync now", keyboard only. The panel sits on the host's
 * calendar screen (/dashboard/calendar/:id). Screens at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { DEMO, loginAs } from './support/auth-fixtures';
import { tabTo } from './support/booking-fixtures';
import { SHOTS, expect, test } from './support/calendar-fixtures';
import { expectAccessible } from './support/fixtures';
import { isoDay } from './support/hosting-fixtures';

mkdirSync(SHOTS, { recursive: true });

const icsDay = (iso: string) => iso.replaceAll('-', '');
function feed(...stays: [string, string][]) {
  const events = stays.map(
    ([from, to], i) =>
      `BEGIN:VEVENT\r\nUID:e2e-${i}@other.example\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:${icsDay(from)}\r\nDTEND;VALUE=DATE:${icsDay(to)}\r\nSUMMARY:Booked elsewhere\r\nEND:VEVENT\r\n`,
  );
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
}

test('the export link serves the blocked nights; a new link makes the old one 404', async ({
  page,
  context,
  createHome,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60) });
  const block = await page.request.post(`/api/home/${home.id}/blocks`, {
    data: { from: isoDay(10), to: isoDay(13), note: 'Painting' },
  });
  expect(block.status(), await block.text()).toBe(201);

  await page.goto('/dashboard/manage-home');
  await page.getByRole('row').filter({ hasText: home.title }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Calendar sync' })).toBeVisible();
  const link = page.getByLabel('Calendar link (iCal)');
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await link.inputValue());

  const ics = await page.request.get(url);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await ics.text();
  expect(text).toContain(`DTSTART;VALUE=DATE:${icsDay(isoDay(10))}\r\nDTEND;VALUE=DATE:${icsDay(isoDay(13))}`);
  expect(text).toContain('SUMMARY:Reserved');
  expect(text).not.toContain('Painting');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/calendar-sync-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Get a new link' }).click();
  await page.getByRole('button', { name: 'Yes, get a new link' }).click();
  await expect(page.getByText('A new link is ready.')).toBeVisible();
  await expect(link).not.toHaveValue(url);
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(await link.inputValue())).status()).toBe(200);
});

test('an imported calendar from a local feed blocks nights after "Sync now", keyboard only', async ({
  page,
  createHome,
  feeds,
}) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { from: isoDay(0), to: isoDay(60) });
  feeds.set('/other.ics', { body: feed([isoDay(20), isoDay(23)]), etag: '"v1"' });
  await page.goto(`/dashboard/calendar/${home.id}`);
  await expect(page.getByText('No calendars imported yet.')).toBeVisible();

  await tabTo(page, page.getByLabel('Name'));
  await page.keyboard.type('Other channel');
  await page.keyboard.press('Tab');
  await page.keyboard.type(feeds.url('/other.ics'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Other channel was added and synced: 1 night range blocked.')).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Other channel' }) });
  await expect(item).toContainText('1 night range');
  await expect(item).not.toContainText('Not synced yet');
  // The form is empty again for the next calendar.
  await expect(page.getByLabel('Name')).toHaveValue('');

  const unavailable = async () =>
    (
      (await (await page.request.get(`/api/home/${home.id}/unavailable`)).json()) as { ranges: { from: string }[] }
    ).ranges.map((r) => r.from);
  expect(await unavailable()).toContain(isoDay(20));
  // The calendar around the panel shows the imported nights.
  await expect(page.getByLabel(/blocked by the imported calendar Other channel/).first()).toBeVisible();

  // The other site gets a second booking; "Sync now" shows its progress, then blocks it too.
  feeds.set('/other.ics', {
    body: feed([isoDay(20), isoDay(23)], [isoDay(30), isoDay(32)]),
    etag: '"v2"',
    delayMs: 1_000,
  });
  const syncNow = item.getByRole('button', { name: 'Sync now' });
  await tabTo(page, syncNow, { shift: true });
  await page.keyboard.press('Enter');
  await expect(item.getByRole('button', { name: 'Syncing…' })).toBeVisible();
  await expect(item.getByRole('progressbar', { name: 'Syncing Other channel' })).toBeVisible();
  await expect(page.getByText('Other channel synced: 2 night ranges blocked.')).toBeVisible();
  expect(await unavailable()).toEqual(expect.arrayContaining([isoDay(20), isoDay(30)]));
  await page.screenshot({ path: `${SHOTS}/calendar-sync-imported-1280.png`, fullPage: true });
  await expectAccessible(page, 'calendar sync with an import');

  // A failing feed says why on its row and keeps what it blocked.
  feeds.set('/other.ics', { status: 500, body: 'down' });
  await syncNow.focus();
  await page.keyboard.press('Enter');
  await expect(item).toContainText('Last sync failed:');
  await expect(item).toContainText('500');
  // The time shown is the failed attempt's, said so.
  await expect(item).toContainText(/Last tried.*\(failed\)/);
  await expect(item).toContainText('2 night ranges');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/calendar-sync-imported-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing it frees the nights.
  await tabTo(page, item.getByRole('button', { name: 'Remove' }));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Yes, remove Other channel' }).press('Enter');
  await expect(page.getByText('No calendars imported yet.')).toBeVisible();
  expect(await unavailable()).toEqual([]);
});
