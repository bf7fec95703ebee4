/**
 * The operator's books over HTTP (issue 28): GET /api/admin/ledger (a booking's lines, a period's),
 * its CSV, and GET /api/admin/finance's figures after a booking, a policy refund and a deposit.
 * Prices carry a 12% service fee and a 10% tax; the test clock starts at 2026-11-21T10:00Z.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { financeResponseSchema, ledgerResponseSchema } from '#shared/schemas/ledger';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp(() => ({
  pricing: { serviceFeePercent: 12, taxPercent: 10 },
  ledger: { currency: 'eur', payoutDelayHours: 24 },
}));

let guest: SignedIn, host: SignedIn, admin: SignedIn;
beforeAll(async () => {
  [guest, host, admin] = await Promise.all([
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'admin'),
  ]);
});

const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
const WINDOW = { availableFrom: '2026-11-21', availableTo: '2027-03-01' };

describe('the admin ledger and finance', () => {
  it("lists a booking's lines, sums each transaction to 0, exports CSV, and sums a period", async () => {
    const kept = await insertHome(t.db, { ...WINDOW, hostId: host.user.id, hostEmail: host.user.email });
    const strict = await insertHome(t.db, {
      ...WINDOW,
      hostId: host.user.id,
      hostEmail: host.user.email,
      cancellationPolicy: 'strict',
      securityDepositCents: 10_000,
    });
    const a = await bookStay(t.app, guest, { homeId: kept.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const b = await bookStay(t.app, guest, { homeId: strict.id, checkIn: '2026-12-01', checkOut: '2026-12-03' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b.bookingId}`, headers: guest.headers }))
        .statusCode,
    ).toBe(200);

    const res = await get(`/api/admin/ledger?bookingId=${a.bookingId}`);
    expect(res.statusCode).toBe(200);
    const { entries, truncated } = ledgerResponseSchema.parse(res.json());
    expect(truncated).toBe(false);
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['charge']));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect(entries.find((e) => e.account === 'platform_cash')).toMatchObject({
      amountCents: Math.round(a.amount * 100),
      currency: 'eur',
      bookingId: a.bookingId,
    });
    expect(entries.find((e) => e.account === 'host_pending')?.hostId).toBe(host.user.id);

    const period = await get('/api/admin/ledger?from=2026-11-01&to=2026-12-01');
    const all = ledgerResponseSchema.parse(period.json()).entries;
    const byTx = new Map<string, number>();
    for (const e of all) byTx.set(e.transactionId, (byTx.get(e.transactionId) ?? 0) + e.amountCents);
    expect([...byTx.values()].every((v) => v === 0)).toBe(true);
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(['charge', 'refund', 'deposit_hold']));
    expect((await get('/api/admin/ledger?from=2026-12-01')).json().entries).toEqual([]);

    const csv = await get('/api/admin/ledger.csv?from=2026-11-01&to=2026-12-01');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,transactionId,kind,account,hostId,bookingId,payoutId,amountCents,currency');
    expect(lines).toHaveLength(all.length + 1);

    const finance = financeResponseSchema.parse((await get('/api/admin/finance')).json());
    const sumOf = (kind: string, account: string) =>
      all.filter((e) => e.kind === kind && e.account === account).reduce((s, e) => s + e.amountCents, 0);
    const refunded = -sumOf('refund', 'platform_cash');
    expect(refunded).toBeGreaterThan(0);
    expect(finance).toMatchObject({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      currency: 'eur',
      grossBookingsCents: sumOf('charge', 'platform_cash'),
      refundsCents: refunded,
      platformFeesCents: -(sumOf('charge', 'platform_fees') + sumOf('refund', 'platform_fees')),
      taxesCollectedCents: -(sumOf('charge', 'taxes_collected') + sumOf('refund', 'taxes_collected')),
      payoutsMadeCents: 0,
      payoutsFailedCents: 0,
      transferReversalsCents: 0,
      // The cancelled stay's deposit is held until the release job lets it go.
      depositsHeldCents: 10_000,
    });
    // What the hosts are owed: everything charged less fee, tax and the refund's host part.
    const hostLines = all.filter((e) => e.account === 'host_pending' || e.account === 'host_payable');
    expect(finance.heldForHostsCents).toBe(-hostLines.reduce((s, e) => s + e.amountCents, 0));

    // A period before any of it: nothing moved, nothing held.
    const before = financeResponseSchema.parse((await get('/api/admin/finance?from=2026-10-01&to=2026-11-01')).json());
    expect(before).toMatchObject({ grossBookingsCents: 0, refundsCents: 0, heldForHostsCents: 0 });
  });

  it('refuses everyone but admins, and a period that ends before it starts', async () => {
    expect((await get('/api/admin/finance', host)).statusCode).toBe(403);
    expect((await get('/api/admin/ledger', guest)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ledger.csv' })).statusCode).toBe(401);
    const bad = await get('/api/admin/finance?from=2026-12-01&to=2026-11-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_period');
    // Well-formed, but no instant: refused, never a 500.
    expect((await get('/api/admin/ledger?from=2026-11-01T00:00:00%2B99:00')).statusCode).toBe(400);
    expect((await get('/api/admin/finance?from=2026-02-30')).statusCode).toBe(400);
  });
});
