/** Listing and cancelling bookings, and the dates a home is unavailable: GET/DELETE /api/bookings, GET /api/home/:id/unavailable. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingListSchema } from '#shared/schemas/bookings';
import { bookStay, bookingRow, createHold, intentRow } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const MIN = 60_000;

let admin: SignedIn, host: SignedIn, guest: SignedIn, other: SignedIn;
beforeAll(async () => {
  [admin, host] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'host')]);
});
// Fresh guests for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  [guest, other] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest')]);
});

const newHome = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostEmail: host.user.email, hostId: host.user.id, priceCents: 12_550, ...overrides });

describe('GET /api/bookings', () => {
  let lister: SignedIn;
  let ids: string[];
  beforeAll(async () => {
    lister = await signInAs(t.app, 'guest');
    const home = await newHome({ title: 'Listed home', priceCents: 9_000 });
    const a = await bookStay(
      t.app,
      lister,
      { homeId: home.id, checkIn: '2026-12-01', checkOut: '2026-12-03', guests: 2 },
      'first',
    );
    const b = await bookStay(t.app, lister, { homeId: home.id, checkIn: '2026-12-05', checkOut: '2026-12-06' });
    const gone = await bookStay(t.app, lister, { homeId: home.id, checkIn: '2026-12-11', checkOut: '2026-12-12' });
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${gone.bookingId}`, headers: lister.headers });
    // Last: a new hold of the home replaces the guest's earlier unpaid one.
    const held = (
      await createHold(t.app, lister, { homeId: home.id, checkIn: '2026-12-08', checkOut: '2026-12-09', guests: 1 })
    ).json();
    ids = [held.bookingId, b.bookingId, a.bookingId];
  });

  it("lists the guest's own bookings newest first with the spec's fields, holds with their status, without cancelled ones", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(lister.user.email.toUpperCase())}`,
      headers: lister.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = bookingListSchema.parse(res.json());
    expect(list.map((b) => b._id)).toEqual(ids);
    expect(list.map((b) => b.status)).toEqual(['held', 'confirmed', 'confirmed']);
    expect(list[2]).toMatchObject({
      title: 'Listed home',
      price: 90,
      from: '2026-12-01',
      to: '2026-12-03',
      nights: 2,
      total: 180,
      guests: 2,
      guestEmail: lister.user.email,
      hostEmail: host.user.email,
      message: 'first',
      holdExpiresAt: null,
    });
    expect(list[0]!.holdExpiresAt).not.toBeNull();
  });

  it("403 for someone else's email; an admin may read anyone's and all", async () => {
    const url = `/api/bookings?email=${encodeURIComponent(lister.user.email)}`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(bookingListSchema.parse(asAdmin.json()).map((b) => b._id)).toEqual(ids);
    const all = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    const allIds = bookingListSchema.parse(all.json()).map((b) => b._id);
    expect(allIds).toEqual(expect.arrayContaining(ids));
    expect(bookingListSchema.parse(all.json()).every((b) => b.status === 'held' || b.status === 'confirmed')).toBe(
      true,
    );
  });

  it('401 anonymous, 403 for all bookings unless admin, 400 for unknown query fields', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings', headers: lister.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings', headers: host.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings?status=all', headers: admin.headers })).statusCode,
    ).toBe(400);
  });
});

describe('DELETE /api/bookings/:id', () => {
  it('cancels, refunds once through the provider, frees the dates; a second cancel changes nothing', async () => {
    const home = await newHome();
    const stayDates = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' };
    const stay = await bookStay(t.app, guest, stayDates);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${stay.bookingId}`,
      headers: guest.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const row = await bookingRow(t.db, stay.bookingId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    const intent = await intentRow(t.db, stay.paymentIntentId);
    expect(intent.refundId).toBe(row.refundId);
    expect(intent.refundIdempotencyKey).toBe(`refund-${stay.bookingId}`);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${stay.bookingId}`,
      headers: guest.headers,
    });
    expect(again.json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await intentRow(t.db, stay.paymentIntentId)).refundId).toBe(intent.refundId);

    expect((await createHold(t.app, other, { ...stayDates, guests: 1 })).statusCode).toBe(200);
  });

  it('cancelling a hold cancels its payment instead of refunding', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${held.bookingId}`,
      headers: guest.headers,
    });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await intentRow(t.db, held.paymentIntentId)).toMatchObject({ status: 'canceled', refundId: null });
  });

  it("an admin may cancel anyone's booking; others get 404 (as for unknown ids: nothing leaks), anonymous 401", async () => {
    const home = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const url = `/api/bookings/${stay.bookingId}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: host.headers })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/bookings/00000000-0000-4000-8000-000000000000',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/bookings/nope', headers: admin.headers })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await bookingRow(t.db, stay.bookingId)).refundId).toMatch(/^re_sbx_/);
  });
});

describe('GET /api/payments/config', () => {
  it('tells the client to use the sandbox card form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'sandbox' });
  });
});

describe('GET /api/home/:id/unavailable', () => {
  it('lists live holds and confirmed stays (no guest data), not expired, cancelled or past ones; 404 unknown', async () => {
    const home = await newHome();
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-23' });
    const cancelled = await bookStay(t.app, other, { homeId: home.id, checkIn: '2027-01-05', checkOut: '2027-01-07' });
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled.bookingId}`, headers: other.headers });
    await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-05', checkOut: '2026-12-07', guests: 1 });

    const res = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ranges: [
        { from: '2026-12-05', to: '2026-12-07' },
        { from: '2026-12-20', to: '2026-12-23' },
      ],
    });

    t.clock.advance(16 * MIN);
    try {
      const later = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable` });
      expect(later.json()).toEqual({ ranges: [{ from: '2026-12-20', to: '2026-12-23' }] });
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/home/00000000-0000-4000-8000-000000000000/unavailable' }))
        .statusCode,
    ).toBe(404);
  });
});
