import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs, ledgerEntries, sandboxTransfers, type BookingRow } from '#server/db/schema';
import { PayoutProviderError } from '#server/providers/payouts/payout-provider';
import { sandboxPayouts } from '#server/providers/payouts/sandbox-payouts';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { sandboxPayoutDeps } from '#server/test/payout-deps';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';
import { addDays } from '#shared/stay';
import { postLedgerTransaction } from '../ledger/ledger-post';
import { runPayouts } from './payouts-job';
import type { PayoutDeps } from './payouts-model';

const t = useTestApp();
let deps: PayoutDeps;
let guest: SignedIn;
beforeAll(async () => {
  deps = sandboxPayoutDeps(t);
  guest = await signInAs(t.app, 'guest');
  // Inside the factory homes' booking window (Dec 1 to Mar 1); each stay moves the clock on a few days.
  t.clock.set('2026-12-01T10:00:00.000Z');
});

/** A stay paid through the API at a new home of `host`'s, checking in two days from the test clock's today. */
async function paidStay(host: SignedIn, priceCents = 10_000): Promise<BookingRow> {
  const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents });
  const checkIn = addDays(t.clock.now().toISOString().slice(0, 10), 2);
  const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn, checkOut: addDays(checkIn, 2) });
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, stay.bookingId));
  return row!;
}

/** The host's share of a booking (the ledger's charge: total - service fee - tax). */
const shareOf = (b: BookingRow) => b.amountCents - b.serviceFeeCents - b.taxCents;

/** The test clock passes the stays' check-in + PAYOUT_DELAY_HOURS (24): their shares become payable. */
function checkInPasses() {
  t.clock.advance(4 * 86_400_000);
}

/** A refund of `cents` of a stay whose share was paid out: what the ledger posts (fee and tax are 0 here), all from host_payable. */
async function refundAfterPayout(booking: BookingRow, hostId: string, cents: number) {
  await t.db.transaction((tx) =>
    postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${booking.id}:1`,
      bookingId: booking.id,
      at: t.clock.now(),
      currency: 'usd',
      lines: [
        { account: 'platform_cash', amountCents: -cents },
        { account: 'host_payable', hostId, amountCents: cents },
      ],
    }),
  );
}

const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const view = async (host: SignedIn) => (await get(host, '/api/host/payouts')).json();

/** Through the API and the sandbox's onboarding page, as the host's browser would. */
async function connect(host: SignedIn, accountNumber = '000123456789') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/host/payouts/account',
    headers: host.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const path = new URL(res.json().url as string).pathname;
  expect(path).toMatch(/^\/api\/payouts\/sandbox\/onboarding\//);
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  // The browser sends the form's real Origin only if the page allows a referrer to its own site
  // (under no-referrer it sends `Origin: null`, and the origin check refuses the post).
  expect(page.headers['referrer-policy']).toBe('same-origin');
  // The app's icon, named as the app's pages do: else the browser asks for /favicon.ico (a 404).
  expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  const sent = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
    payload: new URLSearchParams({ holderName: 'Hana Host', accountNumber }).toString(),
  });
  expect(sent.statusCode, sent.body).toBe(303);
  expect(sent.headers.location).toBe(`${TEST_ORIGIN}/dashboard/payouts?onboarding=done`);
  // The link is used up.
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
}

async function ledgerTotals(hostId: string) {
  const [all] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  const [payable] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.hostId, hostId), eq(ledgerEntries.account, 'host_payable')));
  return { all: Number(all!.sum), payable: Number(payable!.sum) };
}

/** Mails accepted by the queue with this subject (once sent, a row keeps only its subject). */
async function mailsWith(subject: string) {
  const rows = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'subject' = ${subject}`));
  return rows.length;
}

/** One pass of the job, a minute after the last one. */
async function pass() {
  t.clock.advance(60_000);
  return runPayouts(deps);
}

const transfersFor = (booking: BookingRow) =>
  t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, booking.id));

describe('host payouts (sandbox)', () => {
  it('a host without an account keeps earning and is mailed once; once connected, the stay is paid once', async () => {
    const host = await signInAs(t.app, 'host');
    expect(await view(host)).toMatchObject({
      balance: { pendingCents: 0, availableCents: 0, paidCents: 0 },
      account: { status: 'none', provider: 'sandbox' },
      upcoming: [],
      history: [],
    });
    const booking = await paidStay(host);
    const share = shareOf(booking);
    const before = await view(host);
    expect(before.balance).toEqual({ pendingCents: share, availableCents: 0, paidCents: 0 });
    expect(before.upcoming).toEqual([
      expect.objectContaining({ bookingId: booking.id, kind: 'host_pending', availableAt: expect.any(String) }),
    ]);
    checkInPasses();

    await pass();
    await pass();
    expect(await mailsWith('Connect a payout account to receive your earnings')).toBe(1);
    const waiting = await view(host);
    expect(waiting.balance.availableCents).toBe(share);
    expect(waiting.upcoming).toEqual([expect.objectContaining({ bookingId: booking.id, amountCents: share })]);
    expect(waiting.history).toEqual([]);

    await connect(host);
    expect((await get(host, '/api/host/payouts/account')).json()).toEqual({ status: 'enabled', provider: 'sandbox' });
    expect(await pass()).toMatchObject({ paid: 1, failed: 0 });
    expect(await pass()).toMatchObject({ paid: 0, failed: 0 });

    const paid = await view(host);
    expect(paid.balance).toEqual({ pendingCents: 0, availableCents: 0, paidCents: share });
    expect(paid.upcoming).toEqual([]);
    expect(paid.history).toEqual([
      expect.objectContaining({
        amountCents: share,
        status: 'paid',
        failure: null,
        lines: [expect.objectContaining({ bookingId: booking.id, title: booking.title, amountCents: share })],
      }),
    ]);
    expect(await transfersFor(booking)).toHaveLength(1);
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });
    // The host's reservation shows the split, with the day the payout went out.
    const listed = (await get(host, '/api/host/reservations')).json().reservations;
    expect(listed.find((r: { id: string }) => r.id === booking.id).split).toMatchObject({
      paidCents: booking.amountCents,
      serviceFeeCents: booking.serviceFeeCents,
      hostPayoutCents: share,
      paidOutAt: paid.history[0].paidAt,
    });

    const csv = await get(host, '/api/host/payouts.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`,${booking.id},`);
    expect(csv.body).toContain(`,host_share_available,${share},usd`);
  });

  it('a refused transfer fails the payout; the next pass after the host fixes the account pays the same stays', async () => {
    const host = await signInAs(t.app, 'host');
    const booking = await paidStay(host, 12_000);
    const share = shareOf(booking);
    checkInPasses();
    await connect(host, '000111111116');
    expect(await pass()).toMatchObject({ paid: 0, failed: 1 });
    const failed = await view(host);
    expect(failed.history).toEqual([expect.objectContaining({ status: 'failed', amountCents: share })]);
    expect(failed.history[0].failure).toMatch(/closed/);
    expect(failed.balance).toMatchObject({ availableCents: share, paidCents: 0 });
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: -share });

    // Once enabled, the button opens the "dashboard": the sandbox's page, where the test account is changed.
    await connect(host, '000123456789');
    expect(await pass()).toMatchObject({ paid: 1 });
    const retried = await view(host);
    expect(retried.history.map((p: { status: string }) => p.status)).toEqual(['paid', 'failed']);
    expect(retried.history[0].lines).toEqual([expect.objectContaining({ bookingId: booking.id, amountCents: share })]);
    expect(retried.balance).toMatchObject({ availableCents: 0, paidCents: share });
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });
  });

  it('a refund after a payout is taken back from its transfer, once; the next payout pays only new stays', async () => {
    const host = await signInAs(t.app, 'host');
    await connect(host);
    const first = await paidStay(host, 10_000);
    const share = shareOf(first);
    checkInPasses();
    await pass();
    await refundAfterPayout(first, host.user.id, 5_000);
    expect(await pass()).toMatchObject({ paid: 0, reversed: 1 });
    expect(await pass()).toMatchObject({ paid: 0, reversed: 0 });
    const [transfer] = await transfersFor(first);
    expect(transfer).toMatchObject({ amountCents: share, reversedCents: 5_000 });
    const reversed = await view(host);
    expect(reversed.balance).toMatchObject({ availableCents: 0, paidCents: share - 5_000 });
    // The refund is a deduction of the payout it was taken back from, not of the next one.
    expect(reversed.history[0].lines).toEqual([
      expect.objectContaining({ bookingId: first.id, kind: 'host_share_available', amountCents: share }),
      expect.objectContaining({ bookingId: first.id, kind: 'refund', amountCents: -5_000 }),
    ]);
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });

    const second = await paidStay(host, 8_000);
    checkInPasses();
    expect(await pass()).toMatchObject({ paid: 1 });
    const after = await view(host);
    expect(after.history[0]).toMatchObject({ status: 'paid', amountCents: shareOf(second) });
    expect(after.balance).toMatchObject({ availableCents: 0, paidCents: share - 5_000 + shareOf(second) });
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });
  });

  it('a refund more than the transfer has left stays a negative balance, deducted from the next payout', async () => {
    const host = await signInAs(t.app, 'host');
    await connect(host);
    const first = await paidStay(host, 10_000);
    const share = shareOf(first);
    checkInPasses();
    await pass();
    const owed = share + 1_000;
    await refundAfterPayout(first, host.user.id, owed);
    expect(await pass()).toMatchObject({ paid: 0, reversed: 0 });
    expect((await view(host)).balance.availableCents).toBe(-owed);

    const second = await paidStay(host, 20_000);
    const secondShare = shareOf(second);
    checkInPasses();
    expect(await pass()).toMatchObject({ paid: 1 });
    const after = await view(host);
    expect(after.history[0]).toMatchObject({ status: 'paid', amountCents: secondShare - owed });
    expect(after.history[0].lines).toEqual([
      expect.objectContaining({ bookingId: first.id, kind: 'refund', amountCents: -owed }),
      expect.objectContaining({ bookingId: second.id, kind: 'host_share_available', amountCents: secondShare }),
    ]);
    expect(after.balance).toMatchObject({ availableCents: 0, paidCents: share + secondShare - owed });
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });
  });

  it('an answer lost after the transfer went out (a crash before the ledger write) is asked again: paid once', async () => {
    const host = await signInAs(t.app, 'host');
    await connect(host);
    const booking = await paidStay(host);
    const share = shareOf(booking);
    checkInPasses();
    // The provider makes the transfer, then the process never hears back (killed, or the connection dropped).
    const sandbox = deps.payouts;
    const lost = {
      ...sandbox,
      transfer: async (input: Parameters<typeof sandbox.transfer>[0]) => {
        await sandbox.transfer(input);
        throw new PayoutProviderError('socket hang up', 'provider_error', false);
      },
    };
    expect(await runPayouts({ ...deps, payouts: lost })).toMatchObject({ paid: 0, failed: 0 });
    const inFlight = await view(host);
    expect(inFlight.history).toEqual([expect.objectContaining({ status: 'pending', amountCents: share })]);
    expect(inFlight.balance).toMatchObject({ availableCents: share, paidCents: 0 });
    expect(await transfersFor(booking)).toHaveLength(1);

    // The next pass asks again with the same key (payout:<id>): the same transfer answers, the ledger is posted once.
    expect(await pass()).toMatchObject({ paid: 1 });
    expect(await pass()).toMatchObject({ paid: 0 });
    const paid = await view(host);
    expect(paid.history).toEqual([expect.objectContaining({ status: 'paid', amountCents: share })]);
    expect(paid.balance).toMatchObject({ availableCents: 0, paidCents: share });
    expect(await transfersFor(booking)).toHaveLength(1);
    expect(await ledgerTotals(host.user.id)).toEqual({ all: 0, payable: 0 });
  });

  it('two passes at once (two processes) pay a host once', async () => {
    const host = await signInAs(t.app, 'host');
    await connect(host);
    const booking = await paidStay(host);
    const share = shareOf(booking);
    checkInPasses();
    const other = { ...deps, payouts: sandboxPayouts({ db: t.db, clock: t.clock, publicUrl: TEST_ORIGIN }) };
    const results = await Promise.all([runPayouts(deps), runPayouts(other)]);
    expect(results.reduce((n, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(1);
    const h = await view(host);
    expect(h.history).toHaveLength(1);
    expect(h.balance).toMatchObject({ availableCents: 0, paidCents: share });
    expect(await transfersFor(booking)).toHaveLength(1);
  });

  it('only hosts reach payouts, each their own', async () => {
    expect((await get(guest, '/api/host/payouts')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/host/payouts.csv' })).statusCode).toBe(401);
    const a = await signInAs(t.app, 'host');
    const b = await signInAs(t.app, 'host');
    const booking = await paidStay(a);
    checkInPasses();
    await pass();
    expect((await view(a)).upcoming).toEqual([expect.objectContaining({ bookingId: booking.id })]);
    expect((await view(b)).upcoming).toEqual([]);
  });
});
