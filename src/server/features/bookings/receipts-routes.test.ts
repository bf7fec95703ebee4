/** GET /api/bookings/history and /api/bookings/:id/receipt: cancelled and past bookings stay findable, with the refund. */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingListSchema, bookingSchema } from '#shared/schemas/bookings';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn, otherHost: SignedIn, guest: SignedIn, otherGuest: SignedIn, admin: SignedIn;
const ids = { past: '', cancelled: '', upcoming: '', released: '', others: '' };

beforeAll(async () => {
  [host, otherHost, guest, otherGuest, admin] = await Promise.all([
    signInAs(t.app, 'host'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'admin'),
  ]);
  const home = await insertHome(t.db, {
    hostId: host.user.id,
    hostEmail: host.user.email,
    cancellationPolicy: 'moderate',
  });
  const elsewhere = await insertHome(t.db, { hostId: otherHost.user.id, hostEmail: otherHost.user.email });
  ids.past = (
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-01', checkOut: '2026-12-03' })
  ).bookingId;
  ids.cancelled = (
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12' })
  ).bookingId;
  ids.upcoming = (
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-10', checkOut: '2027-01-12' })
  ).bookingId;
  ids.others = (
    await bookStay(t.app, otherGuest, { homeId: elsewhere.id, checkIn: '2026-12-01', checkOut: '2026-12-02' })
  ).bookingId;
  // An unpaid hold given up is no booking: never in the history.
  const held = await createHold(t.app, guest, {
    homeId: home.id,
    checkIn: '2027-02-01',
    checkOut: '2027-02-03',
    guests: 1,
  });
  ids.released = held.json().bookingId;
  await t.app.inject({ method: 'DELETE', url: `/api/bookings/${ids.released}`, headers: guest.headers });
  // Cancelled 20 days before check-in under the moderate policy: a full refund.
  await t.app.inject({ method: 'DELETE', url: `/api/bookings/${ids.cancelled}`, headers: guest.headers });
  // The first stay has ended by now.
  t.clock.set('2026-12-05T09:00:00Z');
});

const history = async (who: SignedIn, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/bookings/history${query}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return bookingListSchema.parse(res.json());
};

describe('GET /api/bookings/history', () => {
  it("the guest's own: cancelled (with the refund) and past, newest stay first; not upcoming, not given-up holds", async () => {
    const list = await history(guest);
    expect(list.map((b) => b._id)).toEqual([ids.cancelled, ids.past]);
    expect(list[0]).toMatchObject({ status: 'cancelled', refund: { amountCents: 20_000, status: 'refunded' } });
    expect(list[0]!.cancelledAt).toBe(TEST_NOW);
    expect(list[1]).toMatchObject({ status: 'confirmed', refund: null, cancelledAt: null });
  });

  it("a host's: their homes' bookings only; an admin's: everyone's", async () => {
    expect((await history(host, '?as=host')).map((b) => b._id)).toEqual([ids.cancelled, ids.past]);
    expect((await history(otherHost, '?as=host')).map((b) => b._id)).toEqual([ids.others]);
    const all = (await history(admin, '?as=admin')).map((b) => b._id);
    expect(all).toEqual(expect.arrayContaining([ids.cancelled, ids.past, ids.others]));
    expect(all).not.toContain(ids.upcoming);
  });

  it("the spec's My Bookings list is as before: confirmed bookings, not cancelled ones", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(guest.user.email)}`,
      headers: guest.headers,
    });
    expect(bookingListSchema.parse(res.json()).map((b) => b._id)).toEqual([ids.upcoming, ids.past]);
  });

  it('as=host needs the host role, as=admin the admin role; unknown fields are refused', async () => {
    const asHost = await t.app.inject({ method: 'GET', url: '/api/bookings/history?as=host', headers: guest.headers });
    expect(asHost.statusCode).toBe(403);
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/bookings/history?as=admin', headers: host.headers });
    expect(asAdmin.statusCode).toBe(403);
    const odd = await t.app.inject({ method: 'GET', url: '/api/bookings/history?email=x', headers: guest.headers });
    expect(odd.statusCode).toBe(400);
  });
});

describe('GET /api/bookings/:id/receipt', () => {
  it('the guest, the host of the home and an admin read it; another host or guest gets 404', async () => {
    for (const who of [guest, host, admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${ids.cancelled}/receipt`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(bookingSchema.parse(res.json())).toMatchObject({
        _id: ids.cancelled,
        cancellationPolicy: 'moderate',
        breakdown: { nights: 2, nightlyCents: 10_000, subtotalCents: 20_000, taxCents: 0, totalCents: 20_000 },
        refund: { amountCents: 20_000, status: 'refunded' },
      });
    }
    for (const who of [otherHost, otherGuest]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${ids.cancelled}/receipt`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
