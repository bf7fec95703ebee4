/**
 * Issue 25: once a stay's check-in day has begun (UTC calendar day, as every "today" on the
 * server), the spec's cancel call refuses it for every role (409 stay_started): nothing is
 * refunded, no mail says the dates are free, and the cancel dialog's quote refuses too.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryMail } from '#server/providers/mail/mail';
import { bookStay, bookingRow } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const mail = memoryMail();
const t = useTestApp(() => ({ mail }));

let host: SignedIn, guest: SignedIn, admin: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  [host, guest, admin] = await Promise.all([
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'admin'),
  ]);
});

const CHECK_IN = '2026-12-10';

async function bookedStay() {
  const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 10_000 });
  return bookStay(t.app, guest, { homeId: home.id, checkIn: CHECK_IN, checkOut: '2026-12-13' });
}

const cancel = (id: string, who: SignedIn) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who.headers });
const quote = (id: string, who: SignedIn) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${id}/cancellation`, headers: who.headers });

describe('a stay that has begun cannot be cancelled through DELETE /api/bookings/:id', () => {
  it.each([
    ['on check-in day at midnight UTC', '2026-12-10T00:00:00Z'],
    ['during the stay', '2026-12-11T15:00:00Z'],
    ['after it ended', '2026-12-20T09:00:00Z'],
  ])('%s: 409 stay_started for the guest and an admin, nothing refunded or mailed', async (_when, at) => {
    const stay = await bookedStay();
    t.clock.set(new Date(at));
    // The confirmation mails are sent first: only what the refused cancellations could send is looked at.
    await t.app.mailQueue.drained();
    mail.messages.length = 0;
    for (const who of [guest, admin]) {
      const res = await cancel(stay.bookingId, who);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'stay_started',
        message: 'This stay has already begun, so it can no longer be cancelled.',
      });
      expect((await quote(stay.bookingId, who)).statusCode).toBe(409);
    }
    const row = await bookingRow(t.db, stay.bookingId);
    expect(row.status).toBe('confirmed');
    expect(row.refundId).toBeNull();
    await t.app.mailQueue.drained();
    expect(mail.messages).toEqual([]);
  });

  it("counts the check-in day in the home's time zone (kept on the booking)", async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 10_000,
      timeZone: 'Asia/Dhaka',
    });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: CHECK_IN, checkOut: '2026-12-13' });
    // 19:00 UTC on Dec 9 is 01:00 on Dec 10 in Dhaka (UTC+6): check-in day has begun there.
    t.clock.set(new Date('2026-12-09T19:00:00Z'));
    expect((await cancel(stay.bookingId, guest)).statusCode).toBe(409);
    t.clock.set(new Date('2026-12-09T17:59:00Z'));
    expect((await cancel(stay.bookingId, guest)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('the last minute of the day before check-in still cancels', async () => {
    const stay = await bookedStay();
    t.clock.set(new Date('2026-12-09T23:59:00Z'));
    expect((await quote(stay.bookingId, guest)).statusCode).toBe(200);
    expect((await cancel(stay.bookingId, guest)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await bookingRow(t.db, stay.bookingId)).status).toBe('cancelled');
  });
});
