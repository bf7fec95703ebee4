/**
 * Security deposits (issue 27): a host's damage claim stops the release; an admin decides it
 * (captures part or all, or releases it). Set-up in deposits-test-setup.ts.
 */
import { describe, expect, it } from 'vitest';
import { damageClaimListSchema, depositSchema } from '#shared/schemas/deposits';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { DURING_STAY, WINDOW, useDepositsApp } from './deposits-test-setup';

const { t, people, messages, provider, releasePass, bookedWithDeposit, depositRow, claim, decide } = useDepositsApp();

describe('POST /api/host/reservations/:id/damage-claim', () => {
  it("lets the home's people.host claim up to the deposit once, during the window; the people.guest is mailed; the release stops", async () => {
    const { bookingId } = await bookedWithDeposit();
    const early = await claim(people.host, bookingId, { amount: 50, reason: 'Broken lamp' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('stay_not_started');

    t.clock.set(DURING_STAY);
    expect((await claim(people.otherHost, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(404);
    expect((await claim(people.guest, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(403);
    expect((await claim(people.admin, bookingId, { amount: 50, reason: 'x' })).statusCode).toBe(403);
    expect((await claim(people.host, bookingId, { amount: 50, reason: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await claim(people.host, bookingId, { amount: 50.001, reason: 'x' })).statusCode).toBe(400);
    expect((await claim(people.host, bookingId, { amount: 50 })).statusCode).toBe(400);
    const tooMuch = await claim(people.host, bookingId, { amount: 200.01, reason: 'Everything' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('claim_exceeds_deposit');

    await t.app.mailQueue.drained();
    const before = messages().length;
    const filed = await claim(people.host, bookingId, { amount: 150.5, reason: 'Red wine on the sofa' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(depositSchema.parse(filed.json())).toMatchObject({
      status: 'claimed',
      claim: { amount: 150.5, reason: 'Red wine on the sofa', filedAt: DURING_STAY },
    });
    await t.app.mailQueue.drained();
    const sent = messages().slice(before);
    expect(sent.map((m) => m.to)).toEqual([people.guest.user.email]);
    expect(sent[0]!.text).toContain('$150.50');
    expect(sent[0]!.text).toContain('Red wine on the sofa');

    const again = await claim(people.host, bookingId, { amount: 10, reason: 'And a glass' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_claimed');

    // Past the release time the claimed deposit stays held for the people.admin.
    t.clock.set('2026-12-05T00:00:00.000Z');
    await releasePass();
    const row = await depositRow(bookingId);
    expect(row!.status).toBe('claimed');
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).status).toBe('requires_capture');
  });

  it('answers 409 no_deposit for a stay without one', async () => {
    const home = await insertHome(t.db, { ...WINDOW, hostId: people.host.user.id, hostEmail: people.host.user.email });
    const stay = await bookStay(t.app, people.guest, {
      homeId: home.id,
      checkIn: '2026-11-25',
      checkOut: '2026-11-28',
    });
    t.clock.set(DURING_STAY);
    const res = await claim(people.host, stay.bookingId, { amount: 10, reason: 'Broken lamp' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_deposit');
  });
});

describe('the people.admin decides a claim', () => {
  async function claimed(amount: number) {
    const booking = await bookedWithDeposit();
    t.clock.set(DURING_STAY);
    const res = await claim(people.host, booking.bookingId, { amount, reason: 'Broken window' });
    expect(res.statusCode, res.body).toBe(200);
    return booking;
  }

  it('lists claims for admins only, undecided first', async () => {
    const { bookingId } = await claimed(80);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/damage-claims', headers: people.admin.headers });
    expect(res.statusCode).toBe(200);
    const { claims } = damageClaimListSchema.parse(res.json());
    expect(claims.find((c) => c.bookingId === bookingId)).toMatchObject({
      bookingId,
      status: 'claimed',
      hostEmail: people.host.user.email,
      checkIn: '2026-11-25',
    });
    expect(claims.every((c, i) => i === 0 || c.status !== 'claimed' || claims[i - 1]!.status === 'claimed')).toBe(true);
    for (const who of [people.host, people.guest]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/damage-claims', headers: who.headers })).statusCode,
      ).toBe(403);
    }
  });

  it('captures exactly the amount decided, at most the claim; people.guest and people.host are mailed', async () => {
    const { bookingId } = await claimed(150);
    expect((await decide(people.host, bookingId, { capture: 100 })).statusCode).toBe(403);
    expect((await decide(people.admin, bookingId, { capture: 100, release: true })).statusCode).toBe(400);
    const over = await decide(people.admin, bookingId, { capture: 150.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('capture_exceeds_claim');

    await t.app.mailQueue.drained();
    const before = messages().length;
    const res = await decide(people.admin, bookingId, { capture: 120.25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(depositSchema.parse(res.json())).toMatchObject({ status: 'captured', capturedAmount: 120.25 });
    const row = await depositRow(bookingId);
    expect(row).toMatchObject({ status: 'captured', capturedCents: 12_025, decidedBy: people.admin.user.id });
    const intent = await provider().retrieveIntent(row!.paymentIntentId!);
    expect(intent.status).toBe('succeeded');
    expect(intent.amountReceivedCents).toBe(12_025);
    await t.app.mailQueue.drained();
    const sent = messages().slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([people.guest.user.email, people.host.user.email].sort());
    expect(sent.every((m) => m.text.includes('$120.25'))).toBe(true);

    const again = await decide(people.admin, bookingId, { release: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_decided');
  });

  it('releases the whole deposit', async () => {
    const { bookingId } = await claimed(60);
    const res = await decide(people.admin, bookingId, { release: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(depositSchema.parse(res.json())).toMatchObject({ status: 'released', capturedAmount: null });
    const row = await depositRow(bookingId);
    expect((await provider().retrieveIntent(row!.paymentIntentId!)).status).toBe('canceled');
    // The decision is in the audit log (ADR 0059; the authorisation matrix cannot reach a claim).
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=claim.decide',
      headers: people.admin.headers,
    });
    expect(audit.json().entries[0]).toMatchObject({
      actorId: people.admin.user.id,
      targetType: 'claim',
      targetId: bookingId,
    });
  });

  it('two racing decisions: one wins, the other answers 409, and the card agrees with the record', async () => {
    const { bookingId } = await claimed(90);
    const answers = await Promise.all([
      decide(people.admin, bookingId, { capture: 90 }),
      decide(people.admin, bookingId, { release: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await depositRow(bookingId);
    const intent = await provider().retrieveIntent(row!.paymentIntentId!);
    if (row!.status === 'captured') expect(intent).toMatchObject({ status: 'succeeded', amountReceivedCents: 9_000 });
    else expect(row!.status === 'released' && intent.status === 'canceled').toBe(true);
  });

  it('answers 409 no_claim for a deposit without a claim, 404 for an unknown booking', async () => {
    const { bookingId } = await bookedWithDeposit();
    const res = await decide(people.admin, bookingId, { release: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_claim');
    expect((await decide(people.admin, '00000000-0000-4000-8000-000000000000', { release: true })).statusCode).toBe(
      404,
    );
  });
});
