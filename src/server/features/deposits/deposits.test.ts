/**
 * Security deposits (issue 27): held with the stay's card, released by the job after check-out +
 * DEPOSIT_RELEASE_DAYS, stopped by a host's damage claim, decided by an admin. The test clock
 * starts at 2026-11-21T10:00Z; homes are in UTC with check-out at 11:00.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { damageClaimListSchema, depositListSchema, depositSchema } from '#shared/schemas/deposits';
import { securityDeposits } from '#server/db/schema';
import type { MailMessage } from '#server/providers/mail/mail';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { bookStay, createHold, payCard } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { releaseDueDeposits } from './deposits-release';

const t = useTestApp(() => ({ deposits: { releaseDays: 3 } }));
const messages = () => (t.mail as unknown as { messages: MailMessage[] }).messages;
const provider = () => sandboxPayments({ db: t.db, clock: t.clock });
const releasePass = () =>
  releaseDueDeposits({ db: t.db, clock: t.clock, payments: provider(), deposits: { releaseDays: 3 } });

let admin: SignedIn, host: SignedIn, otherHost: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [admin, host, otherHost, guest] = await Promise.all([
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
  ]);
});
afterEach(() => t.clock.set(TEST_NOW));

/** A stay of 2026-11-25 to 2026-11-28 at a fresh home of `host` with a $200 deposit; its deposit releases 2026-12-01 11:00Z. */
async function bookedWithDeposit(depositCents = 20_000) {
  const home = await insertHome(t.db, {
    ...WINDOW,
    hostId: host.user.id,
    hostEmail: host.user.email,
    securityDepositCents: depositCents,
  });
  const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-11-25', checkOut: '2026-11-28' });
  return { homeId: home.id, bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId };
}
const RELEASE_AT = '2026-12-01T11:00:00.000Z';
/** Homes open from today, so a stay can start within days. */
const WINDOW = { availableFrom: '2026-11-21', availableTo: '2027-03-01' };
const DURING_STAY = '2026-11-26T09:00:00.000Z';

async function depositRow(bookingId: string) {
  const [row] = await t.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, bookingId));
  return row;
}
const deposits = (who: SignedIn, as = 'guest') =>
  t.app.inject({ method: 'GET', url: `/api/deposits?as=${as}`, headers: who.headers });
const claim = (who: SignedIn, bookingId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/host/reservations/${bookingId}/damage-claim`,
    headers: who.headers,
    payload: payload as object,
  });
const decide = (who: SignedIn, bookingId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/damage-claims/${bookingId}/decide`,
    headers: who.headers,
    payload: payload as object,
  });

describe('the deposit hold at booking', () => {
  it('authorises the deposit with the same card, apart from the stay, without capturing it', async () => {
    const { bookingId, paymentIntentId } = await bookedWithDeposit();
    const row = await depositRow(bookingId);
    expect(row).toMatchObject({ status: 'held', amountCents: 20_000, releaseAt: new Date(RELEASE_AT) });
    expect(row!.paymentIntentId).not.toBe(paymentIntentId);
    const intent = await provider().retrieveIntent(row!.paymentIntentId!);
    expect(intent).toMatchObject({ status: 'requires_capture', amountCents: 20_000, metadata: { bookingId } });
    // The stay itself was charged as before.
    expect((await provider().retrieveIntent(paymentIntentId)).status).toBe('succeeded');

    const mine = depositListSchema.parse((await deposits(guest)).json()).deposits;
    expect(mine.find((d) => d.bookingId === bookingId)).toEqual({
      bookingId,
      amount: 200,
      status: 'held',
      releaseAt: RELEASE_AT,
      claim: null,
      capturedAmount: null,
      decidedAt: null,
      releasedAt: null,
    });
    const hosts = depositListSchema.parse((await deposits(host, 'host')).json()).deposits;
    expect(hosts.map((d) => d.bookingId)).toContain(bookingId);
    expect(depositListSchema.parse((await deposits(otherHost, 'host')).json()).deposits).toEqual([]);
    expect((await deposits(guest, 'host')).statusCode).toBe(403);
  });

  it("releases at the home's own check-out time, in its time zone", async () => {
    const home = await insertHome(t.db, {
      ...WINDOW,
      hostId: host.user.id,
      hostEmail: host.user.email,
      securityDepositCents: 10_000,
      timeZone: 'America/New_York',
      checkOutTime: '10:00',
    });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-11-25', checkOut: '2026-11-28' });
    // 10:00 in New York on Nov 28 (UTC-5) is 15:00 UTC; three days later.
    expect((await depositRow(stay.bookingId))!.releaseAt).toEqual(new Date('2026-12-01T15:00:00.000Z'));
  });

  it('holds nothing for a home without a deposit', async () => {
    const home = await insertHome(t.db, { ...WINDOW, hostId: host.user.id, hostEmail: host.user.email });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-11-25', checkOut: '2026-11-28' });
    expect(await depositRow(stay.bookingId)).toBeUndefined();
  });

  it('charges nothing when the card cannot hold the deposit', async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      securityDepositCents: 5_000,
    });
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-02',
      checkOut: '2026-12-04',
      guests: 1,
    });
    const { bookingId, clientSecret, paymentIntentId } = held.json() as {
      bookingId: string;
      clientSecret: string;
      paymentIntentId: string;
    };
    const declined = await payCard(t.app, guest, clientSecret, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    expect((await provider().retrieveIntent(paymentIntentId)).status).toBe('requires_payment_method');
    expect(await depositRow(bookingId)).toBeUndefined();
    // Another card holds it and pays.
    expect((await payCard(t.app, guest, clientSecret)).statusCode).toBe(200);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'held', amountCents: 5_000 });
  });
});

describe('the amount held is the one the guest agreed to', () => {
  it("a host changing the home's deposit between the hold and the card changes nothing for this booking", async () => {
    const home = await insertHome(t.db, {
      ...WINDOW,
      hostId: host.user.id,
      hostEmail: host.user.email,
      securityDepositCents: 15_000,
    });
    // Its own guest: this hold stays unconfirmed, and a guest may have only MAX_LIVE_HOLDS of them.
    const payer = await signInAs(t.app, 'guest');
    const held = await createHold(t.app, payer, {
      homeId: home.id,
      checkIn: '2026-12-05',
      checkOut: '2026-12-07',
      guests: 1,
    });
    const { bookingId, clientSecret, breakdown } = held.json() as {
      bookingId: string;
      clientSecret: string;
      breakdown: { depositCents: number };
    };
    expect(breakdown.depositCents).toBe(15_000);
    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/home/${home.id}`,
      headers: host.headers,
      payload: {
        title: home.title,
        location: home.location,
        price: home.priceCents / 100,
        total_guest: home.totalGuest,
        bedrooms: home.bedrooms,
        bathrooms: home.bathrooms,
        securityDeposit: 900,
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/quote?checkIn=2026-12-05&checkOut=2026-12-07&guests=1`,
    });
    expect(quote.json().breakdown.depositCents).toBe(90_000);

    expect((await payCard(t.app, payer, clientSecret)).statusCode).toBe(200);
    const row = await depositRow(bookingId);
    expect(row).toMatchObject({ status: 'held', amountCents: 15_000 });
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).amountCents).toBe(15_000);
  });
});

describe('the release job', () => {
  it('releases a deposit with no claim at check-out + DEPOSIT_RELEASE_DAYS, not before', async () => {
    const { bookingId } = await bookedWithDeposit();
    t.clock.set(new Date(new Date(RELEASE_AT).getTime() - 1));
    await releasePass();
    expect((await depositRow(bookingId))!.status).toBe('held');

    t.clock.set(RELEASE_AT);
    expect((await releasePass()).released).toBeGreaterThanOrEqual(1);
    const row = await depositRow(bookingId);
    expect(row).toMatchObject({ status: 'released', releasedAt: new Date(RELEASE_AT) });
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).status).toBe('canceled');
    // Too late for a claim now.
    const late = await claim(host, bookingId, { amount: 10, reason: 'Broken lamp' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('claim_window_closed');
  });

  it('releases the deposit of a booking cancelled before its stay at once', async () => {
    const { bookingId } = await bookedWithDeposit();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${bookingId}`,
      headers: guest.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await releasePass();
    expect((await depositRow(bookingId))!.status).toBe('released');
  });
});

describe('POST /api/host/reservations/:id/damage-claim', () => {
  it("lets the home's host claim up to the deposit once, during the window; the guest is mailed; the release stops", async () => {
    const { bookingId } = await bookedWithDeposit();
    const early = await claim(host, bookingId, { amount: 50, reason: 'Broken lamp' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('stay_not_started');

    t.clock.set(DURING_STAY);
    expect((await claim(otherHost, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(404);
    expect((await claim(guest, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(403);
    expect((await claim(admin, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(403);
    expect((await claim(host, bookingId, { amount: 50, reason: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await claim(host, bookingId, { amount: 50.001, reason: 'x' })).statusCode).toBe(400);
    expect((await claim(host, bookingId, { amount: 50 })).statusCode).toBe(400);
    const tooMuch = await claim(host, bookingId, { amount: 200.01, reason: 'Everything' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('claim_exceeds_deposit');

    await t.app.mailQueue.drained();
    const before = messages().length;
    const filed = await claim(host, bookingId, { amount: 150.5, reason: 'Red wine on the sofa' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(depositSchema.parse(filed.json())).toMatchObject({
      status: 'claimed',
      claim: { amount: 150.5, reason: 'Red wine on the sofa', filedAt: DURING_STAY },
    });
    await t.app.mailQueue.drained();
    const sent = messages().slice(before);
    expect(sent.map((m) => m.to)).toEqual([guest.user.email]);
    expect(sent[0]!.text).toContain('$150.50');
    expect(sent[0]!.text).toContain('Red wine on the sofa');

    const again = await claim(host, bookingId, { amount: 10, reason: 'And a glass' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_claimed');

    // Past the release time the claimed deposit stays held for the admin.
    t.clock.set('2026-12-05T00:00:00.000Z');
    await releasePass();
    const row = await depositRow(bookingId);
    expect(row!.status).toBe('claimed');
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).status).toBe('requires_capture');
  });

  it('answers 409 no_deposit for a stay without one', async () => {
    const home = await insertHome(t.db, { ...WINDOW, hostId: host.user.id, hostEmail: host.user.email });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-11-25', checkOut: '2026-11-28' });
    t.clock.set(DURING_STAY);
    const res = await claim(host, stay.bookingId, { amount: 10, reason: 'Broken lamp' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_deposit');
  });
});

describe('the admin decides a claim', () => {
  async function claimed(amount: number) {
    const booking = await bookedWithDeposit();
    t.clock.set(DURING_STAY);
    const res = await claim(host, booking.bookingId, { amount, reason: 'Broken window' });
    expect(res.statusCode, res.body).toBe(200);
    return booking;
  }

  it('lists claims for admins only, undecided first', async () => {
    const { bookingId } = await claimed(80);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/damage-claims', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { claims } = damageClaimListSchema.parse(res.json());
    expect(claims.find((c) => c.bookingId === bookingId)).toMatchObject({
      bookingId,
      status: 'claimed',
      hostEmail: host.user.email,
      checkIn: '2026-11-25',
    });
    expect(claims.every((c, i) => i === 0 || c.status !== 'claimed' || claims[i - 1]!.status === 'claimed')).toBe(true);
    for (const who of [host, guest]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/damage-claims', headers: who.headers })).statusCode,
      ).toBe(403);
    }
  });

  it('captures exactly the amount decided, at most the claim; guest and host are mailed', async () => {
    const { bookingId } = await claimed(150);
    expect((await decide(host, bookingId, { capture: 100 })).statusCode).toBe(403);
    expect((await decide(admin, bookingId, { capture: 100, release: true })).statusCode).toBe(400);
    const over = await decide(admin, bookingId, { capture: 150.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('capture_exceeds_claim');

    await t.app.mailQueue.drained();
    const before = messages().length;
    const res = await decide(admin, bookingId, { capture: 120.25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(depositSchema.parse(res.json())).toMatchObject({ status: 'captured', capturedAmount: 120.25 });
    const row = await depositRow(bookingId);
    expect(row).toMatchObject({ status: 'captured', capturedCents: 12_025, decidedBy: admin.user.id });
    const intent = await provider().retrieveIntent(row!.paymentIntentId!);
    expect(intent.status).toBe('succeeded');
    expect(intent.amountReceivedCents).toBe(12_025);
    await t.app.mailQueue.drained();
    const sent = messages().slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([guest.user.email, host.user.email].sort());
    expect(sent.every((m) => m.text.includes('$120.25'))).toBe(true);

    const again = await decide(admin, bookingId, { release: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_decided');
  });

  it('releases the whole deposit', async () => {
    const { bookingId } = await claimed(60);
    const res = await decide(admin, bookingId, { release: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(depositSchema.parse(res.json())).toMatchObject({ status: 'released', capturedAmount: null });
    const row = await depositRow(bookingId);
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).status).toBe('canceled');
    // The decision is in the audit log (ADR 0059; the authorisation matrix cannot reach a claim).
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=claim.decide',
      headers: admin.headers,
    });
    expect(audit.json().entries[0]).toMatchObject({ actorId: admin.user.id, targetType: 'claim', targetId: bookingId });
  });

  it('two racing decisions: one wins, the other answers 409, and the card agrees with the record', async () => {
    const { bookingId } = await claimed(90);
    const answers = await Promise.all([
      decide(admin, bookingId, { capture: 90 }),
      decide(admin, bookingId, { release: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await depositRow(bookingId);
    const intent = await provider().retrieveIntent(row!.paymentIntentId!);
    if (row!.status === 'captured') expect(intent).toMatchObject({ status: 'succeeded', amountReceivedCents: 9_000 });
    else expect(row!.status === 'released' && intent.status === 'canceled').toBe(true);
  });

  it('answers 409 no_claim for a deposit without a claim, 404 for an unknown booking', async () => {
    const { bookingId } = await bookedWithDeposit();
    const res = await decide(admin, bookingId, { release: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_claim');
    expect((await decide(admin, '00000000-0000-4000-8000-000000000000', { release: true })).statusCode).toBe(404);
  });
});
