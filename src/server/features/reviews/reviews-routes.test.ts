/** POST /api/bookings/:id/review, GET /api/bookings/:id/review, GET /api/home/:id/reviews: the rules of issue 12. */
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';
import { getStay, guestReview, homeOf, homeReviewsOf, hostReview, postReview, stayAt } from './reviews-test-helpers';
import { publishDueReviews } from './reviews-write';
import { insertHome } from '#server/test/factories';

const t = useTestApp();

let host: SignedIn;
let guest: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  host = await signInAs(t.app, 'host');
  guest = await signInAs(t.app, 'guest');
});

describe('the review window (check-out 2026-12-13: open from 2026-12-13T00:00Z until 2026-12-27T00:00Z)', () => {
  it('refuses both sides before the check-out date (403 review_not_open)', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-12T23:59:59.999Z');
    for (const [who, body] of [
      [guest, guestReview()],
      [host, hostReview()],
    ] as const) {
      const res = await postReview(t.app, who, booking.id, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('review_not_open');
    }
  });

  it('opens at the start of the check-out date and stays open until the last millisecond of day 14', async () => {
    const first = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-13T00:00:00.000Z');
    expect((await postReview(t.app, guest, first.id, guestReview())).statusCode).toBe(201);
    const second = await stayAt(t, await homeOf(t, host), guest, '2026-12-13');
    t.clock.set('2026-12-26T23:59:59.999Z');
    expect((await postReview(t.app, host, second.id, hostReview())).statusCode).toBe(201);
  });

  it("runs in the home's time zone: a Dhaka stay opens at 00:00 there (18:00 UTC the day before)", async () => {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, timeZone: 'Asia/Dhaka' });
    const booking = await stayAt(t, home, guest);
    t.clock.set('2026-12-12T17:59:59.999Z');
    expect((await postReview(t.app, guest, booking.id, guestReview())).json().error.code).toBe('review_not_open');
    t.clock.set('2026-12-12T18:00:00.000Z');
    expect((await postReview(t.app, guest, booking.id, guestReview())).statusCode).toBe(201);
    const stay = (await getStay(t.app, guest, booking.id)).json();
    expect(stay).toMatchObject({ timeZone: 'Asia/Dhaka', closesAt: '2026-12-26T18:00:00.000Z' });
  });

  it('closes 14 days after the check-out date (403 review_window_closed)', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-27T00:00:00.000Z');
    const res = await postReview(t.app, guest, booking.id, guestReview());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('review_window_closed');
  });

  it('only reviews confirmed stays (cancelled, held, expired: 403 not_reviewable)', async () => {
    const home = await homeOf(t, host);
    t.clock.set('2026-12-14T10:00:00.000Z');
    for (const [i, status] of (['cancelled', 'held', 'expired'] as const).entries()) {
      const booking = await stayAt(t, home, guest, `2026-12-1${i + 1}`, status, 1);
      const res = await postReview(t.app, guest, booking.id, guestReview());
      expect(res.statusCode, status).toBe(403);
      expect(res.json().error.code).toBe('not_reviewable');
    }
  });
});

describe('who may review', () => {
  it('answers 401 to anonymous callers and 404 to anyone but the guest and the host', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-14T10:00:00.000Z');
    expect((await postReview(t.app, null, booking.id, guestReview())).statusCode).toBe(401);
    for (const role of ['guest', 'host', 'admin'] as const) {
      const stranger = await signInAs(t.app, role);
      expect((await postReview(t.app, stranger, booking.id, hostReview())).statusCode, role).toBe(404);
      expect((await getStay(t.app, stranger, booking.id)).statusCode, role).toBe(404);
    }
    expect((await postReview(t.app, guest, '00000000-0000-4000-8000-000000000000', guestReview())).statusCode).toBe(
      404,
    );
  });

  it('answers 409 review_exists to a second review by the same side', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-14T10:00:00.000Z');
    expect((await postReview(t.app, guest, booking.id, guestReview())).statusCode).toBe(201);
    const again = await postReview(t.app, guest, booking.id, guestReview({ overall: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('review_exists');
    expect((await postReview(t.app, host, booking.id, hostReview())).statusCode).toBe(201);
    expect((await postReview(t.app, host, booking.id, hostReview())).statusCode).toBe(409);
  });
});

describe('what a review holds', () => {
  it('asks the guest for the four categories and refuses them from the host', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-14T10:00:00.000Z');
    const noCategories = await postReview(t.app, guest, booking.id, { overall: 5, text: 'Nice' });
    expect(noCategories.statusCode).toBe(400);
    expect(noCategories.json().error.code).toBe('categories_required');
    const hostCategories = await postReview(t.app, host, booking.id, hostReview({ cleanliness: 5 }));
    expect(hostCategories.statusCode).toBe(400);
    expect(hostCategories.json().error.code).toBe('categories_not_allowed');
  });

  it('refuses ratings outside 1-5, a blank or too long text, and unknown fields (400)', async () => {
    const booking = await stayAt(t, await homeOf(t, host), guest);
    t.clock.set('2026-12-14T10:00:00.000Z');
    const bad = [
      guestReview({ overall: 0 }),
      guestReview({ overall: 6 }),
      guestReview({ value: 2.5 }),
      guestReview({ cleanliness: '5' }),
      guestReview({ text: '   ' }),
      guestReview({ text: 'x'.repeat(1001) }),
      guestReview({ text: 'bidi \u202e trick' }),
      guestReview({ published: true }),
    ];
    for (const body of bad) expect((await postReview(t.app, guest, booking.id, body)).statusCode).toBe(400);
    const longest = await postReview(t.app, guest, booking.id, guestReview({ text: `  ${'y'.repeat(1000)}\n ` }));
    expect(longest.statusCode).toBe(201);
    expect(longest.json().text).toBe('y'.repeat(1000));
  });
});

describe('double-blind publication', () => {
  it('hides the first review from the other side and the public until the second is written, then publishes both', async () => {
    const home = await homeOf(t, host);
    const booking = await stayAt(t, home, guest);
    t.clock.set('2026-12-14T10:00:00.000Z');

    const mine = await postReview(t.app, guest, booking.id, guestReview());
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ overall: 5, published: false, author: { name: guest.user.name } });

    // Stage 1: only the guest has written.
    const hostView = (await getStay(t.app, host, booking.id)).json();
    expect(hostView).toMatchObject({ role: 'host', canWrite: true, theyWrote: true, theirs: null, mine: null });
    expect(JSON.stringify(hostView)).not.toContain('Lovely flat');
    const publicView = (await homeReviewsOf(t.app, home.id)).json();
    expect(publicView).toMatchObject({ count: 0, average: null, reviews: [] });
    const guestView = (await getStay(t.app, guest, booking.id)).json();
    expect(guestView).toMatchObject({ role: 'guest', canWrite: false, theyWrote: false, theirs: null });
    expect(guestView.mine).toMatchObject({ published: false });

    // Stage 2: the host writes: both publish at once.
    const second = await postReview(t.app, host, booking.id, hostReview());
    expect(second.json()).toMatchObject({ published: true });
    expect((await getStay(t.app, host, booking.id)).json().theirs).toMatchObject({ text: 'Lovely flat, great light.' });
    expect((await getStay(t.app, guest, booking.id)).json().theirs).toMatchObject({ text: 'Tidy and friendly guest.' });
    const published = (await homeReviewsOf(t.app, home.id)).json();
    expect(published).toMatchObject({
      count: 1,
      average: 5,
      categories: { cleanliness: 4, accuracy: 5, location: 3, value: 4 },
    });
    // Only guests' reviews of the home are the home's; the host's review is about the guest.
    expect(published.reviews.map((r: { text: string }) => r.text)).toEqual(['Lovely flat, great light.']);
    const card = (await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).json();
    expect(card).toMatchObject({ rating: 5, reviewCount: 1, host: { name: host.user.name, reviewCount: 1 } });
  });

  it('publishes a lone review when the 14 days end, not a millisecond earlier', async () => {
    const home = await homeOf(t, host);
    const booking = await stayAt(t, home, guest);
    t.clock.set('2026-12-20T10:00:00.000Z');
    await postReview(t.app, guest, booking.id, guestReview({ overall: 3 }));

    t.clock.set('2026-12-26T23:59:59.999Z');
    expect((await homeReviewsOf(t.app, home.id)).json().count).toBe(0);
    expect((await getStay(t.app, host, booking.id)).json()).toMatchObject({ theirs: null, canWrite: true });
    await publishDueReviews(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).json().reviewCount).toBe(0);

    t.clock.set('2026-12-27T00:00:00.000Z');
    const open = (await homeReviewsOf(t.app, home.id)).json();
    expect(open).toMatchObject({ count: 1, average: 3 });
    expect((await getStay(t.app, host, booking.id)).json()).toMatchObject({
      canWrite: false,
      window: 'closed',
      theirs: { overall: 3 },
    });
    // The card's stored rating follows once the reviews job has run.
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).json().reviewCount).toBe(0);
    expect((await publishDueReviews(t)).published).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).json()).toMatchObject({
      rating: 3,
      reviewCount: 1,
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/homes?limit=100' })).json() as {
      _id: string;
      rating: number | null;
      reviewCount: number;
    }[];
    expect(list.find((h) => h._id === home.id)).toMatchObject({ rating: 3, reviewCount: 1 });
    expect((await publishDueReviews(t)).published).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).json().reviewCount).toBe(1);
  });
});

describe('GET /api/home/:id/reviews', () => {
  it('pages newest first, 10 at a time, with the averages over all published reviews', async () => {
    const home = await homeOf(t, host);
    for (let i = 0; i < 12; i++) {
      const other = await signInAs(t.app, 'guest');
      const booking = await stayAt(t, home, other, `2026-12-${String(i + 2).padStart(2, '0')}`, 'confirmed', 1);
      t.clock.set(new Date(Date.parse('2026-12-14T10:00:00.000Z') + i * 60_000));
      await postReview(t.app, other, booking.id, guestReview({ overall: i % 2 ? 5 : 4, text: `Review ${i}` }));
      await postReview(t.app, host, booking.id, hostReview());
    }
    const first = (await homeReviewsOf(t.app, home.id)).json();
    expect(first.count).toBe(12);
    expect(first.average).toBe(4.5);
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].text).toBe('Review 11');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await homeReviewsOf(t.app, home.id, first.nextCursor)).json();
    expect(second.reviews.map((r: { text: string }) => r.text)).toEqual(['Review 1', 'Review 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 404 for an unknown home and 400 for a forged cursor', async () => {
    expect((await homeReviewsOf(t.app, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const home = await homeOf(t, host);
    expect((await homeReviewsOf(t.app, home.id, 'bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});
