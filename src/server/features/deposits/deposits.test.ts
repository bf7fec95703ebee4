/**
 * Security deposits (issue 27): held with the stay's card, the amount the guest agreed to, and
 * released by the job after check-out + DEPOSIT_RELEASE_DAYS (claims: deposits-claims.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { depositListSchema } from '#shared/schemas/deposits';
import { bookStay, createHold, payCard } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs } from '#server/test/test-app';
import { RELEASE_AT, WINDOW, useDepositsApp } from './deposits-test-setup';

const { t, people, provider, releasePass, bookedWithDeposit, depositRow, deposits, claim } = useDepositsApp();

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

    const mine = depositListSchema.parse((await deposits(people.guest)).json()).deposits;
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
    const hosts = depositListSchema.parse((await deposits(people.host, 'host')).json()).deposits;
    expect(hosts.map((d) => d.bookingId)).toContain(bookingId);
    expect(depositListSchema.parse((await deposits(people.otherHost, 'host')).json()).deposits).toEqual([]);
    expect((await deposits(people.guest, 'host')).statusCode).toBe(403);
  });

  it("releases at the home's own check-out time, in its time zone", async () => {
    const home = await insertHome(t.db, {
      ...WINDOW,
      hostId: people.host.user.id,
      hostEmail: people.host.user.email,
      securityDepositCents: 10_000,
      timeZone: 'America/New_York',
      checkOutTime: '10:00',
    });
    const stay = await bookStay(t.app, people.guest, {
      homeId: home.id,
      checkIn: '2026-11-25',
      checkOut: '2026-11-28',
    });
    // 10:00 in New York on Nov 28 (UTC-5) is 15:00 UTC; three days later.
    expect((await depositRow(stay.bookingId))!.releaseAt).toEqual(new Date('2026-12-01T15:00:00.000Z'));
  });

  it('holds nothing for a home without a deposit', async () => {
    const home = await insertHome(t.db, { ...WINDOW, hostId: people.host.user.id, hostEmail: people.host.user.email });
    const stay = await bookStay(t.app, people.guest, {
      homeId: home.id,
      checkIn: '2026-11-25',
      checkOut: '2026-11-28',
    });
    expect(await depositRow(stay.bookingId)).toBeUndefined();
  });

  it('charges nothing when the card cannot hold the deposit', async () => {
    const home = await insertHome(t.db, {
      hostId: people.host.user.id,
      hostEmail: people.host.user.email,
      securityDepositCents: 5_000,
    });
    const held = await createHold(t.app, people.guest, {
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
    const declined = await payCard(t.app, people.guest, clientSecret, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    expect((await provider().retrieveIntent(paymentIntentId)).status).toBe('requires_payment_method');
    expect(await depositRow(bookingId)).toBeUndefined();
    // Another card holds it and pays.
    expect((await payCard(t.app, people.guest, clientSecret)).statusCode).toBe(200);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'held', amountCents: 5_000 });
  });
});

describe('the amount held is the one the people.guest agreed to', () => {
  it("a people.host changing the home's deposit between the hold and the card changes nothing for this booking", async () => {
    const home = await insertHome(t.db, {
      ...WINDOW,
      hostId: people.host.user.id,
      hostEmail: people.host.user.email,
      securityDepositCents: 15_000,
    });
    // Its own guest: this hold stays unconfirmed, and a people.guest may have only MAX_LIVE_HOLDS of them.
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
      headers: people.host.headers,
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
    const late = await claim(people.host, bookingId, { amount: 10, reason: 'Broken lamp' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('claim_window_closed');
  });

  it('releases the deposit of a booking cancelled before its stay at once', async () => {
    const { bookingId } = await bookedWithDeposit();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${bookingId}`,
      headers: people.guest.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await releasePass();
    expect((await depositRow(bookingId))!.status).toBe('released');
  });
});
