/**
 * A host's cancellation and its two mails commit together (ADR 0046): they are in the queue before the
 * refund is asked for, the guest's goes out worded with its outcome, and a cancellation that rolls back
 * or loses a race mails nobody. Mail is read as a real SMTP server receives it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '#server/test/booking-test-helpers';
import { useCancellationMailApp } from '#server/test/cancellation-mail-app';
import { signInAs, type SignedIn } from '#server/test/test-app';

const { t, inbox, gate: refundGate, bookedStay: bookedStayOf, queuedMails } = useCancellationMailApp();

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});

let homes = 0;
const bookedStay = () => bookedStayOf(host, guest, `Host-cancelled loft ${++homes}`, '2027-01-12');

const hostCancel = (bookingId: string, reason = 'The roof leaks') =>
  t.app.inject({
    method: 'POST',
    url: `/api/host/reservations/${bookingId}/cancel`,
    headers: host.headers,
    payload: { reason },
  });
/** The mails of a host's cancellation of a home: the guest's and the host's record. */
const received = (title: string) =>
  inbox.received.filter(
    (m) => m.subject.includes(title) && /^(Your host cancelled your booking|You cancelled a booking):/.test(m.subject),
  );
const queuedRows = (title: string) => queuedMails(`%cancelled%${title}%`);

describe("the host's cancellation mails commit with the cancellation (ADR 0046)", () => {
  it('are in the queue while the refund is being asked for; the guest is told it went through', async () => {
    const { title, bookingId } = await bookedStay();
    refundGate.closed = true;
    const answer = hostCancel(bookingId);
    await expect.poll(() => refundGate.waiting.length).toBe(1);
    expect((await bookingRow(t.db, bookingId)).status).toBe('cancelled');
    const rows = await queuedRows(title);
    expect(rows.map((r) => r.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    // Worded for a crash now: the sweeper refunds a cancelled confirmed booking.
    expect(rows.find((r) => r.to === guest.user.email)!.text).toContain(
      'Your full refund of $200.00 is being processed',
    );
    expect(received(title)).toEqual([]);

    refundGate.open();
    expect((await answer).json<{ refund: string }>().refund).toBe('refunded');
    await expect
      .poll(() =>
        received(title)
          .flatMap((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
    const toGuest = received(title).find((m) => m.to.includes(guest.user.email))!;
    expect(toGuest.text).toContain('Refunded in full: $200.00 to the card you paid with');
    expect(toGuest.text).toContain('The roof leaks');
    expect(received(title).find((m) => m.to.includes(host.user.email))!.text).toContain(
      'The guest is refunded the full $200.00.',
    );
  });

  it('rolled back after its mails were queued: still confirmed, nobody mailed', async () => {
    const { title, bookingId } = await bookedStay();
    // The database refuses the host's record, queued after the guest's mail in the cancelling transaction.
    await t.db.execute(sql`
      create function refuse_host_record() returns trigger language plpgsql as $$
      begin
        if new.payload->>'subject' like 'You cancelled a booking: %' then raise exception 'host mail refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_host_record before insert on jobs for each row execute function refuse_host_record()`);
    try {
      expect((await hostCancel(bookingId)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_host_record on jobs`);
      await t.db.execute(sql`drop function refuse_host_record()`);
    }
    const row = await bookingRow(t.db, bookingId);
    expect([row.status, row.refundId]).toEqual(['confirmed', null]);
    expect(await queuedRows(title)).toEqual([]);
    await t.app.mailQueue.drained();
    expect(received(title)).toEqual([]);
  });

  it('the host and the guest cancel at once: only the winner’s mails go out', async () => {
    const { title, bookingId } = await bookedStay();
    const [byHost, byGuest] = await Promise.all([
      hostCancel(bookingId),
      t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: guest.headers }),
    ]);
    expect(byHost.statusCode).toBe(200);
    const guestWon = byGuest.json<{ deletedCount: number }>().deletedCount === 1;
    await t.app.mailQueue.drained();
    const hostMails = received(title);
    const guestMails = inbox.received.filter((m) => m.subject.startsWith(`Booking cancelled: “${title}”`));
    // Exactly one side's pair of mails.
    expect([hostMails.length, guestMails.length]).toEqual(guestWon ? [0, 2] : [2, 0]);
  });
});
