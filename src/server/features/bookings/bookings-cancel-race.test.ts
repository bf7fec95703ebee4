/**
 * Who cancelled is recorded for every cancellation, and a guest's cancel that
 * races the payment's confirmation is refunded by the booking's policy, as it
 * would have been a moment later, never in full as a given-up hold.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { bookings } from '#server/db/schema';
import { bookStay, bookingRow, intentRow } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const onPostgres = inject('dbMode') === 'postgres';
const DAY = 24 * 60 * 60_000;

let host: SignedIn, guest: SignedIn, admin: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  [host, guest, admin] = await Promise.all([
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'admin'),
  ]);
});

/** A moderate home booked 30 days ahead; the clock then moves to 3 days before check-in (moderate: no refund). */
async function moderateStay() {
  const home = await insertHome(t.db, {
    hostId: host.user.id,
    hostEmail: host.user.email,
    priceCents: 10_000,
    cancellationPolicy: 'moderate',
  });
  const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-21', checkOut: '2026-12-23' });
  t.clock.set(new Date(Date.parse('2026-12-21T12:00:00Z') - 3 * DAY));
  return stay;
}

const cancel = (bookingId: string, who: SignedIn) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: who.headers });

describe('who cancelled', () => {
  it('a guest cancelling their booking is recorded as the guest; an admin cancelling it as the admin', async () => {
    const first = await moderateStay();
    expect((await cancel(first.bookingId, guest)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await bookingRow(t.db, first.bookingId)).cancelledBy).toBe('guest');

    t.clock.set(TEST_NOW);
    const second = await moderateStay();
    expect((await cancel(second.bookingId, admin)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const row = await bookingRow(t.db, second.bookingId);
    expect(row.cancelledBy).toBe('admin');
    // StayHub cancelling a guest's stay refunds in full, whatever the policy.
    expect(row.refundAmountCents).toBe(row.amountCents);
  });
});

// PGlite has one connection: the race needs a second session holding the row, so PostgreSQL only.
describe.skipIf(!onPostgres)('a cancel that races the confirmation (PostgreSQL)', () => {
  it('is refunded by the policy of the booking it turned out to be', async () => {
    const stay = await moderateStay();
    const confirmed = await bookingRow(t.db, stay.bookingId);
    // The state a moment before the payment's confirmation: a paid hold.
    await t.db
      .update(bookings)
      .set({ status: 'held', confirmedAt: null, holdExpiresAt: new Date(t.clock.now().getTime() + 10 * 60_000) })
      .where(eq(bookings.id, stay.bookingId));

    // The confirmation runs in another session and holds the row until the cancel has read the hold and waits.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    const confirmation = t.db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({ status: 'confirmed', confirmedAt: confirmed.confirmedAt, holdExpiresAt: confirmed.holdExpiresAt })
        .where(eq(bookings.id, stay.bookingId));
      locked();
      await committed;
    });
    // The cancel starts only once the confirmation holds the row: started together, the cancel
    // could take the row first, and the lock wait seen below was then the confirmation's.
    await rowLocked;
    const cancelled = cancel(stay.bookingId, guest);
    await waitForLockWait();
    commit();
    await confirmation;

    expect((await cancelled).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const row = await bookingRow(t.db, stay.bookingId);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', refundAmountCents: 0 });
    // Nothing went back to the card: moderate gives nothing 3 days before check-in.
    expect((await intentRow(t.db, row.paymentIntentId!)).refundId).toBeNull();
  });
});

/** Resolves once a session of this database waits on a row lock (the cancel's update behind the confirmation). */
async function waitForLockWait() {
  await expect
    .poll(
      async () => {
        // Both drivers answer { rows }; drizzle types a raw statement's result as the driver's generic one.
        const { rows } = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return Number(rows[0]?.n);
      },
      { message: 'the cancel never waited for the confirmation', interval: 25 },
    )
    .toBeGreaterThan(0);
}
