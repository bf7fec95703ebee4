/**
 * Issue 25's screen fixes (items 10, 13, 14, 19) in the browser: the details page's photo gallery,
 * the host's Reservations at 1440 px, the unread count on the closed phone menu, and the cosmetic
 * ones (the sidebar email, the edit-window conflict message, the edit form's upload button, the
 * calendar sync notices, a blocked range's wording). Screens at 390 px and 1440 px in SHOTS.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { longDay } from '../src/client/components/ui/calendar-dates';
import { formatDay } from '../src/shared/dates';
import { TEXTS } from '../src/shared/texts';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { tabTo } from './support/booking-fixtures';
import { expect, test } from './support/calendar-fixtures';
import { allowProblems, expectAccessible } from './support/fixtures';
import { isoDay, uniqueTitle } from './support/hosting-fixtures';

const SHOTS = '/tmp/shots-screens';
mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  for (const viewport of [PHONE, WIDE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage });
  }
}

/** Uploads `count` distinct pictures as the page's user (one at a time: the upload limit allows 2 at once). */
async function uploadPictures(page: Page, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = { r: (40 * i) % 256, g: 120, b: 255 - ((30 * i) % 256) };
    const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
      .png()
      .toBuffer();
    const res = await page.request.post('/api/uploads', {
      multipart: { image: { name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
    urls.push(((await res.json()) as { data: { display_url: string } }).data.display_url);
  }
  return urls;
}

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, email);
  return { context, page };
}

test.describe('issue 25 screens', () => {
  test('item 10: "Show all photos" opens a keyboard gallery of every picture, loaded on demand', async ({
    page,
    createHome,
  }) => {
    await loginAs(page, DEMO.host);
    const images = await uploadPictures(page, 7);
    const home = await createHome(page, { title: uniqueTitle('E2E Gallery'), images });
    await forgetSession(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.setViewportSize(WIDE);
    await page.goto(`/details/${home.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: home.title })).toBeVisible();
    // The first view is still the spec's two pictures.
    await expect(main.getByRole('img', { name: new RegExp(`^${home.title}`) })).toHaveCount(2);
    const showAll = main.getByRole('button', { name: 'Show all 7 photos' });
    await expect(showAll).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => url.includes('photo-gallery'))).toEqual([]);
    await shoot(page, 'details-show-all', { fullPage: false });
    await page.setViewportSize(WIDE);

    await showAll.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Photos of ${home.title}` });
    await expect(dialog).toBeVisible();
    expect(scripts.some((url) => url.includes('photo-gallery'))).toBe(true);
    const photo = (n: number) => dialog.getByRole('img', { name: `${home.title}, photo ${n} of 7` });
    await expect(dialog.getByText('Photo 1 of 7', { exact: true })).toBeVisible();
    await expect(photo(1)).toHaveAttribute('loading', 'lazy');
    await expect(photo(1)).toHaveAttribute('src', images[0]!);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('Photo 3 of 7', { exact: true })).toBeVisible();
    await expect(photo(3)).toHaveAttribute('src', images[2]!);
    await expect.poll(() => photo(3).evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    await expectAccessible(page, 'photo gallery');
    await shoot(page, 'details-gallery', { fullPage: false });
    await page.setViewportSize(WIDE);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Photo 4 of 7', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Before the first comes the last.
    await expect(dialog.getByText('Photo 7 of 7', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(showAll).toBeFocused();
  });

  test('item 13: at 1440 px the "Cancel reservation" button is inside the table, not cut off', async ({
    page,
    createHome,
    bookAsGuest,
  }) => {
    await loginAs(page, DEMO.host);
    // A title with no break in it (as hosts paste them): the table must still fit beside the menu.
    const home = await createHome(page, {
      from: isoDay(0),
      to: isoDay(60),
      title: `Apartamento_Alfama_Miradouro_Santa_Luzia_Vista_Rio_Tejo_${Date.now().toString(36)}`,
    });
    await bookAsGuest(home, isoDay(20), isoDay(23));
    for (const viewport of [WIDE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/reservations');
      const region = page.getByRole('region', { name: 'Upcoming', exact: true });
      const row = region.getByRole('row').filter({ hasText: home.title });
      const cancel = row.getByRole('button', { name: 'Cancel reservation' });
      await expect(cancel).toBeVisible();
      const [box, frame] = await Promise.all([cancel.boundingBox(), region.boundingBox()]);
      expect(box && frame, 'boxes').toBeTruthy();
      expect(box!.x + box!.width, `Cancel inside the table at ${viewport.width} px`).toBeLessThanOrEqual(
        frame!.x + frame!.width,
      );
      // Nothing to scroll sideways at a desktop width.
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    }
    await page.setViewportSize(WIDE);
    await shoot(page, 'reservations');
  });

  test('item 14: at 390 px the closed Menu button shows the unread count', async ({
    page,
    browser,
    baseURL,
    createHome,
  }) => {
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { title: uniqueTitle('E2E Unread') });
    const guest = await signedInPage(browser, baseURL, DEMO.guest);
    try {
      const sent = await guest.page.request.post(`/api/home/${home.id}/inquiries`, {
        data: { text: 'Is the flat quiet at night?' },
      });
      expect(sent.status(), await sent.text()).toBeLessThan(300);
    } finally {
      await guest.context.close();
    }
    const unread = ((await (await page.request.get('/api/conversations/unread')).json()) as { unread: number }).unread;
    expect(unread).toBeGreaterThan(0);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // A host's open requests (other specs may leave some) count on the button too: "…, 1 request waiting".
    const reservations = (await (await page.request.get('/api/host/reservations?when=upcoming')).json()) as {
      reservations: { status: string }[];
    };
    const waiting = reservations.reservations.filter((r) => r.status === 'requested').length;
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: new RegExp(`^Menu, ${unread} unread`) });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(String(unread + waiting > 99 ? '99+' : unread + waiting));
    await shoot(page, 'header-menu-unread', { fullPage: false });
    await page.setViewportSize(PHONE);
    // Open, the count is on the Messages link instead.
    await menu.click();
    await expect(banner.getByRole('link', { name: `Messages, ${unread} unread` })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  });

  test('item 19: the sidebar email wraps at its dots or before the "@", not mid-word', async ({ page }) => {
    const long = 'jacqueline.fairweather@harbour-view-apartments.example';
    await loginAs(page, DEMO.host);
    // The host's real session, shown with a long address (the layout is what is tested).
    await page.route('**/api/auth/get-session*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { user?: { email: string } } | null;
      if (body?.user) body.user.email = long;
      await route.fulfill({ response, json: body });
    });
    // The dashboard asks for the role by the address it shows: answer with the host's.
    await page.route(`**/api/user/${encodeURIComponent(long)}`, (route) =>
      route.fallback({ url: route.request().url().replace(encodeURIComponent(long), encodeURIComponent(DEMO.host)) }),
    );
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      if (viewport === PHONE) await page.getByRole('button', { name: 'Dashboard menu' }).click();
      const email = page.getByTestId('dashboard-email').locator('visible=true');
      await expect(email).toHaveText(long);
      // Where each line starts: the character before a break is a dot or hyphen, or the break is before "@".
      const breaks = await email.evaluate((el) => {
        const found: string[] = [];
        let lastTop: number | null = null;
        let previous = '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (lastTop !== null && top > lastTop + 2) found.push(`${previous}|${text[i]}`);
            lastTop = top;
            previous = text[i]!;
          }
        }
        return found;
      });
      expect(breaks.length, 'the address wraps at this width').toBeGreaterThan(0);
      for (const at of breaks) expect(at, `a break at ${at}`).toMatch(/^[.-]\||^.\|@$/);
      await page.screenshot({ path: `${SHOTS}/dashboard-email-${viewport.width}.png` });
    }
  });

  test('item 19: an edit window that leaves out a booking is refused without the raw booking id', async ({
    page,
    createHome,
    bookAsGuest,
    pageProblems,
  }) => {
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(60) });
    const bookingId = await bookAsGuest(home, isoDay(20), isoDay(23));
    await page.setViewportSize(WIDE);
    await page.goto(`/dashboard/updateHomeForm/${home.id}`);
    await page.getByLabel('Available from').fill(isoDay(21));
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'would leave out the booking of' });
    await expect(alert).toBeVisible();
    allowProblems(pageProblems, /status of 409/);
    await expect(alert).toContainText(`(${formatDay(isoDay(20))} to ${formatDay(isoDay(23))})`);
    await expect(alert).not.toContainText(bookingId);
    await expect(alert).not.toContainText(/booking [0-9a-f]{8}-/);
    await page.setViewportSize(PHONE);
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/edit-refused-390.png` });
    await page.setViewportSize(WIDE);
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/edit-refused-1440.png` });
  });

  test('item 19: the edit form\'s upload button says "Upload Image" beside the home\'s pictures, not "Picture 1"', async ({
    page,
    createHome,
  }) => {
    await loginAs(page, DEMO.host);
    const [picture] = await uploadPictures(page, 1);
    const home = await createHome(page, { images: [picture!] });
    await page.goto(`/dashboard/updateHomeForm/${home.id}`);
    const input = page.locator('input[type="file"]');
    await expect(page.getByRole('listitem').filter({ hasText: 'Picture 1' })).toBeVisible();
    await expect(input).toHaveAccessibleName(TEXTS.uploadImage);
    await shoot(page, 'edit-pictures');
  });

  test('item 19: calendar sync notices replace each other instead of piling up', async ({
    page,
    createHome,
    feeds,
  }) => {
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(60) });
    const ics = (from: string, to: string) =>
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nBEGIN:VEVENT\r\nUID:e2e@other.example\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:${from.replaceAll('-', '')}\r\nDTEND;VALUE=DATE:${to.replaceAll('-', '')}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    feeds.set('/a.ics', { body: ics(isoDay(20), isoDay(22)) });
    feeds.set('/b.ics', { body: ics(isoDay(30), isoDay(32)) });
    await page.setViewportSize(WIDE);
    await page.goto(`/dashboard/calendar/${home.id}`);
    for (const [name, path] of [
      ['Channel A', '/a.ics'],
      ['Channel B', '/b.ics'],
    ] as const) {
      await expect(page.getByLabel('Name')).toHaveValue('');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Calendar link (.ics)').fill(feeds.url(path));
      const added = page.waitForResponse(
        (r) => r.url().endsWith('/calendar-imports') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add calendar' }).click();
      expect((await added).status()).toBeLessThan(300);
      await expect(page.getByText(`${name} was added and synced: 1 night range blocked.`)).toBeVisible();
    }
    const item = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    for (const name of ['Channel A', 'Channel B']) {
      const syncNow = item(name).getByRole('button', { name: 'Sync now' });
      const synced = page.waitForResponse((r) => r.url().endsWith('/sync') && r.request().method() === 'POST');
      await syncNow.click();
      expect((await synced).status()).toBe(200);
      // The answer is shown (the list re-read) before the next calendar's sync.
      await expect(syncNow).toBeEnabled();
      await page.waitForLoadState('networkidle');
    }
    // One notice, the newest: not one per calendar plus the add's.
    const notices = page.getByText(/synced: \d+ night range/i);
    await expect(notices).toHaveCount(1);
    await expect(notices).toHaveText('Channel B synced: 1 night range blocked.');
    await shoot(page, 'calendar-sync-notice');
  });

  test('item 19: blocking nights 10–12 says "nights of 10 – 12 (3 nights)", not the check-out day', async ({
    page,
    createHome,
  }) => {
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { from: isoDay(0), to: isoDay(40) });
    await page.setViewportSize(WIDE);
    await page.goto(`/dashboard/calendar/${home.id}`);
    await expect(page.getByRole('grid').first()).toBeVisible();
    const first = isoDay(3);
    const last = isoDay(5);
    const today = page.getByRole('button', { name: new RegExp(`^${longDay(isoDay(0))}, available`) });
    await today.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    const range = `nights of ${formatDay(first)} – ${formatDay(last)}`;
    await expect(page.getByRole('heading', { name: `Selected: ${range} (3 nights)` })).toBeVisible();
    await shoot(page, 'calendar-selected');
    await page.setViewportSize(WIDE);
    const block = page.getByRole('button', { name: 'Block 3 nights' });
    await tabTo(page, block);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Blocked ${range} (3 nights)`)).toBeVisible();
  });
});
