/**
 * The demo's past stays and reviews, as a visitor and the demo accounts meet them through the API
 * after a first start: rated cards, published reviews with replies, the rating sort, nothing in
 * the demo guest's own trips, and the stays' payments on the hosts' Payouts and the admin's Finance.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeReviewsSchema } from '#shared/schemas/reviews';
import { homeListSchema, homeSchema } from '#shared/schemas/homes';
import { financeResponseSchema } from '#shared/schemas/ledger';
import { hostPayoutsSchema } from '#shared/schemas/payouts';
import { bookings, homes } from '../db/schema';
import { runPayouts } from '../features/payouts/payouts-job';
import { sandboxPayoutDeps } from '../test/payout-deps';
import { sessionCookieFrom, signInWithPassword, useTestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './demo-data';
import { DEMO_PAST_GUESTS } from './demo-reviews';

const t = useTestApp();

const homeId = async (title: string) =>
  (await t.db.select({ id: homes.id }).from(homes).where(eq(homes.title, title)))[0]!.id;

describe('demo reviews', () => {
  beforeAll(async () => {
    const seeded = await seedDemoData({ db: t.db, storage: t.storage, clock: t.clock });
    expect(seeded.seeded).toBe(true);
  }, 60_000);

  it('publishes guest reviews of some demo homes, with averages, replies and the guests’ names', async () => {
    const alfama = await homeId('Sunlit Alfama apartment with river view');
    const res = await t.app.inject({ url: `/api/home/${alfama}/reviews` });
    expect(res.statusCode).toBe(200);
    const page = homeReviewsSchema.parse(res.json());
    expect(page.count).toBe(2);
    expect(page.average).toBe(4.5);
    expect(page.reviews.map((r) => r.author.name).sort()).toEqual(['Inês Duarte', 'Tom Becker']);
    expect(page.reviews.filter((r) => r.reply !== null)).toHaveLength(1);

    const home = homeSchema.parse((await t.app.inject({ url: `/api/home/${alfama}` })).json());
    expect(home).toMatchObject({ rating: 4.5, reviewCount: 2 });
    // The host's section counts the published reviews of all the host's homes, and they joined before them.
    expect(home.host?.reviewCount).toBeGreaterThanOrEqual(2);
    const oldest = page.reviews.map((r) => r.createdAt).sort()[0]!;
    expect(home.host!.joinedAt < oldest).toBe(true);
  });

  it('puts rated homes first in the rating sort and leaves most homes new', async () => {
    const list = homeListSchema.parse((await t.app.inject({ url: '/api/homes?sort=rating&limit=30' })).json());
    const rated = list.filter((h) => h.rating !== null);
    expect(rated.length).toBeGreaterThanOrEqual(8);
    expect(list.slice(0, rated.length).every((h) => h.rating !== null)).toBe(true);
    expect(list.length - rated.length).toBeGreaterThanOrEqual(10);
  });

  it('gives the stays to past guests who cannot sign in; the demo guest has no trips', async () => {
    const guestStays = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.guestEmail, 'guest@stayhub.test'));
    expect(guestStays[0]!.n).toBe(0);
    const past = await t.db.select({ status: bookings.status, checkOut: bookings.checkOut }).from(bookings);
    expect(past.length).toBeGreaterThanOrEqual(8);
    expect(past.every((b) => b.status === 'confirmed' && b.checkOut < '2026-11-21')).toBe(true);
    for (const g of DEMO_PAST_GUESTS) {
      expect((await signInWithPassword(t.app, g.email, DEMO_PASSWORD)).statusCode).toBe(401);
    }
  });

  it('puts each past stay’s payment on its host’s Payouts screen and in the admin’s Finance', async () => {
    const signedIn = async (email: string) => {
      const cookie = sessionCookieFrom(await signInWithPassword(t.app, email, DEMO_PASSWORD));
      expect(cookie).not.toBeNull();
      return (url: string) => t.app.inject({ url, headers: { cookie: cookie! } });
    };
    const stays = await t.db.select().from(bookings);
    const earned = (hostEmail: string) =>
      stays.filter((b) => b.hostEmail === hostEmail).reduce((sum, b) => sum + b.amountCents, 0);
    const marta = await signedIn('host@stayhub.test');
    const payoutsOf = async (as: typeof marta) => hostPayoutsSchema.parse((await as('/api/host/payouts')).json());

    // Before the payout job's first pass each stay waits, by name, with the day its share is due.
    const waiting = await payoutsOf(marta);
    const hers = stays.filter((b) => b.hostEmail === 'host@stayhub.test');
    expect(hers.length).toBeGreaterThanOrEqual(2);
    expect(waiting.balance).toEqual({ pendingCents: earned('host@stayhub.test'), availableCents: 0, paidCents: 0 });
    expect(waiting.upcoming.map((line) => [line.title, line.checkIn, line.amountCents]).sort()).toEqual(
      hers.map((b) => [b.title, b.checkIn, b.amountCents]).sort(),
    );

    // Their check-ins passed long ago: the job's pass makes them available, and with no payout
    // account connected yet, nothing is paid.
    await runPayouts(sandboxPayoutDeps(t));
    const available = await payoutsOf(marta);
    expect(available.balance).toEqual({ pendingCents: 0, availableCents: earned('host@stayhub.test'), paidCents: 0 });
    expect(available.history).toEqual([]);

    // Finance over the months the stays were booked in: the money charged, and all of it owed to hosts.
    const admin = await signedIn('admin@stayhub.test');
    const finance = financeResponseSchema.parse(
      (await admin('/api/admin/finance?from=2026-01-01&to=2026-11-22')).json(),
    );
    const total = stays.reduce((sum, b) => sum + b.amountCents, 0);
    expect(finance).toMatchObject({ grossBookingsCents: total, heldForHostsCents: total, payoutsMadeCents: 0 });
  });

  it('adds nothing on a second start', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings);
    expect((await seedDemoData({ db: t.db, storage: t.storage, clock: t.clock })).seeded).toBe(false);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
