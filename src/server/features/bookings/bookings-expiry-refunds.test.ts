/** Holds that end without the browser: expiry, the sweeper, late payments and refunds that failed. */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, homes } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { PaymentProviderError, type PaymentProvider } from '#server/providers/payments/payment-provider';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import {
  bookStay,
  bookingRow,
  confirmBookingCall,
  createHold,
  intentRow,
  payCard,
} from '#server/test/booking-test-helpers';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import {
  ALREADY_REFUNDED,
  MAX_REFUND_ATTEMPTS,
  REFUND_FAILED,
  REFUND_RETRY_BASE_MS,
  type BookingDeps,
} from './bookings-model';
import { confirmBooking } from './bookings-confirmation';
import { sweepOnce } from './bookings-sweeper';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;
const deps = (): BookingDeps => ({
  db: t.db,
  clock: t.clock,
  payments: sandboxPayments({ db: t.db, clock: t.clock }),
  // The app's durable queue (ADR 0046), as the sweeper has in the app.
  mail: t.app.mailQueue,
});
const MIN = 60_000;

let host: SignedIn, guest: SignedIn, other: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});
// Fresh guests for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  [guest, other] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest')]);
});

const newHome = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostEmail: host.user.email, hostId: host.user.id, priceCents: 12_550, ...overrides });

describe('hold expiry and the sweeper', () => {
  it("an expired hold frees the dates: the next guest's hold expires it in the same transaction", async () => {
    const home = await newHome();
    const stay = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 };
    const first = (await createHold(t.app, guest, stay)).json();
    expect((await createHold(t.app, other, stay)).statusCode).toBe(409);

    t.clock.advance(15 * MIN);
    try {
      const second = await createHold(t.app, other, stay);
      expect(second.statusCode, second.body).toBe(200);
      expect((await bookingRow(t.db, first.bookingId)).status).toBe('expired');
      // The expired hold's payment can no longer be made, nor its booking confirmed.
      expect((await intentRow(t.db, first.paymentIntentId)).status).toBe('canceled');
      expect((await payCard(t.app, guest, first.clientSecret)).statusCode).toBe(409);
      const late = await confirmBookingCall(t.app, guest, {
        bookingId: first.bookingId,
        paymentIntentId: first.paymentIntentId,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('hold_expired');
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('a stale hold that was paid is confirmed, not expired, when someone else asks for the dates', async () => {
    const home = await newHome();
    const stay = { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 };
    const first = (await createHold(t.app, guest, stay)).json();
    await payCard(t.app, guest, first.clientSecret);
    t.clock.advance(16 * MIN);
    try {
      const second = await createHold(t.app, other, stay);
      expect(second.statusCode).toBe(409);
      expect((await bookingRow(t.db, first.bookingId)).status).toBe('confirmed');
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('the guest is told when the hold ended before the payment came, and the payment is refunded', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    // The hold was given up (e.g. by a race with another process) although the card was charged.
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.bookingId));
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'hold_expired' });
    expect(res.json().error.message).toContain('refunded');
    expect((await intentRow(t.db, held.paymentIntentId)).refundIdempotencyKey).toBe(`refund-${held.bookingId}`);
    expect((await bookingRow(t.db, held.bookingId)).refundId).toMatch(/^re_sbx_/);
  });

  it('sweepOnce expires unpaid holds past their time and confirms paid ones the browser never confirmed', async () => {
    const home = await newHome();
    const unpaid = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    const paid = (
      await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-14', checkOut: '2026-12-16', guests: 1 })
    ).json();
    // Another home: a new hold of the same home would replace the guest's earlier one.
    const fresh = (
      await createHold(t.app, other, {
        homeId: (await newHome()).id,
        checkIn: '2026-12-20',
        checkOut: '2026-12-22',
        guests: 1,
      })
    ).json();
    await payCard(t.app, other, paid.clientSecret);
    await t.app.mailQueue.drained();
    const sentBefore = outbox().length;

    // Within the hold nobody is touched except the paid hold, once it is old enough to be asked about.
    let result = await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
    expect(result).toEqual({ confirmed: 0, expired: 0, refunded: 0 });
    t.clock.advance(2 * MIN);
    try {
      result = await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
      expect(result.confirmed).toBeGreaterThanOrEqual(1);
      expect((await bookingRow(t.db, paid.bookingId)).status).toBe('confirmed');
      // (Paid holds left by earlier tests are confirmed too; this one gets its two mails.)
      await expect
        .poll(() =>
          outbox()
            .slice(sentBefore)
            .filter((m) => m.text.includes(paid.bookingId)),
        )
        .toHaveLength(2);
      expect((await bookingRow(t.db, unpaid.bookingId)).status).toBe('held');

      t.clock.advance(14 * MIN);
      result = await sweepOnce(deps());
      expect(result.expired).toBeGreaterThanOrEqual(2);
      expect((await bookingRow(t.db, unpaid.bookingId)).status).toBe('expired');
      expect((await bookingRow(t.db, fresh.bookingId)).status).toBe('expired');
      expect((await intentRow(t.db, unpaid.paymentIntentId)).status).toBe('canceled');
      // The freed dates can be held again.
      expect(
        (await createHold(t.app, other, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 }))
          .statusCode,
      ).toBe(200);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });
});

describe('a refund the provider made but StayHub never recorded', () => {
  it('a cancelled booking whose charge was already refunded (under another key) is marked refunded, not retried forever', async () => {
    const home = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    await deps().payments.refund(stay.paymentIntentId, 'refunded-elsewhere');
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(bookings.id, stay.bookingId));

    const result = await sweepOnce(deps());
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(t.db, stay.bookingId)).refundId).toBe(ALREADY_REFUNDED);
  });
});

describe('a paid hold whose home was deleted', () => {
  async function paidHoldOfDeletedHome(who: SignedIn) {
    const home = await newHome();
    const held = (
      await createHold(t.app, who, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    expect((await payCard(t.app, who, held.clientSecret)).statusCode).toBe(200);
    // The home goes in between (home_id becomes null), e.g. a delete that raced the payment.
    await t.db.delete(homes).where(eq(homes.id, home.id));
    expect((await bookingRow(t.db, held.bookingId)).homeId).toBeNull();
    return held as { bookingId: string; paymentIntentId: string };
  }

  it('is never confirmed by POST /api/bookings: 409 hold_expired, the payment is refunded and the hold ends', async () => {
    const held = await paidHoldOfDeletedHome(guest);
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('hold_expired');
    expect(res.json().error.message).toContain('refunded');
    const row = await bookingRow(t.db, held.bookingId);
    expect(row).toMatchObject({ status: 'expired', confirmedAt: null });
    expect(row.refundId).toMatch(/^re_sbx_/);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
    // A repeat answers the same and refunds nothing more.
    expect(
      (await confirmBookingCall(t.app, guest, { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId }))
        .statusCode,
    ).toBe(409);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
  });

  it('is never confirmed by the sweeper either: refunded once, then left alone', async () => {
    const held = await paidHoldOfDeletedHome(other);
    t.clock.advance(2 * MIN);
    try {
      await sweepOnce(deps(), { paidCheckAfterMs: 60_000 });
      const row = await bookingRow(t.db, held.bookingId);
      expect(row).toMatchObject({ status: 'expired', confirmedAt: null });
      expect(row.refundId).toMatch(/^re_sbx_/);
      t.clock.advance(20 * MIN);
      await sweepOnce(deps());
      expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'expired', refundId: row.refundId });
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });
});

describe('a refund that fails when a paid hold ends without being confirmed', () => {
  /** The sandbox provider with its refunds failing (the provider unreachable) until `up()`; records the keys of refunds made. */
  function flakyDeps() {
    const sandbox = sandboxPayments({ db: t.db, clock: t.clock });
    const refunded: string[] = [];
    let down = true;
    let calls = 0;
    const payments: PaymentProvider = {
      name: sandbox.name,
      createIntent: (input) => sandbox.createIntent(input),
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: (id) => sandbox.cancelIntent(id),
      captureIntent: (id, key, amount) => sandbox.captureIntent(id, key, amount),
      authorizeOffSession: (input) => sandbox.authorizeOffSession(input),
      publicConfig: () => sandbox.publicConfig(),
      async refund(intentId, key) {
        calls++;
        if (down) throw new PaymentProviderError('provider unreachable');
        const refund = await sandbox.refund(intentId, key);
        refunded.push(key);
        return refund;
      },
    };
    return {
      deps: { ...deps(), payments } satisfies BookingDeps,
      refunded,
      calls: () => calls,
      up: () => {
        down = false;
      },
    };
  }

  it('a refund that keeps failing is retried with growing pauses, then given up: admins see it failed with the reason', async () => {
    const admin = await signInAs(t.app, 'admin');
    const home = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const { deps: flaky, calls } = flakyDeps();
    const start = t.clock.now().getTime();
    try {
      // The provider is down for good: cancelling tries once, the sweeper the rest.
      await t.db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: t.clock.now() })
        .where(eq(bookings.id, stay.bookingId));
      const gaps: number[] = [];
      let last = t.clock.now().getTime();
      // Sweep every minute for four hours; note when each try happens.
      for (let i = 0; i < (4 * 60 * 60_000) / 60_000; i++) {
        const before = calls();
        await sweepOnce(flaky);
        if (calls() > before) {
          gaps.push(t.clock.now().getTime() - last);
          last = t.clock.now().getTime();
        }
        t.clock.advance(60_000);
      }
      expect(calls()).toBe(MAX_REFUND_ATTEMPTS);
      // Each pause at least as long as the one before (1, 2, 4 … minutes after the first try).
      for (let i = 2; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
      expect(gaps.at(-1)!).toBeGreaterThanOrEqual(60 * MIN);
      const row = await bookingRow(t.db, stay.bookingId);
      expect(row).toMatchObject({ refundId: REFUND_FAILED, refundAttempts: MAX_REFUND_ATTEMPTS });

      const all = await t.app.inject({ method: 'GET', url: '/api/bookings/history?as=admin', headers: admin.headers });
      const listed = all.json().find((b: { _id: string }) => b._id === stay.bookingId);
      expect(listed.refund).toEqual({ amountCents: 37_650, status: 'failed', failureReason: 'provider unreachable' });
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('a refund the provider refuses for good (no such payment) is recorded as failed at once, not retried', async () => {
    const home = await newHome();
    // As the demo's past stays: a confirmed booking whose payment id the provider never issued.
    const booking = await insertBooking(t.db, home, {
      status: 'cancelled',
      confirmedAt: t.clock.now(),
      cancelledAt: t.clock.now(),
      paymentIntentId: 'demo_past_without_payment',
    });
    await sweepOnce(deps());
    const row = await bookingRow(t.db, booking.id);
    expect(row).toMatchObject({ refundId: REFUND_FAILED, refundAttempts: 1 });
    expect(row.refundError).toContain('No such payment_intent');
    t.clock.advance(24 * 60 * MIN);
    try {
      await sweepOnce(deps());
      expect((await bookingRow(t.db, booking.id)).refundAttempts).toBe(1);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('an expired paid hold whose refund failed is refunded on the next sweep, once', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    // The home goes while the payment is under way: the sweeper ends the hold and refunds, but the provider is down.
    await t.db.delete(homes).where(eq(homes.id, home.id));
    const { deps: flaky, refunded, up } = flakyDeps();
    const key = `refund-${held.bookingId}`;
    t.clock.advance(2 * MIN);
    try {
      await sweepOnce(flaky, { paidCheckAfterMs: 60_000 });
      expect(await bookingRow(t.db, held.bookingId)).toMatchObject({ status: 'expired', confirmedAt: null });
      expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBeNull();

      up();
      // A failed refund waits before its next try (a minute after the first failure).
      t.clock.advance(REFUND_RETRY_BASE_MS);
      const result = await sweepOnce(flaky);
      expect(result.refunded).toBeGreaterThanOrEqual(1);
      expect(refunded.filter((k) => k === key)).toHaveLength(1);
      const row = await bookingRow(t.db, held.bookingId);
      expect(row).toMatchObject({ status: 'expired' });
      expect(row.refundId).toMatch(/^re_sbx_/);
      expect(await intentRow(t.db, held.paymentIntentId)).toMatchObject({
        refundId: row.refundId,
        refundIdempotencyKey: key,
      });

      // Refunded: later sweeps leave it alone.
      t.clock.advance(20 * MIN);
      await sweepOnce(flaky);
      expect(refunded.filter((k) => k === key)).toHaveLength(1);
      expect((await bookingRow(t.db, held.bookingId)).refundId).toBe(row.refundId);
    } finally {
      t.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('a payment that arrives after the hold expired, refused by POST /api/bookings, is refunded by the next sweep when its refund failed', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.bookingId));
    const { deps: flaky, refunded, up } = flakyDeps();
    const key = `refund-${held.bookingId}`;
    await expect(
      confirmBooking(
        flaky,
        { id: guest.user.id, email: guest.user.email, role: 'guest' },
        {
          bookingId: held.bookingId,
          paymentIntentId: held.paymentIntentId,
        },
      ),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'hold_expired' });
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBeNull();

    up();
    t.clock.advance(REFUND_RETRY_BASE_MS);
    await sweepOnce(flaky);
    const row = await bookingRow(t.db, held.bookingId);
    expect(row.refundId).toMatch(/^re_sbx_/);
    await sweepOnce(flaky);
    expect(refunded.filter((k) => k === key)).toHaveLength(1);
    expect((await intentRow(t.db, held.paymentIntentId)).refundId).toBe(row.refundId);
  });
});
