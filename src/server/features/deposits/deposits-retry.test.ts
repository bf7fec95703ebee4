/**
 * A deposit placed off-session that the card declines is tried again (ADR 0051): a day later, at
 * most three tries, never after the stay's check-out; the guest is mailed after each declined try
 * that another follows, both sides after the last. Run on the sandbox provider: the stay is paid
 * at the provider alone (as with Stripe Elements), so the deposit waits `pending` and is placed
 * off-session on the saved card; the test card 4000 0000 0000 0341 declines off-session. The test
 * clock starts at 2026-11-21T10:00Z; homes are in UTC with check-out at 11:00, release days 3.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depositListSchema } from '#shared/schemas/deposits';
import { paymentIntents, securityDeposits } from '#server/db/schema';
import type { MailMessage } from '#server/providers/mail/mail';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { confirmBookingCall, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { releaseDueDeposits } from './deposits-release';

const t = useTestApp(() => ({ deposits: { releaseDays: 3 } }));
const provider = () => sandboxPayments({ db: t.db, clock: t.clock });
const sent = () => (t.mail as unknown as { messages: MailMessage[] }).messages;
async function depositPass() {
  const result = await releaseDueDeposits({
    db: t.db,
    clock: t.clock,
    payments: provider(),
    mail: t.app.mailQueue,
    deposits: { releaseDays: 3 },
  });
  await t.app.mailQueue.drained();
  return result;
}

const DECLINES_OFF_SESSION = '4000000000000341';

let host: SignedIn, guest: SignedIn;
beforeEach(async () => {
  // A fresh guest each time: mails are told apart by address, and live holds are limited per guest.
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});
afterEach(() => t.clock.set(TEST_NOW));

/** A confirmed stay with a $150 deposit whose card was saved at the provider only: the deposit waits pending. */
async function paidAtProviderOnly(checkIn: string, checkOut: string, cardNumber = DECLINES_OFF_SESSION) {
  const home = await insertHome(t.db, {
    availableFrom: '2026-11-21',
    availableTo: '2027-03-01',
    hostId: host.user.id,
    hostEmail: host.user.email,
    securityDepositCents: 15_000,
  });
  const res = await createHold(t.app, guest, { homeId: home.id, checkIn, checkOut, guests: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const held = res.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
  const paid = await provider().confirmCard(
    held.clientSecret,
    { number: cardNumber, expMonth: 12, expYear: 2030, cvc: '123' },
    { name: 'Test Guest', email: guest.user.email },
  );
  expect(paid.ok).toBe(true);
  const booked = await confirmBookingCall(t.app, guest, {
    bookingId: held.bookingId,
    paymentIntentId: held.paymentIntentId,
  });
  expect(booked.statusCode, booked.body).toBe(200);
  await t.app.mailQueue.drained();
  return held;
}

async function depositRow(bookingId: string) {
  const [row] = await t.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, bookingId));
  return row!;
}
const depositIntents = (bookingId: string) =>
  t.db
    .select({ key: paymentIntents.idempotencyKey, status: paymentIntents.status })
    .from(paymentIntents)
    .where(eq(paymentIntents.bookingId, bookingId))
    .then((rows) => rows.filter((r) => r.key.startsWith('deposit:')));
const mailsTo = (email: string) => sent().filter((m) => m.to === email && /deposit/i.test(m.subject));

describe('a declined off-session deposit is tried again', () => {
  it('three tries a day apart, the guest mailed after each but the last; then not held, both told', async () => {
    // Check-out 2026-11-28 11:00, release 2026-12-01 11:00: due at 2026-11-25 11:00.
    const held = await paidAtProviderOnly('2026-11-23', '2026-11-28');
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'pending', authorizeTries: 0 });
    // The confirmation does not claim a deposit held that is not yet.
    for (const to of [guest.user.email, host.user.email]) {
      const confirmation = sent().find((m) => m.to === to && /^(Booking confirmed|New booking)/.test(m.subject));
      expect(confirmation!.text).toContain('Security deposit: $150.00 — will be held on 2026-11-25, not charged');
      expect(confirmation!.text).not.toContain('— held, not charged');
    }

    t.clock.set('2026-11-25T11:00:00.000Z');
    expect(await depositPass()).toMatchObject({ declined: 1, notHeld: 0, authorised: 0 });
    expect(await depositRow(held.bookingId)).toMatchObject({
      status: 'pending',
      authorizeTries: 1,
      authorizeAt: new Date('2026-11-26T11:00:00.000Z'),
      failureCode: 'card_declined',
    });
    const [first] = mailsTo(guest.user.email);
    expect(first!.subject).toBe('Your card could not hold the security deposit: we will try again');
    expect(first!.text).toContain('We will try the same card again on 2026-11-26.');
    expect(first!.text).toContain('Your stay is paid and stands.');
    expect(mailsTo(host.user.email)).toEqual([]);

    // Not due again within the day.
    t.clock.set('2026-11-26T10:59:00.000Z');
    expect(await depositPass()).toMatchObject({ declined: 0, notHeld: 0 });

    t.clock.set('2026-11-26T11:00:00.000Z');
    expect(await depositPass()).toMatchObject({ declined: 1 });
    expect(mailsTo(guest.user.email).at(-1)!.text).toContain('again on 2026-11-27.');

    t.clock.set('2026-11-27T11:00:00.000Z');
    expect(await depositPass()).toMatchObject({ declined: 0, notHeld: 1 });
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'failed', authorizeTries: 3 });
    expect(mailsTo(guest.user.email).map((m) => m.subject)).toEqual([
      'Your card could not hold the security deposit: we will try again',
      'Your card could not hold the security deposit: we will try again',
      'No security deposit is held for your stay',
    ]);
    expect(mailsTo(host.user.email).map((m) => m.subject)).toEqual([
      'No security deposit could be held for a stay at your home',
    ]);

    // Each try was its own authorisation (a declined key answers the same decline); no fourth.
    t.clock.set('2026-11-28T12:00:00.000Z');
    await depositPass();
    expect((await depositIntents(held.bookingId)).map((i) => i.key)).toEqual([
      `deposit:${held.bookingId}`,
      `deposit:${held.bookingId}:try-2`,
      `deposit:${held.bookingId}:try-3`,
    ]);
    expect((await depositIntents(held.bookingId)).every((i) => i.status === 'requires_payment_method')).toBe(true);
  });

  it('is not tried after the stay’s check-out', async () => {
    // Check-out 2026-11-23 11:00: due at once, so tried right after the confirmation.
    const held = await paidAtProviderOnly('2026-11-22', '2026-11-23');
    expect(await depositRow(held.bookingId)).toMatchObject({
      status: 'pending',
      authorizeTries: 1,
      authorizeAt: new Date('2026-11-22T10:00:00.000Z'),
    });
    // The job runs late: a third try, a day after this one, would come after check-out.
    t.clock.set('2026-11-22T12:00:00.000Z');
    expect(await depositPass()).toMatchObject({ notHeld: 1 });
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'failed', authorizeTries: 2 });
    expect(mailsTo(host.user.email).map((m) => m.subject)).toEqual([
      'No security deposit could be held for a stay at your home',
    ]);
  });

  it('a later try that goes through holds the deposit', async () => {
    const held = await paidAtProviderOnly('2026-11-22', '2026-11-23');
    expect(await depositRow(held.bookingId)).toMatchObject({ status: 'pending', authorizeTries: 1 });
    // The guest's bank now lets the card hold it (the sandbox knows the saved card by brand and last four).
    await t.db.update(paymentIntents).set({ cardLast4: '4242' }).where(eq(paymentIntents.id, held.paymentIntentId));

    t.clock.set('2026-11-22T10:00:00.000Z');
    expect(await depositPass()).toMatchObject({ authorised: 1, declined: 0 });
    const row = await depositRow(held.bookingId);
    expect(row).toMatchObject({ status: 'held', authorizeTries: 2 });
    expect(await provider().retrieveIntent(row.paymentIntentId!)).toMatchObject({
      status: 'requires_capture',
      amountCents: 15_000,
    });
    const mine = depositListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/deposits?as=guest', headers: guest.headers })).json(),
    ).deposits;
    expect(mine.find((d) => d.bookingId === held.bookingId)?.status).toBe('held');
    expect(mailsTo(host.user.email)).toEqual([]);
  });
});
