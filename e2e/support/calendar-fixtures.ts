/**
 * Fixtures for the host's reservations and calendar sync: the hosting fixtures' homes, a
 * guest's booking made in a second browser context, a local HTTP server serving .ics feeds,
 * and a teardown that cancels (as the host) what was booked, before the homes are deleted.
 *
 *   test('...', async ({ page, createHome, bookAsGuest, feeds }) => {
 *     await loginAs(page, DEMO.host);
 *     const home = await createHome(page);
 *     const bookingId = await bookAsGuest(home, isoDay(5), isoDay(8));
 *     feeds.set('/airbnb.ics', { body: '...' });
 *   });
 */
import type { Browser } from '@playwright/test';
import { startFeedServer, type FeedServer } from '../../src/server/test/feed-server';
import { DEMO, loginAs } from './auth-fixtures';
import { bookViaApi } from './booking-fixtures';
import { expect, test as base, type CreatedHome } from './hosting-fixtures';

export const SHOTS = '/tmp/shots-reservations';

interface Fixtures {
  /** Books `[checkIn, checkOut)` at the home as the demo guest (a second browser context); answers the booking id. */
  bookAsGuest: (home: CreatedHome, checkIn: string, checkOut: string) => Promise<string>;
  /** A local server for .ics feeds (the app may fetch from loopback in the browser tests). */
  feeds: FeedServer;
}

async function guestContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, DEMO.guest);
  return { context, page };
}

export const test = base.extend<Fixtures & { booked: string[] }>({
  // Torn down before homesToDelete (it depends on it): a home with a confirmed stay cannot be deleted.
  booked: async ({ homesToDelete, browser, baseURL }, use) => {
    void homesToDelete;
    const ids: string[] = [];
    await use(ids);
    if (!ids.length) return;
    const { context, page } = await guestContext(browser, baseURL);
    try {
      for (const id of ids) {
        const res = await page.request.delete(`/api/bookings/${encodeURIComponent(id)}`);
        if (res.status() !== 200) console.warn(`cleanup: DELETE /api/bookings/${id} answered ${res.status()}`);
      }
    } finally {
      await context.close();
    }
  },
  bookAsGuest: async ({ browser, baseURL, booked }, use) => {
    await use(async (home, checkIn, checkOut) => {
      const { context, page } = await guestContext(browser, baseURL);
      try {
        const id = await bookViaApi(page.request, {
          home: {
            _id: home.id,
            title: home.title,
            location: home.location,
            price: home.price,
            total_guest: 2,
            from: home.from,
            to: home.to,
          },
          checkIn,
          checkOut,
          guests: 1,
        });
        booked.push(id);
        return id;
      } finally {
        await context.close();
      }
    });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
  feeds: async ({}, use) => {
    const server = await startFeedServer('127.0.0.1');
    await use(server);
    await server.close();
  },
});

export { expect };
