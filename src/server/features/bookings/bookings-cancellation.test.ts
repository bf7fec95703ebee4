/**
 * A guest's or an admin's cancellation and its mails commit together (ADR 0046): the mails are in the
 * queue before the payment provider is asked for the refund (so a crash in between loses none), go out
 * worded with the refund's outcome, and a cancellation that rolls back or loses a race mails nobody.
 * Mail is read as a real SMTP server receives it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRow, createHold } from '#server/test/booking-test-helpers';
import { useCancellationMailApp } from '#server/test/cancellation-mail-app';
import { insertHome } from '#server/test/factories';
import { signInAs, type SignedIn } from '#server/test/test-app';

const { t, inbox, gate: providerGate, bookedStay: bookedStayOf, queuedMails } = useCancellationMailApp();

let host: SignedIn, guest: SignedIn, admin: SignedIn;
beforeAll(async () => {
  [host, admin] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'admin')]);
});
beforeEach(async () => {
  guest = await signInAs(t.app, 'guest');
});

let homes = 0;
const bookedStay = () => bookedStayOf(host, guest, `Cancelled cottage ${++homes}`, '2027-01-13');

const cancel = (bookingId: string, who: SignedIn) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: who.headers });
/** The cancellation mails received for a home, by recipient. */
const cancellationMails = (title: string) =>
  inbox.received.filter((m) => m.subject.startsWith('Booking cancelled:') && m.subject.includes(title));
/** The queue's rows for a home's cancellation mails, sent or not. */
const queuedRows = (title: string) => queuedMails(`Booking cancelled: %${title}%`);

describe('the cancellation mails commit with the cancellation (ADR 0046)', () => {
  it('are in the queue while the refund is being asked for, and go out worded with its outcome', async () => {
    const { title, bookingId } = await bookedStay();
    providerGate.closed = true;
    const answer = cancel(bookingId, guest);
    // Cancelled and committed; the refund waits on the provider.
    await expect.poll(async () => (await bookingRow(t.db, bookingId)).status).toBe('cancelled');
    await expect.poll(() => providerGate.waiting.length).toBe(1);
    // Both mails are accepted already, worded for a crash now (the sweeper would refund); none is sent.
    const rows = await queuedRows(title);
    expect(rows.map((r) => r.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    expect(rows.find((r) => r.to === guest.user.email)!.text).toContain(
      'Your refund of $300.00 is being processed; we keep trying until it goes through.',
    );
    expect(cancellationMails(title)).toEqual([]);

    providerGate.open();
    expect((await answer).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await expect
      .poll(() =>
        cancellationMails(title)
          .flatMap((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
    const toGuest = cancellationMails(title).find((m) => m.to.includes(guest.user.email))!;
    expect(toGuest.text).toContain('Refunded: $300.00 of $300.00 to the card you paid with');
    expect(toGuest.text).not.toContain('being processed');
    expect(cancellationMails(title).find((m) => m.to.includes(host.user.email))!.text).toContain(
      'The guest is refunded $300.00.',
    );
    await t.app.mailQueue.drained();
    expect(cancellationMails(title)).toHaveLength(2);
  });

  it('a hold whose intent is being released: the host mail waits too, and is dropped when nothing was paid', async () => {
    const title = `Released cottage ${++homes}`;
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, title });
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-02-10',
      checkOut: '2027-02-12',
      guests: 1,
    });
    expect(held.statusCode, held.body).toBe(200);
    providerGate.closed = true;
    const answer = cancel(held.json<{ bookingId: string }>().bookingId, guest);
    await expect.poll(() => providerGate.waiting.length).toBe(1);
    // Whether the hold was paid is not known yet: a crash now would mail both sides that any payment is refunded.
    const rows = await queuedRows(title);
    expect(rows.map((r) => r.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    expect(rows.find((r) => r.to === guest.user.email)!.text).toContain(
      'If a payment was taken, it is refunded to the card you paid with.',
    );

    providerGate.open();
    expect((await answer).statusCode).toBe(200);
    await t.app.mailQueue.drained();
    // Nothing had been paid: the guest is told so, and the host, who never heard of the hold, gets nothing.
    expect(cancellationMails(title).map((m) => m.to)).toEqual([[guest.user.email]]);
    expect(cancellationMails(title)[0]!.text).toContain('No payment was taken, so nothing is refunded.');
    expect((await queuedRows(title)).map((r) => r.to)).toHaveLength(1);
  });

  it('a cancellation rolled back after its mails were queued sends none; done again, it mails both', async () => {
    const { title, bookingId } = await bookedStay();
    // The database refuses the host's mail (its subject names the dates), queued after the guest's in the
    // cancelling transaction.
    await t.db.execute(sql`
      create function refuse_cancel_mail() returns trigger language plpgsql as $$
      begin
        if new.payload->>'subject' like 'Booking cancelled: %, 20__-__-__ to %' then raise exception 'host mail refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_cancel_mail before insert on jobs for each row execute function refuse_cancel_mail()`);
    try {
      expect((await cancel(bookingId, guest)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_cancel_mail on jobs`);
      await t.db.execute(sql`drop function refuse_cancel_mail()`);
    }
    // Rolled back as one: still confirmed, no refund asked for, the guest's mail (written first) gone too.
    const row = await bookingRow(t.db, bookingId);
    expect([row.status, row.refundId]).toEqual(['confirmed', null]);
    expect(await queuedRows(title)).toEqual([]);
    await t.app.mailQueue.drained();
    expect(cancellationMails(title)).toEqual([]);

    expect((await cancel(bookingId, guest)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await expect
      .poll(() =>
        cancellationMails(title)
          .flatMap((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
  });

  it('two cancellations at once: the one that loses mails nobody', async () => {
    const { title, bookingId } = await bookedStay();
    const answers = await Promise.all([cancel(bookingId, guest), cancel(bookingId, admin)]);
    expect(answers.map((a) => a.json<{ deletedCount: number }>().deletedCount).sort()).toEqual([0, 1]);
    const byGuest = answers[0]!.json<{ deletedCount: number }>().deletedCount === 1;
    await t.app.mailQueue.drained();
    // One guest mail and one host mail, worded for whoever won.
    expect(
      cancellationMails(title)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([guest.user.email, host.user.email].sort());
    expect(cancellationMails(title).find((m) => m.to.includes(guest.user.email))!.text).toContain(
      byGuest ? 'was cancelled at your request' : 'was cancelled by StayHub',
    );
  });
});
