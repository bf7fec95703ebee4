/**
 * Issue 9: a new hold replaces the guest's earlier one for the home, leaving the
 * checkout releases the hold, the note is kept with the hold before payment,
 * only verified emails may hold (at most MAX_STAY_NIGHTS nights), orphans of a
 * crash are cleaned up, and repeated deletes answer alike.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STAY_NIGHTS } from '#shared/constants';
import { addDays } from '#shared/stay';
import { bookings, users } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import type { memoryMail } from '#server/providers/mail/mail';
import {
  bookStay,
  bookingRow,
  confirmBookingCall,
  createHold,
  intentRow,
  payCard,
} from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { sweepOnce } from './bookings-sweeper';

const t = useTestApp();
const MIN = 60_000;

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});
beforeEach(async () => {
  guest = await signInAs(t.app, 'guest');
});

const newHome = () =>
  insertHome(t.db, {
    hostEmail: host.user.email,
    hostId: host.user.id,
    priceCents: 10_000,
    availableFrom: '2026-11-01',
    availableTo: '2027-06-30',
  });
const hold = async (who: SignedIn, homeId: string, checkIn: string, nights = 2) => {
  const res = await createHold(t.app, who, { homeId, checkIn, checkOut: addDays(checkIn, nights), guests: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
};
const release = (who: SignedIn | null, paymentIntentId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment-intent/${encodeURIComponent(paymentIntentId)}/release`,
    headers: who?.headers ?? {},
  });
const sweeperDeps = () => ({ db: t.db, clock: t.clock, payments: sandboxPayments({ db: t.db, clock: t.clock }) });

describe('a new hold replaces the guest’s earlier hold of the home (item 7)', () => {
  it('Jan 10–12 then Jan 20–22: one live hold, its intent cancelled, and other homes can still be held', async () => {
    const home = await newHome();
    const first = await hold(guest, home.id, '2027-01-10');
    const second = await hold(guest, home.id, '2027-01-20');
    expect((await bookingRow(t.db, first.bookingId)).status).toBe('cancelled');
    expect((await intentRow(t.db, first.paymentIntentId)).status).toBe('canceled');
    expect((await bookingRow(t.db, second.bookingId)).status).toBe('held');
    // The 2-live-holds cap still leaves room for another home.
    await hold(guest, (await newHome()).id, '2027-01-10');
  });

  it('shows the guest’s own hold as theirs, never to anyone else', async () => {
    const home = await newHome();
    await hold(guest, home.id, '2027-02-10');
    const url = `/api/home/${home.id}/unavailable`;
    const mine = await t.app.inject({ method: 'GET', url, headers: guest.headers });
    expect(mine.json().ranges).toEqual([{ from: '2027-02-10', to: '2027-02-12', own: true }]);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const other = await signInAs(t.app, 'guest');
    for (const headers of [other.headers, {}]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.json().ranges).toEqual([{ from: '2027-02-10', to: '2027-02-12' }]);
    }
  });
});

describe('POST /api/payment-intent/:id/release (item 7)', () => {
  it('gives the guest’s unpaid hold up and cancels its intent; the dates are free again', async () => {
    const home = await newHome();
    const held = await hold(guest, home.id, '2027-03-01');
    const res = await release(guest, held.paymentIntentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ released: true, status: 'cancelled' });
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('cancelled');
    expect((await intentRow(t.db, held.paymentIntentId)).status).toBe('canceled');
    // Paying the released intent is refused; someone else may hold the dates now.
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(409);
    await hold(await signInAs(t.app, 'guest'), home.id, '2027-03-01');
    // A repeat changes nothing.
    expect((await release(guest, held.paymentIntentId)).json()).toEqual({ released: false, status: 'cancelled' });
  });

  it('never releases a paid hold', async () => {
    const home = await newHome();
    const held = await hold(guest, home.id, '2027-03-10');
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    expect((await release(guest, held.paymentIntentId)).json()).toEqual({ released: false, status: 'held' });
    expect((await intentRow(t.db, held.paymentIntentId)).status).toBe('succeeded');
    const booked = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('404 for someone else’s or an unknown intent, 401 anonymous; the hold stays', async () => {
    const home = await newHome();
    const held = await hold(guest, home.id, '2027-03-20');
    expect((await release(await signInAs(t.app, 'guest'), held.paymentIntentId)).statusCode).toBe(404);
    expect((await release(guest, 'pi_sbx_unknown')).statusCode).toBe(404);
    expect((await release(null, held.paymentIntentId)).statusCode).toBe(401);
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });
});

describe('the note is kept with the hold before payment (item 8)', () => {
  it('PATCH /api/bookings/:id keeps the note; the sweeper’s confirmation keeps it; the paid hold lists as being confirmed', async () => {
    const home = await newHome();
    const held = await hold(guest, home.id, '2027-04-01');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${held.bookingId}`,
      headers: guest.headers,
      payload: { message: '  We arrive late.  ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);

    // The browser's POST /api/bookings never arrives: the list says the payment went through.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(guest.user.email)}`,
      headers: guest.headers,
    });
    expect(listed.json().find((b: { _id: string }) => b._id === held.bookingId)).toMatchObject({
      status: 'held',
      paymentReceived: true,
    });

    t.clock.advance(MIN);
    expect((await sweepOnce(sweeperDeps())).confirmed).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'confirmed', message: 'We arrive late.' });
    // A late POST /api/bookings without a note keeps it too.
    await confirmBookingCall(t.app, guest, { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId });
    expect((await bookingRow(t.db, held.bookingId)).message).toBe('We arrive late.');
  });

  it('only the guest, only while held', async () => {
    const home = await newHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-04-10', checkOut: '2027-04-12' });
    const patch = (who: SignedIn) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${booked.bookingId}`,
        headers: who.headers,
        payload: { message: 'x' },
      });
    expect((await patch(guest)).statusCode).toBe(409);
    expect((await patch(await signInAs(t.app, 'guest'))).statusCode).toBe(404);
  });
});

describe('only verified accounts hold dates, for at most 30 nights (item 15)', () => {
  it('403 email_not_verified for an unverified account; nothing is held', async () => {
    const home = await newHome();
    const fresh = await signInAs(t.app, 'guest');
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, fresh.user.id));
    const res = await createHold(t.app, fresh, {
      homeId: home.id,
      checkIn: '2027-05-01',
      checkOut: '2027-05-03',
      guests: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('email_not_verified');
    expect(res.json().error.message).toMatch(/verify your email/i);
    expect(await t.db.select().from(bookings).where(eq(bookings.guestId, fresh.user.id))).toHaveLength(0);
  });

  it(`400 stay_too_long above ${MAX_STAY_NIGHTS} nights, naming the limit; ${MAX_STAY_NIGHTS} nights are fine`, async () => {
    const home = await newHome();
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-01-01',
      checkOut: addDays('2027-01-01', MAX_STAY_NIGHTS + 1),
      guests: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'stay_too_long' });
    expect(res.json().error.message).toContain(`${MAX_STAY_NIGHTS} nights`);
    await hold(guest, home.id, '2027-01-01', MAX_STAY_NIGHTS);
  });
});

describe('what a crash leaves behind is cleaned up (item 16)', () => {
  it('a hold without an intent expires within a minute; an intent no hold links is cancelled', async () => {
    const home = await newHome();
    const payments = sandboxPayments({ db: t.db, clock: t.clock });
    // The process died after inserting the hold (no intent), and another one after creating the intent (never linked).
    const [bare] = await t.db
      .insert(bookings)
      .values({
        homeId: home.id,
        guestId: guest.user.id,
        guestEmail: guest.user.email,
        hostEmail: host.user.email,
        title: home.title,
        location: home.location,
        image: '',
        nightlyCents: 10_000,
        checkIn: '2027-05-10',
        checkOut: '2027-05-12',
        nights: 2,
        subtotalCents: 20_000,
        amountCents: 20_000,
        status: 'held',
        createdAt: t.clock.now(),
        holdExpiresAt: new Date(t.clock.now().getTime() + 15 * MIN),
      })
      .returning();
    const orphan = await payments.createIntent({
      amountCents: 20_000,
      currency: 'usd',
      bookingId: bare!.id,
      idempotencyKey: bare!.id,
      description: 'orphan',
      receiptEmail: guest.user.email,
    });
    // A live, linked hold is left alone.
    const live = await hold(guest, (await newHome()).id, '2027-05-10');

    // Within the first minute nothing changes (the request may still be running).
    await sweepOnce(sweeperDeps());
    expect((await bookingRow(t.db, bare!.id)).status).toBe('held');
    expect((await intentRow(t.db, orphan.id)).status).toBe('requires_payment_method');

    t.clock.advance(MIN);
    const result = await sweepOnce(sweeperDeps());
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(result.orphansCancelled).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(t.db, bare!.id)).status).toBe('expired');
    expect((await intentRow(t.db, orphan.id)).status).toBe('canceled');
    expect((await bookingRow(t.db, live.bookingId)).status).toBe('held');
    expect((await intentRow(t.db, live.paymentIntentId)).status).toBe('requires_payment_method');
    // The dates of the expired hold are free again.
    await hold(await signInAs(t.app, 'guest'), home.id, '2027-05-10');
  });
});

describe('deleting twice (item 20)', () => {
  const delHome = (id: string, who: SignedIn | null) =>
    t.app.inject({ method: 'DELETE', url: `/api/homes/${id}`, headers: who?.headers ?? {} });
  const delBooking = (id: string, who: SignedIn | null) =>
    t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who?.headers ?? {} });

  it('a home: the owner and an admin get deletedCount 0 the second time; anyone else 404, as for an unknown id', async () => {
    const home = await newHome();
    const admin = await signInAs(t.app, 'admin');
    expect((await delHome(home.id, host)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    for (const who of [host, admin]) {
      const again = await delHome(home.id, who);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ acknowledged: true, deletedCount: 0 });
    }
    for (const who of [await signInAs(t.app, 'host'), guest]) {
      expect((await delHome(home.id, who)).statusCode).toBe(404);
    }
    expect((await delHome(home.id, null)).statusCode).toBe(401);
  });

  it('a booking: the guest and an admin get deletedCount 0 the second time; anyone else 404 before and after', async () => {
    const home = await newHome();
    const admin = await signInAs(t.app, 'admin');
    const stranger = await signInAs(t.app, 'guest');
    const booked = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-06-01', checkOut: '2027-06-03' });
    const unknown = await delBooking('00000000-0000-4000-8000-000000000000', stranger);
    const before = await delBooking(booked.bookingId, stranger);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual(unknown.json());
    expect((await delBooking(booked.bookingId, guest)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    for (const who of [guest, admin]) {
      expect((await delBooking(booked.bookingId, who)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    }
    expect((await delBooking(booked.bookingId, stranger)).statusCode).toBe(404);
  });
});

describe('cancellation mails (item 11)', () => {
  it('a confirmed booking: guest and host are told, with the refunded amount', async () => {
    const mail = t.mail as ReturnType<typeof memoryMail>;
    const home = await newHome();
    const booked = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-06-10', checkOut: '2027-06-13' });
    // The confirmation mails are sent first, so only the cancellation's are read below.
    await t.app.mailQueue.drained();
    mail.messages.length = 0;
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booked.bookingId}`, headers: guest.headers });
    await expect.poll(() => mail.messages.map((m) => m.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    const toGuest = mail.messages.find((m) => m.to === guest.user.email);
    const toHost = mail.messages.find((m) => m.to === host.user.email);
    expect(toGuest?.subject).toBe(`Booking cancelled: “${home.title}”`);
    expect(toGuest?.text).toContain('Refunded: $300.00');
    expect(toHost?.text).toContain('The guest is refunded $300.00');
  });

  it('an unpaid hold: the guest is told no payment was taken; the host, who never heard of it, is not mailed', async () => {
    const mail = t.mail as ReturnType<typeof memoryMail>;
    const home = await newHome();
    const held = await hold(guest, home.id, '2027-06-20');
    await t.app.mailQueue.drained();
    mail.messages.length = 0;
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${held.bookingId}`, headers: guest.headers });
    // Every mail accepted is sent by then: none more can come for the host.
    await t.app.mailQueue.drained();
    expect(mail.messages.map((m) => m.to)).toEqual([guest.user.email]);
    expect(mail.messages[0]!.text).toContain('No payment was taken');
  });
});
