/**
 * The ledger against the bookings (issue 28's "done when"): a randomized sequence of 200 booking
 * events (fast-check) through the API: instant bookings and requests, accepts and declines,
 * guest, host and admin cancellations with their policy refunds, damage claims captured or
 * released, the deposit release job, time passing with host shares becoming payable, and payouts
 * to hosts (posted as the ledger contract's `transfer`, some of them failing). Afterwards every
 * transaction sums to 0 and each account's balance is what the bookings' and deposits' states
 * imply, computed here from those rows alone.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInInstant } from '#shared/cancellation';
import { addDays } from '#shared/stay';
import { homeToday } from '#shared/time-zones';
import { bookings, securityDeposits, type BookingRow } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { releaseDueDeposits } from '../deposits/deposits-release';
import { hostBalances, postLedgerTransaction } from './ledger-post';
import { releaseDueHostShares } from './ledger-release';

const settings = { currency: 'usd', payoutDelayHours: 24 };
const t = useTestApp(() => ({
  pricing: { serviceFeePercent: 12.5, taxPercent: 7.25 },
  ledger: settings,
  deposits: { releaseDays: 2 },
}));

type Event =
  | { type: 'book'; home: number; offset: number; nights: number }
  | { type: 'accept' | 'decline' | 'guestCancel' | 'hostCancel' | 'adminCancel'; pick: number }
  | { type: 'claim'; pick: number; capture: boolean; cents: number }
  | { type: 'wait'; hours: number }
  | { type: 'payout'; host: number; fail: boolean };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('book' as const),
      home: fc.nat(3),
      offset: fc.integer({ min: 1, max: 30 }),
      nights: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constantFrom('accept' as const, 'decline' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constantFrom('guestCancel' as const, 'hostCancel' as const, 'adminCancel' as const),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('claim' as const),
      pick: fc.nat(),
      capture: fc.boolean(),
      cents: fc.integer({ min: 1, max: 15_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 96 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('payout' as const), host: fc.nat(1), fail: fc.boolean() }) },
);

let guest: SignedIn, admin: SignedIn;
const hosts: SignedIn[] = [];
const homes: { id: string; host: number }[] = [];
/** Net transfers per host (a failed one taken back), and the bookings whose share was due at a release pass. */
const transferred = new Map<string, number>();
const released = new Set<string>();

beforeAll(async () => {
  [guest, admin] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'admin')]);
  hosts.push(await signInAs(t.app, 'host'), await signInAs(t.app, 'host'));
  const window = { availableFrom: '2026-11-21', availableTo: '2027-12-31' };
  const kinds = [
    { cancellationPolicy: 'flexible' as const, timeZone: 'UTC' },
    { cancellationPolicy: 'strict' as const, timeZone: 'Asia/Tokyo', securityDepositCents: 15_000 },
    { cancellationPolicy: 'moderate' as const, timeZone: 'America/New_York', bookingMode: 'request' as const },
    {
      cancellationPolicy: 'moderate' as const,
      timeZone: 'Europe/Lisbon',
      securityDepositCents: 10_000,
      cleaningFeeCents: 3_333,
    },
  ];
  for (const [i, kind] of kinds.entries()) {
    const host = hosts[i % 2]!;
    const home = await insertHome(t.db, {
      ...window,
      ...kind,
      priceCents: 9_999 + i * 1_234,
      hostId: host.user.id,
      hostEmail: host.user.email,
    });
    homes.push({ id: home.id, host: i % 2 });
  }
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function withStatus(status: BookingRow['status']): Promise<BookingRow[]> {
  return t.db.select().from(bookings).where(eq(bookings.status, status)).orderBy(bookings.createdAt, bookings.id);
}
const pickOf = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const hostOfBooking = (b: BookingRow) => hosts[homes.find((h) => h.id === b.homeId)!.host]!;

/** Marks the charged bookings whose share is due and settled now, as the rule says, then runs the pass. */
async function releasePass() {
  const now = t.clock.now();
  for (const b of await t.db.select().from(bookings)) {
    if (!b.confirmedAt || released.has(b.id)) continue;
    const settled = b.status === 'confirmed' || (b.refundId !== null && !['owed', 'failed'].includes(b.refundId));
    const due = checkInInstant(b.checkIn, b.timeZone).getTime() + 24 * 3_600_000 <= now.getTime();
    if (settled && due) released.add(b.id);
  }
  await releaseDueHostShares(t.db, now, settings);
  await releaseDueDeposits({
    db: t.db,
    clock: t.clock,
    payments: sandboxPayments({ db: t.db, clock: t.clock }),
    deposits: { releaseDays: 2 },
  });
}

async function payout(hostIndex: number, fail: boolean) {
  const hostId = hosts[hostIndex]!.user.id;
  const { availableCents } = await hostBalances(t.db, hostId);
  if (availableCents <= 0) return;
  const payoutId = randomUUID();
  const base = { payoutId, at: t.clock.now(), currency: 'usd' };
  const sent = await postLedgerTransaction(t.db, {
    ...base,
    kind: 'transfer',
    idempotencyKey: `transfer:${payoutId}`,
    lines: [
      { account: 'host_payable', amountCents: availableCents, hostId },
      { account: 'platform_cash', amountCents: -availableCents },
    ],
  });
  transferred.set(hostId, (transferred.get(hostId) ?? 0) + availableCents);
  if (!fail) return;
  await postLedgerTransaction(t.db, {
    ...base,
    kind: 'transfer_failed',
    idempotencyKey: `transfer-failed:${payoutId}`,
    reverses: sent.transactionId,
    lines: [
      { account: 'platform_cash', amountCents: availableCents },
      { account: 'host_payable', amountCents: -availableCents, hostId },
    ],
  });
  transferred.set(hostId, transferred.get(hostId)! - availableCents);
}

async function claim(e: Extract<Event, { type: 'claim' }>) {
  const candidates = (await withStatus('confirmed')).filter((b) => b.depositCents > 0);
  const b = pickOf(candidates, e.pick);
  if (!b) return;
  // The claim window opens on the check-in day: move there when it is still ahead.
  const start = checkInInstant(b.checkIn, b.timeZone);
  if (homeToday(t.clock.now(), b.timeZone) < b.checkIn) t.clock.set(start.toISOString());
  const filed = await inject('POST', `/api/host/reservations/${b.id}/damage-claim`, hostOfBooking(b), {
    amount: Math.min(e.cents, b.depositCents) / 100,
    reason: 'A broken chair',
  });
  if (filed.statusCode !== 200) return;
  const decision = e.capture ? { capture: Math.min(e.cents, b.depositCents) / 100 } : { release: true };
  expect((await inject('POST', `/api/admin/damage-claims/${b.id}/decide`, admin, decision)).statusCode).toBe(200);
}

async function run(e: Event) {
  switch (e.type) {
    case 'book': {
      const home = homes[e.home]!;
      const checkIn = addDays(homeToday(t.clock.now(), 'UTC'), e.offset);
      await bookStay(t.app, guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, e.nights) }).catch(() => {});
      return;
    }
    case 'accept':
    case 'decline': {
      const b = pickOf(await withStatus('requested'), e.pick);
      if (b)
        await inject(
          'POST',
          `/api/host/reservations/${b.id}/${e.type}`,
          hostOfBooking(b),
          e.type === 'decline' ? {} : undefined,
        );
      return;
    }
    case 'guestCancel':
    case 'adminCancel': {
      const b = pickOf(await withStatus('confirmed'), e.pick);
      if (b) await inject('DELETE', `/api/bookings/${b.id}`, e.type === 'guestCancel' ? guest : admin);
      return;
    }
    case 'hostCancel': {
      const b = pickOf(await withStatus('confirmed'), e.pick);
      if (b)
        await inject('POST', `/api/host/reservations/${b.id}/cancel`, hostOfBooking(b), { reason: 'A burst pipe' });
      return;
    }
    case 'claim':
      return claim(e);
    case 'wait':
      t.clock.set(new Date(t.clock.now().getTime() + e.hours * 3_600_000).toISOString());
      return releasePass();
    case 'payout':
      return payout(e.host, e.fail);
  }
}

/** Each account's balance (per host for the host accounts) as the ledger has it. */
async function ledgerBalances() {
  const result = await t.db.execute(sql`
    select account, coalesce(host_id, '') as host, sum(amount_cents)::text as total
    from ledger_entries group by account, host_id`);
  const rows = (result as unknown as { rows: { account: string; host: string; total: string }[] }).rows;
  const map = new Map<string, number>();
  for (const r of rows)
    if (Number(r.total) !== 0) map.set(`${r.account}${r.host ? `:${r.host}` : ''}`, Number(r.total));
  return map;
}

/** The balances the bookings' and deposits' rows imply (the split rule of ADR 0053, written out again here). */
async function impliedBalances() {
  const map = new Map<string, number>();
  const add = (key: string, cents: number) => map.set(key, (map.get(key) ?? 0) + cents);
  for (const b of await t.db.select().from(bookings)) {
    if (!b.confirmedAt) continue;
    const hostId = hostOfBooking(b).user.id;
    const refunded = b.refundId !== null && !['owed', 'failed', 'none'].includes(b.refundId);
    const r = refunded ? (b.refundAmountCents ?? b.amountCents) : 0;
    const f = Math.round((b.serviceFeeCents * r) / b.amountCents);
    const tax = Math.round((b.taxCents * r) / b.amountCents);
    const share = b.amountCents - b.serviceFeeCents - b.taxCents - (r - f - tax);
    add('platform_cash', b.amountCents - r);
    add('platform_fees', -(b.serviceFeeCents - f));
    add('taxes_collected', -(b.taxCents - tax));
    add(released.has(b.id) ? `host_payable:${hostId}` : `host_pending:${hostId}`, -share);
  }
  const deposits = await t.db
    .select({ d: securityDeposits, homeId: bookings.homeId })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId));
  for (const { d, homeId } of deposits) {
    if (d.status === 'held' || d.status === 'claimed') {
      add('deposit_holds', d.amountCents);
      add('deposits_held', -d.amountCents);
    }
    if (d.status === 'captured') {
      const hostId = hosts[homes.find((h) => h.id === homeId)!.host]!.user.id;
      add('platform_cash', d.capturedCents!);
      add(`host_payable:${hostId}`, -d.capturedCents!);
    }
  }
  for (const [hostId, cents] of transferred) {
    add('platform_cash', -cents);
    add(`host_payable:${hostId}`, cents);
  }
  for (const [k, v] of map) if (v === 0) map.delete(k);
  return map;
}

describe('the ledger after a random sequence of booking events', () => {
  it('balances every transaction and matches what the bookings imply', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 200, maxLength: 200 }), async (events) => {
        t.clock.set(TEST_NOW);
        for (const e of events) await run(e);
        await releasePass();
        const unbalanced = await t.db.execute(
          sql`select transaction_id from ledger_entries group by transaction_id having count(*) < 2 or sum(amount_cents) <> 0`,
        );
        expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
        expect(Object.fromEntries(await ledgerBalances())).toEqual(Object.fromEntries(await impliedBalances()));
        // The run did exercise the paths (a sequence that only waited would prove little).
        const kinds = await t.db.execute(sql`select distinct kind from ledger_transactions`);
        const seen = (kinds as unknown as { rows: { kind: string }[] }).rows.map((k) => k.kind);
        expect(seen).toEqual(expect.arrayContaining(['charge', 'refund', 'host_share_available', 'deposit_hold']));
      }),
      // One run of 200 events against one database (the state carries from event to event, so no shrinking).
      { numRuns: 1, endOnFailure: true },
    );
  });
});
