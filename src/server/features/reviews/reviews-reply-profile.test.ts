/** POST /api/reviews/:id/reply (the home's host, once) and GET /api/guests/:id (hosts of the guest's upcoming stays). */
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';
import { guestReview, homeOf, hostReview, postReply, postReview, stayAt } from './reviews-test-helpers';

const t = useTestApp();

let host: SignedIn;
let guest: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  host = await signInAs(t.app, 'host');
  guest = await signInAs(t.app, 'guest');
});

/** A stay at the host's home reviewed by its guest (and, with `both`, by the host: published). */
async function reviewedStay(both: boolean) {
  const home = await homeOf(t, host);
  const booking = await stayAt(t, home, guest);
  t.clock.set('2026-12-14T10:00:00.000Z');
  const review = (await postReview(t.app, guest, booking.id, guestReview())).json() as { _id: string };
  if (both) await postReview(t.app, host, booking.id, hostReview());
  return { home, booking, reviewId: review._id };
}

describe('POST /api/reviews/:id/reply', () => {
  it("lets the home's host reply once to a published review; the reply shows with it; again: 409", async () => {
    const { home, reviewId } = await reviewedStay(true);
    const first = await postReply(t.app, host, reviewId, '  Thank you, come back soon!  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().reply).toMatchObject({ text: 'Thank you, come back soon!' });
    const again = await postReply(t.app, host, reviewId, 'Second thoughts');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reply_exists');
    const listed = (await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/reviews` })).json();
    expect(listed.reviews[0].reply.text).toBe('Thank you, come back soon!');
  });

  it('refuses everyone else: 401 anonymous, 403 the guest, another host and an admin', async () => {
    const { reviewId } = await reviewedStay(true);
    expect((await postReply(t.app, null, reviewId)).statusCode).toBe(401);
    expect((await postReply(t.app, guest, reviewId)).statusCode).toBe(403);
    expect((await postReply(t.app, await signInAs(t.app, 'host'), reviewId)).statusCode).toBe(403);
    expect((await postReply(t.app, await signInAs(t.app, 'admin'), reviewId)).statusCode).toBe(403);
  });

  it('is not possible before the review is published (403 for the host, 404 for others, who cannot know it)', async () => {
    const { reviewId } = await reviewedStay(false);
    const early = await postReply(t.app, host, reviewId);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('not_published');
    expect((await postReply(t.app, await signInAs(t.app, 'host'), reviewId)).statusCode).toBe(404);
  });

  it("answers 404 for an unknown id, a host's review of a guest, and 400 for a blank or too long reply", async () => {
    const { booking, reviewId } = await reviewedStay(true);
    expect((await postReply(t.app, host, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await postReply(t.app, host, 'not-an-id')).statusCode).toBe(404);
    const stay = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}/review`, headers: guest.headers })
    ).json();
    expect((await postReply(t.app, guest, stay.theirs._id)).statusCode).toBe(404);
    expect((await postReply(t.app, host, reviewId, ' ')).statusCode).toBe(400);
    expect((await postReply(t.app, host, reviewId, 'x'.repeat(1001))).statusCode).toBe(400);
  });
});

describe('GET /api/guests/:id', () => {
  const profileOf = (who: SignedIn | null, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/guests/${id}`, headers: who?.headers ?? {} });

  it("shows the guest's published reviews from hosts to the host of their upcoming stay", async () => {
    await reviewedStay(true);
    const nextHost = await signInAs(t.app, 'host');
    await stayAt(t, await homeOf(t, nextHost), guest, '2027-01-10');
    const res = await profileOf(nextHost, guest.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: guest.user.id,
      name: guest.user.name,
      count: 1,
      average: 4,
      reviews: [{ text: 'Tidy and friendly guest.', author: { name: host.user.name } }],
    });
  });

  it('hides reviews that are not published yet', async () => {
    const home = await homeOf(t, host);
    const booking = await stayAt(t, home, guest, '2026-12-20');
    t.clock.set('2026-12-21T10:00:00.000Z');
    await postReview(t.app, host, booking.id, hostReview({ text: 'Still secret' }));
    await stayAt(t, home, guest, '2027-01-10');
    const res = await profileOf(host, guest.user.id);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('Still secret');
  });

  it('is refused to hosts without an upcoming stay of this guest (403), anonymous callers (401); the guest and admins see it', async () => {
    const pastHost = await signInAs(t.app, 'host');
    await stayAt(t, await homeOf(t, pastHost), guest, '2026-12-13');
    t.clock.set('2026-12-14T10:00:00.000Z');
    expect((await profileOf(pastHost, guest.user.id)).statusCode).toBe(403);
    const cancelledHost = await signInAs(t.app, 'host');
    await stayAt(t, await homeOf(t, cancelledHost), guest, '2027-02-10', 'cancelled');
    expect((await profileOf(cancelledHost, guest.user.id)).statusCode).toBe(403);
    expect((await profileOf(await signInAs(t.app, 'guest'), guest.user.id)).statusCode).toBe(403);
    expect((await profileOf(null, guest.user.id)).statusCode).toBe(401);
    expect((await profileOf(guest, guest.user.id)).statusCode).toBe(200);
    expect((await profileOf(await signInAs(t.app, 'admin'), guest.user.id)).statusCode).toBe(200);
    // A stranger learns nothing about whether an id exists.
    expect((await profileOf(pastHost, 'no-such-user')).statusCode).toBe(403);
  });
});
