/**
 * The one lock order (ADR 0029): every write to a home's bookings, blocks, imports or reviews takes
 * the home's row first. Here another session holds the home's row (as a hold, an unblock, a home's
 * deletion or a cancellation does) while the app's call is sent; once that call waits, the session
 * goes on to the booking, block or import row the call writes. Taken in the other order the two
 * would wait on each other: PostgreSQL breaks that with 40P01, and the other session (a short
 * deadlock_timeout) is the one told.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Db } from '#server/db/client';
import { bookings, calendarImports, homeBlocks, type homes } from '#server/db/schema';
import { bookStay, bookingRow, confirmBookingCall, createHold, payCard } from '#server/test/booking-test-helpers';
import { deleteBlockCall, postBlock } from '#server/test/calendar';
import { lockWaitSeen, sessionHoldingHome } from '#server/test/lock-sessions';
import { insertBooking, insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { guestReview, hostReview, postReview, stayAt } from '../reviews/reviews-test-helpers';
import type { Tx } from './availability';

const t = useTestApp();
const onPostgres = inject('dbMode') === 'postgres';

let host: SignedIn, guest: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});

/** The hold's own insert: an overlapping stay of the home, held for 15 minutes. */
const insertHold = (home: typeof homes.$inferSelect, checkIn: string, checkOut: string) => (tx: Tx) =>
  insertBooking(tx as Db, home, {
    status: 'held',
    checkIn,
    checkOut,
    holdExpiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
  });

const hostsHome = () => insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });

describe.skipIf(!onPostgres)('writes to a home take its row first (PostgreSQL)', () => {
  it('POST /api/bookings waits for a hold that has the home: the hold is refused (23P01), the booking confirmed', async () => {
    const home = await hostsHome();
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-01-10',
      checkOut: '2027-01-13',
      guests: 1,
    });
    const stay = held.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
    expect((await payCard(t.app, guest, stay.clientSecret)).statusCode).toBe(200);

    const other = await sessionHoldingHome(t.db, home.id);
    const booked = confirmBookingCall(t.app, guest, {
      bookingId: stay.bookingId,
      paymentIntentId: stay.paymentIntentId,
    });
    await lockWaitSeen(t.db);
    expect(await other.finish(insertHold(home, '2027-01-11', '2027-01-14'))).toBe('23P01');
    expect((await booked).statusCode).toBe(200);
    expect((await bookingRow(t.db, stay.bookingId)).status).toBe('confirmed');
  });

  for (const by of ['guest', 'host'] as const) {
    it(`a ${by}'s cancellation waits for a hold that has the home: the hold is refused, the stay cancelled`, async () => {
      const home = await hostsHome();
      const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-20', checkOut: '2027-01-23' });

      const other = await sessionHoldingHome(t.db, home.id);
      const cancelled =
        by === 'guest'
          ? t.app.inject({ method: 'DELETE', url: `/api/bookings/${stay.bookingId}`, headers: guest.headers })
          : t.app.inject({
              method: 'POST',
              url: `/api/host/reservations/${stay.bookingId}/cancel`,
              headers: host.headers,
              payload: { reason: 'The roof leaks.' },
            });
      await lockWaitSeen(t.db);
      expect(await other.finish(insertHold(home, '2027-01-21', '2027-01-24'))).toBe('23P01');
      expect((await cancelled).statusCode).toBe(200);
      expect((await bookingRow(t.db, stay.bookingId)).status).toBe('cancelled');
    });
  }

  it("removing a block waits for an unblock that has the home and then the block's row", async () => {
    const home = await hostsHome();
    const block = await postBlock(t.app, host, home.id, { from: '2027-02-01', to: '2027-02-05' });
    const blockId = (block.json() as { id: string }).id;

    const other = await sessionHoldingHome(t.db, home.id);
    const removed = deleteBlockCall(t.app, host, home.id, blockId);
    await lockWaitSeen(t.db);
    // What unblocking nights does under the home's lock: the host's blocks in the range, locked.
    const unblock = (tx: Tx) =>
      tx
        .select({ id: homeBlocks.id })
        .from(homeBlocks)
        .where(sql`${homeBlocks.id} = ${blockId}`)
        .for('update');
    expect(await other.finish(unblock)).toBe('done');
    expect((await removed).statusCode).toBe(200);
  });

  it('removing a calendar import waits for a home deletion that has the home and then the import', async () => {
    const home = await hostsHome();
    const [feed] = await t.db
      .insert(calendarImports)
      .values({ homeId: home.id, name: 'Elsewhere', url: 'https://calendar.example.test/a.ics' })
      .returning();
    await t.db
      .insert(homeBlocks)
      .values({ homeId: home.id, stay: '[2027-02-10,2027-02-12)', source: 'import', importId: feed!.id });

    const other = await sessionHoldingHome(t.db, home.id);
    const removed = t.app.inject({
      method: 'DELETE',
      url: `/api/home/${home.id}/calendar-imports/${feed!.id}`,
      headers: host.headers,
    });
    await lockWaitSeen(t.db);
    // What deleting the home reaches next under its lock (ON DELETE CASCADE): the home's imports.
    const deleting = (tx: Tx) => tx.delete(calendarImports).where(sql`${calendarImports.homeId} = ${home.id}`);
    expect(await other.finish(deleting)).toBe('done');
    // Gone with the home's other imports first: nothing left to remove.
    expect((await removed).statusCode).toBe(404);
  });

  it("the second review of a stay waits for a cancellation that has the home, then the booking's row", async () => {
    const home = await hostsHome();
    const stay = await stayAt(t, home, guest);
    t.clock.set('2026-12-14T10:00:00.000Z');
    expect((await postReview(t.app, host, stay.id, hostReview())).statusCode).toBe(201);

    const cancellation = await sessionHoldingHome(t.db, home.id);
    // The second review publishes both, which updates the home's rating.
    const reviewed = postReview(t.app, guest, stay.id, guestReview());
    await lockWaitSeen(t.db);
    const cancel = (tx: Tx) =>
      tx
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(sql`${bookings.id} = ${stay.id}`);
    expect(await cancellation.finish(cancel)).toBe('done');
    expect((await reviewed).statusCode).toBe(201);
  });
});
