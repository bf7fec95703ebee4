/**
 * Each booking path writes its ledger entries with its state change (issue 28, ADR 0053): an
 * instant booking's charge, a request's charge at acceptance (nothing at a decline), a guest's
 * policy refund split between fee, tax and the host's share, a host's cancellation reversing the
 * charge, a deposit's hold and capture, and the host's share becoming payable 24 h after check-in.
 * Prices carry a 12% service fee and a 10% tax. The test clock starts at 2026-11-21T10:00Z.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, ledgerEntries, ledgerTransactions } from '#server/db/schema';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { expectAllBalanced } from '#server/test/ledger-checks';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { hostBalances } from './ledger-post';
import { releaseDueHostShares } from './ledger-release';

const settings = { currency: 'usd', payoutDelayHours: 24 };
const t = useTestApp(() => ({ pricing: { serviceFeePercent: 12, taxPercent: 10 }, ledger: settings }));

let guest: SignedIn, host: SignedIn, admin: SignedIn;
beforeAll(async () => {
  [guest, admin] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'admin')]);
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  // A host of their own per test: their balances start at 0.
  host = await signInAs(t.app, 'host');
});

const WINDOW = { availableFrom: '2026-11-21', availableTo: '2027-03-01' };
const home = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { ...WINDOW, hostId: host.user.id, hostEmail: host.user.email, ...overrides });

/** The booking's ledger: each transaction's kind and its entries by account (host accounts by name only). */
async function ledgerOf(bookingId: string) {
  const rows = await t.db
    .select({
      kind: ledgerTransactions.kind,
      transactionId: ledgerTransactions.id,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.bookingId, bookingId))
    .orderBy(ledgerEntries.id);
  const byKind: Record<string, Record<string, number>> = {};
  for (const r of rows) (byKind[r.kind] ??= {})[r.account] = r.amountCents;
  return byKind;
}

async function row(bookingId: string) {
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return b!;
}

const cancelAsGuest = (id: string, who: SignedIn = guest) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who.headers });

describe('an instant booking', () => {
  it('is charged when confirmed: cash in, the fee, the tax, and the rest pending for the host', async () => {
    const { id } = await home();
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const b = await row(bookingId);
    expect(b.serviceFeeCents).toBeGreaterThan(0);
    expect(b.taxCents).toBeGreaterThan(0);
    const hostShare = b.amountCents - b.serviceFeeCents - b.taxCents;
    expect(await ledgerOf(bookingId)).toEqual({
      charge: {
        platform_cash: b.amountCents,
        host_pending: -hostShare,
        platform_fees: -b.serviceFeeCents,
        taxes_collected: -b.taxCents,
      },
    });
    expect(await hostBalances(t.db, host.user.id)).toEqual({
      pendingCents: hostShare,
      availableCents: 0,
      paidCents: 0,
    });
    await expectAllBalanced(t.db);
    // The receipt shows the split, for the guest and the host alike; payable 24 h after check-in (12:00 UTC).
    for (const who of [guest, host]) {
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${bookingId}/receipt`,
        headers: who.headers,
      });
      expect(receipt.json().split).toEqual({
        paidCents: b.amountCents,
        serviceFeeCents: b.serviceFeeCents,
        taxCents: b.taxCents,
        hostPayoutCents: hostShare,
        hostPayoutAt: '2026-12-11T12:00:00.000Z',
        paidOutAt: null,
      });
    }
  });

  it("a guest's cancellation by policy refunds half, taking fee and tax in proportion", async () => {
    // Strict: 7 days or more before check-in (and check-in within 14 days of booking) gives half back.
    const { id } = await home({ cancellationPolicy: 'strict' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-01', checkOut: '2026-12-04' });
    expect((await cancelAsGuest(bookingId)).statusCode).toBe(200);
    const b = await row(bookingId);
    const r = b.refundAmountCents!;
    expect(r).toBe(Math.round(b.amountCents / 2));
    const f = Math.round((b.serviceFeeCents * r) / b.amountCents);
    const tax = Math.round((b.taxCents * r) / b.amountCents);
    expect((await ledgerOf(bookingId)).refund).toEqual({
      platform_cash: -r,
      platform_fees: f,
      taxes_collected: tax,
      host_pending: r - f - tax,
    });
    const hostShare = b.amountCents - b.serviceFeeCents - b.taxCents;
    expect((await hostBalances(t.db, host.user.id)).pendingCents).toBe(hostShare - (r - f - tax));
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(receipt.json().split).toMatchObject({
      paidCents: b.amountCents - r,
      serviceFeeCents: b.serviceFeeCents - f,
      taxCents: b.taxCents - tax,
      hostPayoutCents: hostShare - (r - f - tax),
    });
    await expectAllBalanced(t.db);
  });

  it("a host's cancellation refunds all: the charge exactly reversed, nothing left for anyone", async () => {
    const { id } = await home({ cancellationPolicy: 'strict' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${bookingId}/cancel`,
      headers: host.headers,
      payload: { reason: 'The roof leaks' },
    });
    expect(cancelled.statusCode).toBe(200);
    const { charge, refund } = await ledgerOf(bookingId);
    expect(refund).toEqual(Object.fromEntries(Object.entries(charge!).map(([k, v]) => [k, -v])));
    expect(await hostBalances(t.db, host.user.id)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 0 });
  });

  it("an admin's cancellation refunds all of it", async () => {
    const { id } = await home({ cancellationPolicy: 'strict' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-11-24', checkOut: '2026-11-27' });
    expect((await cancelAsGuest(bookingId, admin)).statusCode).toBe(200);
    const b = await row(bookingId);
    expect((await ledgerOf(bookingId)).refund?.platform_cash).toBe(-b.amountCents);
    expect((await hostBalances(t.db, host.user.id)).pendingCents).toBe(0);
  });
});

describe('a request to book', () => {
  const decide = (id: string, action: 'accept' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${id}/${action}`,
      headers: host.headers,
      ...(action === 'decline' ? { payload: {} } : {}),
    });

  it('posts nothing while authorised, and the charge when the host accepts', async () => {
    const { id } = await home({ bookingMode: 'request' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    expect(await ledgerOf(bookingId)).toEqual({});
    expect((await decide(bookingId, 'accept')).statusCode).toBe(200);
    const b = await row(bookingId);
    expect((await ledgerOf(bookingId)).charge?.platform_cash).toBe(b.amountCents);
  });

  it('posts nothing when declined (the authorisation is released, no money moved)', async () => {
    const { id } = await home({ bookingMode: 'request' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    expect((await decide(bookingId, 'decline')).statusCode).toBe(200);
    expect(await ledgerOf(bookingId)).toEqual({});
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(receipt.json().split).toBeNull();
  });
});

describe('a security deposit', () => {
  it('is a memo pair while held; a capture releases it and owes the captured money to the host', async () => {
    const { id } = await home({ securityDepositCents: 20_000 });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-11-25', checkOut: '2026-11-28' });
    expect((await ledgerOf(bookingId)).deposit_hold).toEqual({ deposit_holds: 20_000, deposits_held: -20_000 });
    t.clock.set('2026-11-26T09:00:00.000Z');
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${bookingId}/damage-claim`,
      headers: host.headers,
      payload: { amount: 150, reason: 'A broken lamp' },
    });
    expect(claim.statusCode).toBe(200);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/damage-claims/${bookingId}/decide`,
      headers: admin.headers,
      payload: { capture: 120 },
    });
    expect(decided.statusCode).toBe(200);
    expect((await ledgerOf(bookingId)).deposit_capture).toEqual({
      deposits_held: 20_000,
      deposit_holds: -20_000,
      platform_cash: 12_000,
      host_payable: -12_000,
    });
    expect((await hostBalances(t.db, host.user.id)).availableCents).toBe(12_000);
    await expectAllBalanced(t.db);
  });
});

describe('releaseDueHostShares', () => {
  it("moves the host's share to payable 24 h after check-in in the home's time zone, once", async () => {
    // Lisbon in winter is UTC: check-in 2026-11-24 at 12:00 is 12:00Z; payable from 2026-11-25T12:00Z.
    const { id } = await home({ timeZone: 'Europe/Lisbon' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-11-24', checkOut: '2026-11-27' });
    const b = await row(bookingId);
    const share = b.amountCents - b.serviceFeeCents - b.taxCents;
    await releaseDueHostShares(t.db, new Date('2026-11-25T11:59:59Z'), settings);
    expect((await hostBalances(t.db, host.user.id)).pendingCents).toBe(share);
    expect(await releaseDueHostShares(t.db, new Date('2026-11-25T12:00:00Z'), settings)).toBeGreaterThanOrEqual(1);
    expect(await hostBalances(t.db, host.user.id)).toEqual({ pendingCents: 0, availableCents: share, paidCents: 0 });
    expect((await ledgerOf(bookingId)).host_share_available).toEqual({ host_pending: share, host_payable: -share });
    await releaseDueHostShares(t.db, new Date('2026-11-26T12:00:00Z'), settings);
    expect((await ledgerOf(bookingId)).host_share_available).toEqual({ host_pending: share, host_payable: -share });
    expect(await hostBalances(t.db, host.user.id)).toEqual({ pendingCents: 0, availableCents: share, paidCents: 0 });
    await expectAllBalanced(t.db);
  });

  it('moves only what a partial refund left, from check-in + 24 h in Tokyo', async () => {
    const { id } = await home({ cancellationPolicy: 'strict', timeZone: 'Asia/Tokyo' });
    const { bookingId } = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-11-29', checkOut: '2026-12-02' });
    expect((await cancelAsGuest(bookingId)).statusCode).toBe(200);
    const left = (await hostBalances(t.db, host.user.id)).pendingCents;
    expect(left).toBeGreaterThan(0);
    expect((await row(bookingId)).refundAmountCents).toBe(Math.round((await row(bookingId)).amountCents / 2));
    // Tokyo: check-in 2026-11-29 12:00 JST is 03:00Z; payable from 2026-11-30T03:00Z.
    await releaseDueHostShares(t.db, new Date('2026-11-30T02:59:00Z'), settings);
    expect((await hostBalances(t.db, host.user.id)).pendingCents).toBe(left);
    await releaseDueHostShares(t.db, new Date('2026-11-30T03:00:00Z'), settings);
    expect(await hostBalances(t.db, host.user.id)).toEqual({ pendingCents: 0, availableCents: left, paidCents: 0 });
  });
});
