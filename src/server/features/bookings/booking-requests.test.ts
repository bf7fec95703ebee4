import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { bookings, reviews, users } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import type { memoryMail } from '#server/providers/mail/mail';
import { insertBooking, insertHome, insertReview } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { bookStay, bookingRow, createHold, intentRow, payCard } from '#server/test/booking-test-helpers';
import { bookingListSchema } from '#shared/schemas/bookings';
import { sweepOnce } from './bookings-sweeper';
import { acceptRequest } from './booking-requests';
import type { BookingDeps } from './bookings-model';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;
const deps = (): BookingDeps => ({
  db: t.db,
  clock: t.clock,
  payments: sandboxPayments({ db: t.db, clock: t.clock }),
  mail: t.app.mailQueue,
});

let guest: SignedIn;
let host: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  guest = await signInAs(t.app, 'guest');
  host = await signInAs(t.app, 'host');
});

const requestHome = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, bookingMode: 'request', ...overrides });
const stay = { checkIn: '2026-12-10', checkOut: '2026-12-13' };

const decide = (who: SignedIn, id: string, action: 'accept' | 'decline', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/host/reservations/${id}/${action}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

async function mailsTo(email: string) {
  await t.app.mailQueue.drained();
  return outbox().filter((m) => m.to === email);
}

describe('request to book', () => {
  it('request -> accept: authorised, holds the nights, then captured and confirmed with mails', async () => {
    const home = await requestHome();
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/quote?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
    });
    expect(quote.json().bookingMode).toBe('request');

    const held = await createHold(t.app, guest, { homeId: home.id, ...stay, guests: 1 });
    expect(held.json()).toMatchObject({ bookingMode: 'request' });
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay }, 'We are two quiet walkers');
    expect(booked.bookingId).toBe(held.json().bookingId);
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
    });
    const row = await bookingRow(t.db, booked.bookingId);
    expect(row).toMatchObject({ status: 'requested', bookingMode: 'request' });
    // 24 hours: check-in is weeks away.
    expect(row.respondBy).toEqual(new Date(Date.parse(TEST_NOW) + 24 * 3_600_000));
    expect((await mailsTo(guest.user.email)).at(-1)!.subject).toMatch(/^Request sent/);
    const hostMail = (await mailsTo(host.user.email)).at(-1)!;
    expect(hostMail.subject).toMatch(/^Booking request/);
    expect(hostMail.text).toContain('We are two quiet walkers');

    // The request holds its nights like a confirmed stay.
    const other = await signInAs(t.app, 'guest');
    const taken = await createHold(t.app, other, {
      homeId: home.id,
      checkIn: '2026-12-12',
      checkOut: '2026-12-14',
      guests: 1,
    });
    expect(taken.statusCode).toBe(409);
    const unavailable = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable-dates` });
    if (unavailable.statusCode === 200) expect(JSON.stringify(unavailable.json())).toContain('2026-12-10');

    // The host sees it first, with its deadline.
    const list = await t.app.inject({ method: 'GET', url: '/api/host/reservations', headers: host.headers });
    expect(list.json().reservations[0]).toMatchObject({ id: booked.bookingId, status: 'requested' });
    expect(list.json().reservations[0].respondBy).toBe(row.respondBy!.toISOString());

    // On the host's calendar its nights are requested: neither a reservation in progress nor booked.
    const nightOf = async (date: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/home/${home.id}/calendar?from=${date}&to=2026-12-14`,
        headers: host.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().nights[0];
    };
    expect(await nightOf('2026-12-10')).toMatchObject({ status: 'requested', bookingId: booked.bookingId });

    const accepted = await decide(host, booked.bookingId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().reservation).toMatchObject({ status: 'confirmed' });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountCapturedCents: row.amountCents,
    });
    expect((await mailsTo(guest.user.email)).at(-1)!.subject).toMatch(/^Booking confirmed/);
    expect((await mailsTo(host.user.email)).at(-1)!.subject).toMatch(/^New booking/);
    expect(await nightOf('2026-12-12')).toMatchObject({ status: 'booked', bookingId: booked.bookingId });
    const again = await decide(host, booked.bookingId, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_requested');
  });

  it('request -> decline with a message: released, the dates free again, the guest mailed the message', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    expect((await decide(host, booked.bookingId, 'decline', { message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await decide(host, booked.bookingId, 'decline', { message: 'ok', extra: 1 })).statusCode).toBe(400);

    const declined = await decide(host, booked.bookingId, 'decline', { message: 'Sorry, we are away that week.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().reservation).toMatchObject({
      status: 'declined',
      hostMessage: 'Sorry, we are away that week.',
    });
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'declined' });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({ status: 'canceled', refundId: null });
    const mail = (await mailsTo(guest.user.email)).at(-1)!;
    expect(mail.subject).toMatch(/^Request declined/);
    expect(mail.text).toContain('Sorry, we are away that week.');
    expect((await decide(host, booked.bookingId, 'accept')).statusCode).toBe(409);

    const other = await signInAs(t.app, 'guest');
    expect((await createHold(t.app, other, { homeId: home.id, ...stay, guests: 1 })).statusCode).toBe(200);
  });

  it('request -> expire: no answer by respond_by, the sweeper expires it and releases the card', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    t.clock.advance(24 * 3_600_000 - 1_000);
    expect((await sweepOnce(deps())).requestsExpired).toBeUndefined();
    t.clock.advance(1_000);
    expect((await sweepOnce(deps())).requestsExpired).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'expired' });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect((await mailsTo(guest.user.email)).at(-1)!.subject).toMatch(/^Request expired/);
    expect((await decide(host, booked.bookingId, 'accept')).statusCode).toBe(409);
  });

  it('an expired request stays in the guest’s list, marked as requested; an abandoned hold goes', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const abandoned = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
      guests: 1,
    });
    expect(abandoned.statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000);
    await sweepOnce(deps());
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(guest.user.email)}`,
      headers: guest.headers,
    });
    const byId = new Map(bookingListSchema.parse(list.json()).map((b) => [b._id, b]));
    expect(byId.get(booked.bookingId)).toMatchObject({ status: 'expired', requestedAt: TEST_NOW });
    expect(byId.has(abandoned.json().bookingId)).toBe(false);
  });

  it('accepting after respond_by, before the sweeper ran, says the request expired', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    t.clock.advance(24 * 3_600_000);
    const late = await decide(host, booked.bookingId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'not_requested',
      message: 'This request expired before it was answered.',
    });
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'requested' });
  });

  it('an admin cannot answer their own request', async () => {
    const home = await requestHome();
    const admin = await signInAs(t.app, 'admin');
    const booked = await bookStay(t.app, admin, { homeId: home.id, ...stay });
    const own = await decide(admin, booked.bookingId, 'accept');
    expect(own.statusCode).toBe(403);
    expect((await decide(admin, booked.bookingId, 'decline', {})).statusCode).toBe(403);
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'requested' });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({ status: 'requires_capture' });
    // Another admin may.
    const other = await signInAs(t.app, 'admin');
    expect((await decide(other, booked.bookingId, 'accept', {})).statusCode).toBe(200);
  });

  it('accept takes no body, or an empty object; anything in it is refused', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const extra = await decide(host, booked.bookingId, 'accept', { message: 'Welcome!' });
    expect(extra.statusCode).toBe(400);
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'requested' });
    expect((await decide(host, booked.bookingId, 'accept', {})).statusCode).toBe(200);
  });

  it("the request mails give the deadline on the home's clocks, with its zone", async () => {
    const home = await requestHome({ timeZone: 'Asia/Tokyo' });
    await bookStay(t.app, guest, { homeId: home.id, ...stay });
    // respond_by: 2026-11-22 10:00 UTC, 19:00 in Tokyo.
    const deadline = 'Nov 22, 2026, 7:00 PM (Asia/Tokyo time)';
    const guestMail = (await mailsTo(guest.user.email)).at(-1)!;
    const hostMail = (await mailsTo(host.user.email)).at(-1)!;
    expect(guestMail.text).toContain(`The host answers by ${deadline};`);
    expect(hostMail.text).toContain(`Accept or decline by ${deadline};`);
    expect(hostMail.text).toContain('Dates: 2026-12-10 to 2026-12-13 (3 nights)');
  });

  it('a request whose check-in is close answers by the check-in day minus 2 hours; too close is refused', async () => {
    const home = await requestHome({ timeZone: 'UTC', availableFrom: '2026-11-01' });
    // Now is 2026-11-21 10:00 UTC: check-in tomorrow -> respond by 2026-11-21 22:00 UTC.
    const booked = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-11-22', checkOut: '2026-11-24' });
    expect((await bookingRow(t.db, booked.bookingId)).respondBy).toEqual(new Date('2026-11-21T22:00:00.000Z'));
    const other = await signInAs(t.app, 'guest');
    const late = await createHold(t.app, other, {
      homeId: home.id,
      checkIn: '2026-11-21',
      checkOut: '2026-11-22',
      guests: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('request_too_late');
  });

  it('a guest who withdraws a request is not charged', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${booked.bookingId}`,
      headers: guest.headers,
    });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'cancelled', refundId: null });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({ status: 'canceled' });
    // The host, mailed the request, learns it is withdrawn.
    const hostMail = (await mailsTo(host.user.email)).at(-1)!;
    expect(hostMail.subject).toMatch(/^Booking cancelled/);
    expect(hostMail.text).toContain('No payment was taken.');
    expect((await decide(host, booked.bookingId, 'accept')).statusCode).toBe(409);
  });

  it('a host accepting and declining at once: exactly one answer wins', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const [a, d] = await Promise.all([
      decide(host, booked.bookingId, 'accept'),
      decide(host, booked.bookingId, 'decline', {}),
    ]);
    expect([a.statusCode, d.statusCode].sort()).toEqual([200, 409]);
    const row = await bookingRow(t.db, booked.bookingId);
    const intent = await intentRow(t.db, booked.paymentIntentId);
    if (a.statusCode === 200) expect([row.status, intent.status]).toEqual(['confirmed', 'succeeded']);
    // A capture that lost to the decline is refunded.
    else expect(row.status === 'declined' && (intent.status === 'canceled' || intent.refundId !== null)).toBe(true);
  });

  it('a host accepting twice at once (two tabs, a double click): confirmed and charged, never refunded', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const caller = { id: host.user.id, email: host.user.email, role: 'host' };
    // The second accept lands while the first is between its capture and its status change.
    const payments = deps().payments;
    let second: Promise<unknown> | undefined;
    const racing: BookingDeps = {
      ...deps(),
      payments: {
        ...payments,
        captureIntent: async (...args) => {
          const captured = await payments.captureIntent(...args);
          second ??= acceptRequest(deps(), caller, booked.bookingId);
          await second;
          return captured;
        },
      },
    };
    // Both answer the confirmed stay: the host asked for it, and it is what happened.
    expect(await acceptRequest(racing, caller, booked.bookingId)).toMatchObject({
      reservation: { status: 'confirmed' },
    });
    expect(await second).toMatchObject({ reservation: { status: 'confirmed' } });
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'confirmed', refundId: null });
    expect(await intentRow(t.db, booked.paymentIntentId)).toMatchObject({ status: 'succeeded', refundId: null });
  });

  it('only the home host or an admin answers; others get 404', async () => {
    const home = await requestHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    const otherHost = await signInAs(t.app, 'host');
    expect((await decide(otherHost, booked.bookingId, 'accept')).statusCode).toBe(404);
    expect((await decide(guest, booked.bookingId, 'decline', {})).statusCode).toBe(403);
    const admin = await signInAs(t.app, 'admin');
    expect((await decide(admin, booked.bookingId, 'decline', {})).statusCode).toBe(200);
  });
});

describe('instant-book requirements', () => {
  async function modeFor(who: SignedIn, homeId: string) {
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/home/${homeId}/quote?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
      headers: who.headers,
    });
    return quote.json().bookingMode as string;
  }

  it('a guest without a profile photo is routed to a request; with one, books instantly', async () => {
    const home = await insertHome(t.db, { hostEmail: host.user.email, instantBookRequirements: ['profile_photo'] });
    expect(await modeFor(guest, home.id)).toBe('request');
    const booked = await bookStay(t.app, guest, { homeId: home.id, ...stay });
    expect(await bookingRow(t.db, booked.bookingId)).toMatchObject({ status: 'requested', bookingMode: 'request' });

    const pictured = await signInAs(t.app, 'guest');
    await t.db.update(users).set({ image: '/uploads/face.webp' }).where(eq(users.id, pictured.user.id));
    expect(await modeFor(pictured, home.id)).toBe('instant');
    const instant = await bookStay(t.app, pictured, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-22' });
    expect(await bookingRow(t.db, instant.bookingId)).toMatchObject({ status: 'confirmed', bookingMode: 'instant' });
  });

  it('good_review: a past stay reviewed by a host with 4 or 5 stars; a bad one does not count', async () => {
    const home = await insertHome(t.db, { hostEmail: host.user.email, instantBookRequirements: ['good_review'] });
    expect(await modeFor(guest, home.id)).toBe('request');
    const past = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      checkIn: '2026-10-01',
      checkOut: '2026-10-03',
    });
    const reviewOf = (overall: number) =>
      insertReview(t.db, past, {
        authorRole: 'host',
        authorId: host.user.id,
        subjectUserId: guest.user.id,
        overall,
        cleanliness: null,
        accuracy: null,
        location: null,
        value: null,
      });
    const bad = await reviewOf(2);
    expect(await modeFor(guest, home.id)).toBe('request');
    await t.db.update(reviews).set({ overall: 5 }).where(eq(reviews.id, bad.id));
    expect(await modeFor(guest, home.id)).toBe('instant');
    // Anonymous callers see the home's own mode.
    const anon = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/quote?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
    });
    expect(anon.json().bookingMode).toBe('instant');
  });

  it('sandbox confirm answers requires_capture for a request', async () => {
    const home = await requestHome();
    const held = await createHold(t.app, guest, { homeId: home.id, ...stay, guests: 1 });
    const paid = await payCard(t.app, guest, held.json().clientSecret);
    expect(paid.json().paymentIntent.status).toBe('requires_capture');
  });
});

describe(`50 concurrent requests and instant holds for the same nights (${inject('dbMode') === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives exactly one holder; the others get 409, also against the request once it is sent', async () => {
    // Half the guests have a profile photo (instant), half not (request).
    const home = await insertHome(t.db, {
      hostEmail: host.user.email,
      totalGuest: 4,
      instantBookRequirements: ['profile_photo'],
    });
    const guests = await Promise.all(Array.from({ length: 50 }, () => signInAs(t.app, 'guest')));
    await Promise.all(
      guests
        .filter((_, i) => i % 2 === 0)
        .map((g) => t.db.update(users).set({ image: '/uploads/face.webp' }).where(eq(users.id, g.user.id))),
    );
    const attempt = async (g: SignedIn, i: number) => {
      const held = await createHold(t.app, g, {
        homeId: home.id,
        checkIn: `2026-12-${String(10 + (i % 3)).padStart(2, '0')}`,
        checkOut: `2026-12-${String(14 + (i % 2)).padStart(2, '0')}`,
        guests: 1,
      });
      if (held.statusCode !== 200) return held.statusCode;
      const paid = await payCard(t.app, g, held.json().clientSecret);
      expect(paid.statusCode, paid.body).toBe(200);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        payload: { bookingId: held.json().bookingId, paymentIntentId: held.json().paymentIntentId },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return 200;
    };
    const codes = await Promise.all(guests.map(attempt));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);

    const rows = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
    expect(rows).toHaveLength(1);
    expect(['requested', 'confirmed']).toContain(rows[0]!.status);

    // Once sent (or confirmed), the stay keeps every overlapping hold out.
    const late = await Promise.all(guests.slice(0, 50).map((g, i) => attempt(g, i + 1)));
    expect(late.every((c) => c === 409)).toBe(true);
  });
});
