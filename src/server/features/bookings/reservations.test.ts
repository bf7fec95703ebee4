/** A host's reservations and the host's cancellation: GET /api/host/reservations, POST /api/host/reservations/:id/cancel. */
import { beforeAll, describe, expect, it } from 'vitest';
import { hostCancelResponseSchema, reservationListSchema } from '#shared/schemas/reservations';
import type { MailMessage } from '#server/providers/mail/mail';
import { bookStay, bookingRow, createHold, intentRow } from '#server/test/booking-test-helpers';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const messages = () => (t.mail as unknown as { messages: MailMessage[] }).messages;

let admin: SignedIn, host: SignedIn, otherHost: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [admin, host, otherHost] = await Promise.all([
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'host'),
  ]);
  guest = await signInAs(t.app, 'guest', { name: 'Ada Guest' });
});

const list = (who: SignedIn | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/host/reservations${query}`, headers: who?.headers ?? {} });
const cancel = (who: SignedIn | null, id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/host/reservations/${id}/cancel`,
    headers: who?.headers ?? {},
    payload: payload as object,
  });

describe('GET /api/host/reservations', () => {
  let homeA: string, homeB: string, upcoming: string, current: string, past: string;
  beforeAll(async () => {
    const a = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, title: 'Home A' });
    const b = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, title: 'Home B' });
    const theirs = await insertHome(t.db, { hostId: otherHost.user.id, hostEmail: otherHost.user.email });
    homeA = a.id;
    homeB = b.id;
    upcoming = (
      await bookStay(
        t.app,
        guest,
        { homeId: a.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 3 },
        'Late arrival',
      )
    ).bookingId;
    // Today is 2026-11-21 (the test clock): one stay is under way, one is over.
    const booked = { guestId: guest.user.id, guestEmail: guest.user.email, confirmedAt: new Date('2026-11-01') };
    current = (await insertBooking(t.db, b, { ...booked, checkIn: '2026-11-20', checkOut: '2026-11-23', nights: 3 }))
      .id;
    past = (await insertBooking(t.db, a, { ...booked, checkIn: '2026-11-01', checkOut: '2026-11-04', nights: 3 })).id;
    await insertBooking(t.db, theirs, { ...booked, checkIn: '2026-12-01', checkOut: '2026-12-02', nights: 1 });
    // A hold never reached the host: not listed.
    await createHold(t.app, await signInAs(t.app, 'guest'), {
      homeId: a.id,
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
      guests: 1,
    });
  });

  it("answers the host's stays across their homes: current and upcoming first, then past, with guest, dates, message, amount", async () => {
    const res = await list(host);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { reservations } = reservationListSchema.parse(res.json());
    expect(reservations.map((r) => [r.id, r.when])).toEqual([
      [current, 'current'],
      [upcoming, 'upcoming'],
      [past, 'past'],
    ]);
    expect(reservations[1]).toMatchObject({
      homeId: homeA,
      homeTitle: 'Home A',
      guestId: guest.user.id,
      guestName: 'Ada Guest',
      guestEmail: guest.user.email,
      from: '2026-12-10',
      to: '2026-12-13',
      nights: 3,
      guests: 3,
      message: 'Late arrival',
      amountCents: 30_000,
      status: 'confirmed',
      cancelledBy: null,
      cancelReason: null,
    });
  });

  it('filters by home and by upcoming / current / past', async () => {
    const ids = async (query: string) => (await list(host, query)).json().reservations.map((r: { id: string }) => r.id);
    expect(await ids(`?homeId=${homeB}`)).toEqual([current]);
    expect(await ids(`?homeId=${homeA}&when=past`)).toEqual([past]);
    expect(await ids('?when=upcoming')).toEqual([upcoming]);
    expect(await ids('?when=current')).toEqual([current]);
    expect(await ids('?homeId=not-a-uuid')).toEqual([]);
    expect((await list(host, '?when=soon')).statusCode).toBe(400);
    expect((await list(host, '?extra=1')).statusCode).toBe(400);
  });

  it('an admin names the host; a host may not; guests 403, anonymous 401; a host with no stays gets an empty list', async () => {
    const byAdmin = await list(admin, `?hostEmail=${encodeURIComponent(host.user.email.toUpperCase())}`);
    expect(byAdmin.json().reservations).toHaveLength(3);
    expect((await list(otherHost, `?hostEmail=${encodeURIComponent(host.user.email)}`)).statusCode).toBe(403);
    expect((await list(host, `?hostEmail=${encodeURIComponent(host.user.email)}`)).statusCode).toBe(200);
    expect((await list(guest)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    const fresh = await signInAs(t.app, 'host');
    expect((await list(fresh)).json()).toEqual({ reservations: [] });
  });
});

describe('POST /api/host/reservations/:id/cancel', () => {
  let homeId: string;
  beforeAll(async () => {
    homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, title: 'Cancel home' })).id;
  });

  it('cancels a confirmed stay with the reason: full refund, a mail to each side, the nights free again', async () => {
    const booker = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, booker, { homeId, checkIn: '2027-01-05', checkOut: '2027-01-08' });
    await t.app.mailQueue.drained();
    const before = messages().length;
    const res = await cancel(host, stay.bookingId, { reason: '  A pipe burst in the bathroom.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = hostCancelResponseSchema.parse(res.json());
    expect(body.refund).toBe('refunded');
    expect(body.reservation).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'host',
      cancelReason: 'A pipe burst in the bathroom.',
      cancelledAt: '2026-11-21T10:00:00.000Z',
    });
    const row = await bookingRow(t.db, stay.bookingId);
    expect(row.refundId).toMatch(/^re_sbx_/);
    expect((await intentRow(t.db, stay.paymentIntentId)).refundId).toBe(row.refundId);

    await expect
      .poll(() =>
        messages()
          .slice(before)
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([booker.user.email, host.user.email].sort());
    const sent = messages().slice(before);
    const toGuest = sent.find((m) => m.to === booker.user.email)!;
    expect(toGuest.subject).toContain('Your host cancelled your booking');
    expect(toGuest.text).toContain('A pipe burst in the bathroom.');
    expect(toGuest.text).toContain('Refunded in full: $300.00');

    const unavailable = await t.app.inject({ method: 'GET', url: `/api/home/${homeId}/unavailable` });
    expect(unavailable.json().ranges).toEqual([]);
    const again = await createHold(t.app, await signInAs(t.app, 'guest'), {
      homeId,
      checkIn: '2027-01-05',
      checkOut: '2027-01-08',
      guests: 1,
    });
    expect(again.statusCode, again.body).toBe(200);

    // A repeat answers the same and refunds nothing twice.
    const repeat = await cancel(host, stay.bookingId, { reason: 'again' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().reservation.cancelReason).toBe('A pipe burst in the bathroom.');
    expect((await bookingRow(t.db, stay.bookingId)).refundId).toBe(row.refundId);
    expect(messages().length).toBe(before + 2);
  });

  it("404 for another host's booking or an unknown id, 403 for a guest, 400 without a reason, 409 for a hold or a past stay", async () => {
    const booker = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, booker, { homeId, checkIn: '2027-02-01', checkOut: '2027-02-03' });
    expect((await cancel(otherHost, stay.bookingId, { reason: 'mine?' })).statusCode).toBe(404);
    expect((await cancel(host, '00000000-0000-4000-8000-000000000000', { reason: 'x' })).statusCode).toBe(404);
    expect((await cancel(booker, stay.bookingId, { reason: 'x' })).statusCode).toBe(403);
    expect((await cancel(null, stay.bookingId, { reason: 'x' })).statusCode).toBe(401);
    expect((await cancel(host, stay.bookingId, { reason: '   ' })).statusCode).toBe(400);
    expect((await cancel(host, stay.bookingId, { reason: 'x', refund: 0 })).statusCode).toBe(400);
    expect((await bookingRow(t.db, stay.bookingId)).status).toBe('confirmed');

    const hold = await createHold(t.app, await signInAs(t.app, 'guest'), {
      homeId,
      checkIn: '2027-02-10',
      checkOut: '2027-02-11',
      guests: 1,
    });
    const held = await cancel(host, hold.json().bookingId, { reason: 'x' });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('not_confirmed');

    const home = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email }))!;
    const over = await insertBooking(t.db, home, {
      checkIn: '2026-11-10',
      checkOut: '2026-11-12',
      nights: 2,
      confirmedAt: new Date('2026-11-01'),
    });
    const late = await cancel(host, over.id, { reason: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('stay_over');
  });

  it("an admin may cancel any host's stay (recorded as by the admin)", async () => {
    const booker = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, booker, { homeId, checkIn: '2027-02-20', checkOut: '2027-02-21' });
    const res = await cancel(admin, stay.bookingId, { reason: 'Listing removed for a policy breach' });
    expect(res.statusCode).toBe(200);
    expect(res.json().reservation.cancelledBy).toBe('admin');
  });
});

describe("a reservation's group follows the home's time zone", () => {
  it('a Dhaka stay is current from 00:00 Dhaka time on its check-in day (18:00 UTC the day before)', async () => {
    const home = await insertHome(t.db, {
      hostId: otherHost.user.id,
      hostEmail: otherHost.user.email,
      timeZone: 'Asia/Dhaka',
    });
    const booking = await insertBooking(t.db, home, {
      guestEmail: guest.user.email,
      checkIn: '2027-03-10',
      checkOut: '2027-03-12',
      confirmedAt: new Date(),
    });
    const start = t.clock.now();
    try {
      t.clock.set(new Date('2027-03-09T18:30:00Z'));
      const now = reservationListSchema.parse((await list(otherHost, '?when=current')).json()).reservations;
      expect(now.map((r) => [r.id, r.when])).toContainEqual([booking.id, 'current']);
      t.clock.set(new Date('2027-03-09T17:30:00Z'));
      const before = reservationListSchema.parse((await list(otherHost, '?when=upcoming')).json()).reservations;
      expect(before.map((r) => [r.id, r.when])).toContainEqual([booking.id, 'upcoming']);
    } finally {
      t.clock.set(start);
    }
  });
});
