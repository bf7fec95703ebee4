/**
 * Booking fixtures: the demo guest and admin, a home with free dates for each
 * test, a booking made through the API (payment intent -> sandbox card ->
 * POST /api/bookings), and a teardown that cancels what a test booked (also when
 * it fails), with the session that booked it.
 *
 *   test('...', async ({ page, stayFor, bookViaApi, cancelAtEnd }) => {
 *     await loginAs(page, DEMO.guest);                        // loginAs, DEMO: auth-fixtures
 *     const stay = await stayFor(page.request, 3, 40);       // the 4th oldest home, 40 days ahead, 2 nights
 *     await cancelAtEnd(page, stay.home._id);                 // whatever this session books there
 *   });
 *
 * or, for the demo guest in `page`, those three steps at once:
 *
 *     const stay = await guestStay(page, 3, 40);
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, loginAs } from './auth-fixtures';
import { expect, test as base } from './fixtures';

interface ApiHome {
  _id: string;
  title: string;
  location: string;
  price: number;
  total_guest: number;
  from: string;
  to: string;
}

export interface Stay {
  home: ApiHome;
  checkIn: string;
  checkOut: string;
  guests: number;
}

export interface ApiBooking {
  _id: string;
  homeId: string | null;
  title: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  from: string;
  to: string;
  guestEmail: string;
}

const DAY = 86_400_000;
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** `2026-05-01` -> `May 1, 2026`, as the bookings tables write dates. */
export function tableDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The checkout link of a stay, as the details page builds it. */
export function checkoutUrl(stay: Stay): string {
  const params = new URLSearchParams({
    homeId: stay.home._id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.guests),
  });
  return `/chackout?${params.toString()}`;
}

/** Is the home listed as free for the stay (GET /api/homes with dates, the search's call)? */
export async function listedAsFree(request: APIRequestContext, stay: Stay): Promise<boolean> {
  const params = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut, limit: '100' });
  const homes = (await (await request.get(`/api/homes?${params.toString()}`)).json()) as ApiHome[];
  return homes.some((h) => h._id === stay.home._id);
}

/** Pays for a stay through the API as the session of `request` (4242...: succeeds). Returns the booking id. */
export async function bookViaApi(request: APIRequestContext, stay: Stay): Promise<string> {
  const intentRes = await request.post('/api/payment-intent', {
    data: { homeId: stay.home._id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests },
  });
  expect(intentRes.status(), await intentRes.text()).toBe(200);
  const intent = (await intentRes.json()) as { clientSecret: string; bookingId: string; paymentIntentId: string };
  const payRes = await request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      billing: { name: 'E2E Guest', email: DEMO.guest },
    },
  });
  expect(payRes.status(), await payRes.text()).toBe(200);
  const bookRes = await request.post('/api/bookings', {
    data: {
      bookingId: intent.bookingId,
      paymentIntentId: intent.paymentIntentId,
      message: 'Booked by a browser test.',
    },
  });
  expect(bookRes.status(), await bookRes.text()).toBe(200);
  expect((await bookRes.json()).acknowledged).toBe(true);
  return intent.bookingId;
}

/** The checkout's three tabs, by their names. */
export const CHECKOUT_TAB = {
  rules: '1 Review house rules',
  guests: '2 Who is coming?',
  pay: '3 Confirm and pay',
} as const;

/** Fills the checkout's card form (expiry 12/34, CVC 123); 4242…: the sandbox accepts it. */
export async function fillCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** The row of a stay in a bookings table. */
export const rowOf = (page: Page, stay: Stay) =>
  page
    .getByRole('row')
    .filter({ hasText: stay.home.title })
    .filter({ hasText: tableDay(stay.checkIn) });

/** Presses Tab until `target` has the focus (keyboard-only journeys). */
export async function tabTo(page: Page, target: Locator, { max = 80, shift = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: ${target} not reached after ${max} presses of Tab`);
}

/** The computed text colour of an element as [r, g, b] (Tailwind's oklch colours included). */
export async function rgbOf(target: Locator): Promise<[number, number, number]> {
  return target.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

type Signed = Page | APIRequestContext;
const requestOf = (ctx: Signed): APIRequestContext => ('request' in ctx ? ctx.request : ctx);
const storageOf = (ctx: Signed) => ('context' in ctx ? ctx.context().storageState() : ctx.storageState());

interface Fixtures {
  /**
   * A stay of `nights` nights at the `index`-th home (oldest first) starting `daysAhead`
   * days from today (or from the home's first free day). Each test picks its own index
   * and days so tests never book the same dates.
   */
  stayFor: (ctx: Signed, index: number, daysAhead: number, nights?: number) => Promise<Stay>;
  /** Cancels, when the test ends, every held or confirmed booking the session of `ctx` has at `homeId`. */
  cancelAtEnd: (ctx: Signed, homeId: string) => Promise<void>;
  /** Signs `page` in as the demo guest, picks the stay as `stayFor` does, and cancels what the guest books there at the end. */
  guestStay: (page: Page, index: number, daysAhead: number, nights?: number) => Promise<Stay>;
}

type Cleanup = Array<{ homeId: string; state: Awaited<ReturnType<typeof storageOf>> }>;

export const test = base.extend<Fixtures & { bookingsToCancel: Cleanup }>({
  bookingsToCancel: async ({ playwright, baseURL }, use) => {
    const list: Cleanup = [];
    await use(list);
    for (const { homeId, state } of list) {
      const request = await playwright.request.newContext({ baseURL, storageState: state });
      try {
        const session = (await (await request.get('/api/auth/get-session')).json()) as {
          user?: { email: string };
        } | null;
        const email = session?.user?.email;
        if (!email) continue;
        const mine = (await (
          await request.get(`/api/bookings?email=${encodeURIComponent(email)}`)
        ).json()) as ApiBooking[];
        for (const b of mine.filter((x) => x.homeId === homeId && (x.status === 'held' || x.status === 'confirmed'))) {
          const res = await request.delete(`/api/bookings/${encodeURIComponent(b._id)}`);
          if (res.status() !== 200) console.warn(`cleanup: DELETE /api/bookings/${b._id} answered ${res.status()}`);
        }
      } finally {
        await request.dispose();
      }
    }
  },
  cancelAtEnd: async ({ bookingsToCancel }, use) => {
    await use(async (ctx, homeId) => {
      bookingsToCancel.push({ homeId, state: await storageOf(ctx) });
    });
  },
  guestStay: async ({ stayFor, cancelAtEnd }, use) => {
    await use(async (page, index, daysAhead, nights) => {
      await loginAs(page, DEMO.guest);
      const stay = await stayFor(page, index, daysAhead, nights);
      await cancelAtEnd(page, stay.home._id);
      return stay;
    });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
  stayFor: async ({}, use) => {
    await use(async (ctx, index, daysAhead, nights = 2) => {
      const homes = (await (await requestOf(ctx).get('/api/homes?limit=100')).json()) as ApiHome[];
      // Counted from the oldest: homes other tests add come first in the list and do not shift these.
      const home = homes[homes.length - 1 - index];
      if (!home) throw new Error(`stayFor: no home at index ${index}`);
      const start = home.from > todayUtc() ? home.from : todayUtc();
      const checkIn = addDays(start, daysAhead);
      const checkOut = addDays(checkIn, nights);
      expect(checkOut <= home.to, `${home.title} is free until ${home.to}; pick fewer days ahead`).toBe(true);
      return { home, checkIn, checkOut, guests: 1 };
    });
  },
});

export { expect };
