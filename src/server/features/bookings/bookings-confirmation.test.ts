/** Paying a hold in the sandbox and confirming it: POST /api/payments/sandbox/confirm, POST /api/bookings. */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, jobs, paymentIntents } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import {
  VISA_OK,
  bookStay,
  bookingRow,
  confirmBookingCall,
  createHold,
  intentRow,
  payCard,
} from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;

let admin: SignedIn, host: SignedIn, guest: SignedIn, other: SignedIn;
beforeAll(async () => {
  [admin, host] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'host')]);
});
// Fresh guests for every test: a guest may have only MAX_LIVE_HOLDS live holds at once.
beforeEach(async () => {
  [guest, other] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest')]);
});

const newHome = (overrides: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostEmail: host.user.email, hostId: host.user.id, priceCents: 12_550, ...overrides });

describe('POST /api/payments/sandbox/confirm', () => {
  let secret: string, intentId: string, bookingId: string, payer: SignedIn;
  beforeAll(async () => {
    payer = await signInAs(t.app, 'guest');
    const home = await newHome();
    const held = (
      await createHold(t.app, payer, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13', guests: 1 })
    ).json();
    secret = held.clientSecret;
    intentId = held.paymentIntentId;
    bookingId = held.bookingId;
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', {}, 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', {}, 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', {}, 'invalid_number', 'Your card number is invalid.'],
    ['4242', {}, 'invalid_number', 'Your card number is invalid.'],
    ['4111 1111 1111 1111', {}, 'card_not_supported', 'Your card is not supported in test mode. Use a test card.'],
    [
      VISA_OK,
      { expMonth: 10, expYear: 2026 },
      'invalid_expiry_month_past',
      "Your card's expiration month is in the past: the card expired at the end of that month.",
    ],
    [VISA_OK, { expMonth: 12, expYear: 2025 }, 'invalid_expiry_year', "Your card's expiration year is in the past."],
    [VISA_OK, { expMonth: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [VISA_OK, { cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
    [VISA_OK, { cvc: 'abc' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('402 for %s %j', async (number, extra, code, message) => {
    const res = await payCard(t.app, payer, secret, { number, ...extra });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code, message } });
    expect((await intentRow(t.db, intentId)).status).toBe('requires_payment_method');
  });

  it('401 anonymous, 403 for another user, 404 for an unknown secret', async () => {
    expect((await payCard(t.app, null, secret)).statusCode).toBe(401);
    expect((await payCard(t.app, other, secret)).statusCode).toBe(403);
    expect((await payCard(t.app, payer, 'pi_sbx_nothing_secret_nothing')).statusCode).toBe(404);
    expect((await intentRow(t.db, intentId)).status).toBe('requires_payment_method');
  });

  it('succeeds with 4242 after a decline, charges once on a repeat, and never stores the card number', async () => {
    const res = await payCard(t.app, payer, secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } });
    const again = await payCard(t.app, payer, secret, { number: '4000 0000 0000 0002' });
    expect(again.json()).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } });

    const row = await intentRow(t.db, intentId);
    expect(row).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242', lastErrorCode: null });
    const stored = JSON.stringify(await t.db.select().from(paymentIntents));
    expect(stored).not.toMatch(/4242424242424242|4242 4242 4242 4242|4000000000000002/);
    // Paying is not booking: the hold waits for POST /api/bookings (or the sweeper).
    expect((await bookingRow(t.db, bookingId)).status).toBe('held');
  });

  it('accepts the published Mastercard and 4-digit-CVC Amex test cards', async () => {
    for (const [number, cvc] of [
      ['5555 5555 5555 4444', '123'],
      ['3782 822463 10005', '1234'],
    ] as const) {
      const home = await newHome();
      const held = (
        await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-11', guests: 1 })
      ).json();
      const res = await payCard(t.app, guest, held.clientSecret, { number, cvc });
      expect(res.statusCode, number).toBe(200);
    }
  });
});

describe('POST /api/bookings', () => {
  it('confirms a paid hold once; a replay answers the same and sends no second mail', async () => {
    const home = await newHome({ title: 'Garden house' });
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-24', guests: 2 })
    ).json();
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    await t.app.mailQueue.drained();
    const sentBefore = outbox().length;

    const body = {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      message: 'Arriving late, around 10 pm.',
    };
    const res = await confirmBookingCall(t.app, guest, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: held.bookingId });
    const row = await bookingRow(t.db, held.bookingId);
    expect(row).toMatchObject({ status: 'confirmed', message: 'Arriving late, around 10 pm.' });
    expect(row.confirmedAt).not.toBeNull();

    // The queue's worker sends them once the confirmation has committed (ADR 0046).
    await expect
      .poll(() =>
        outbox()
          .slice(sentBefore)
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
    const mails = outbox().slice(sentBefore);
    expect(mails.find((m) => m.to === guest.user.email)!.subject).toContain('Garden house');
    expect(mails.find((m) => m.to === host.user.email)!.text).toContain('Arriving late');

    for (let i = 0; i < 3; i++) {
      const replay = await confirmBookingCall(t.app, guest, body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ acknowledged: true, insertedId: held.bookingId });
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, home.id))).toHaveLength(1);
    await t.app.mailQueue.drained();
    expect(outbox().length).toBe(sentBefore + 2);
  });

  it("accepts the spec's payload fields but keeps the server's values; other fields are refused", async () => {
    const home = await newHome({ title: 'Real title' });
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    const unknown = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      status: 'confirmed',
    });
    expect(unknown.statusCode).toBe(400);
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
      message: 'Hi',
      image: 'http://evil/x.png',
      title: 'Free villa',
      location: 'Nowhere',
      from: '2026-01-01',
      to: '2027-12-31',
      price: 1,
      hostEmail: 'me@evil.test',
      guestEmail: 'someone@else.test',
      guestName: 'Mallory',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingRow(t.db, held.bookingId)).toMatchObject({
      title: 'Real title',
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      amountCents: 25_100,
      hostEmail: host.user.email,
      guestEmail: guest.user.email,
      message: 'Hi',
    });
  });

  it('402 for an unpaid intent: the hold stays as it is', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret, { number: '4000 0000 0000 0002' });
    const res = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'payment_required', message: 'Your card was declined.' });
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it("a forged intent (another paid booking's, or a wrong amount) never confirms", async () => {
    const homeA = await newHome();
    const homeB = await newHome();
    const paid = await bookStay(t.app, guest, { homeId: homeA.id, checkIn: '2026-12-10', checkOut: '2026-12-12' });
    const held = (
      await createHold(t.app, guest, { homeId: homeB.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();

    const reuse = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: paid.paymentIntentId,
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('payment_mismatch');
    const invented = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: 'pi_sbx_invented',
    });
    expect(invented.statusCode).toBe(409);

    // The provider's record says a smaller amount was paid: refused.
    await payCard(t.app, guest, held.clientSecret);
    await t.db.update(paymentIntents).set({ amountCents: 100 }).where(eq(paymentIntents.id, held.paymentIntentId));
    const cheap = await confirmBookingCall(t.app, guest, {
      bookingId: held.bookingId,
      paymentIntentId: held.paymentIntentId,
    });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().error.code).toBe('payment_mismatch');
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it('401 anonymous, 403 for another user (even an admin), 404 unknown', async () => {
    const home = await newHome();
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    await payCard(t.app, guest, held.clientSecret);
    const body = { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId };
    expect((await confirmBookingCall(t.app, null, body)).statusCode).toBe(401);
    expect((await confirmBookingCall(t.app, other, body)).statusCode).toBe(403);
    expect((await confirmBookingCall(t.app, admin, body)).statusCode).toBe(403);
    expect(
      (await confirmBookingCall(t.app, guest, { ...body, bookingId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
  });

  it('a mail failure does not undo the booking; the mail is sent once the provider is back', async () => {
    const home = await newHome();
    const original = t.mail.send;
    let failures = 0;
    t.mail.send = async () => {
      failures++;
      throw new Error('SMTP down');
    };
    let bookingId: string;
    try {
      const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12' });
      bookingId = stay.bookingId;
      expect((await bookingRow(t.db, bookingId)).status).toBe('confirmed');
      // The queue's worker tried while the provider was down.
      await expect.poll(() => failures).toBeGreaterThan(0);
    } finally {
      t.mail.send = original;
    }
    // Kept in the queue and tried again (ADR 0046): both mails arrive.
    await expect
      .poll(() =>
        outbox()
          .filter((m) => m.text.includes(bookingId))
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
  });
});

describe('the confirmation mails and the confirmation commit together (ADR 0046)', () => {
  const title = 'Rollback cottage';
  /** The queue's rows for this home's mails, sent or not (a sent row keeps its subject). */
  const mailRows = () =>
    t.db
      .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'subject' like ${`%${title}%`}`));

  it('a confirmation rolled back leaves no mail in the queue; committed, it leaves both', async () => {
    const home = await newHome({ title });
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2027-02-10', checkOut: '2027-02-12', guests: 1 })
    ).json();
    expect((await payCard(t.app, guest, held.clientSecret)).statusCode).toBe(200);
    const body = { bookingId: held.bookingId, paymentIntentId: held.paymentIntentId };
    // The database refuses the host's mail, queued after the guest's in the confirming transaction.
    await t.db.execute(sql`
      create function refuse_host_mail() returns trigger language plpgsql as $$
      begin
        if new.payload->>'subject' like 'New booking: %' then raise exception 'host mail refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_host_mail before insert on jobs for each row execute function refuse_host_mail()`);
    try {
      const refused = await confirmBookingCall(t.app, guest, body);
      expect(refused.statusCode).toBe(500);
      // Rolled back as one: the booking is still held and the guest's mail, written first, is gone too.
      expect((await bookingRow(t.db, held.bookingId)).status).toBe('held');
      expect(await mailRows()).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_host_mail on jobs`);
      await t.db.execute(sql`drop function refuse_host_mail()`);
    }

    expect((await confirmBookingCall(t.app, guest, body)).statusCode).toBe(200);
    expect((await bookingRow(t.db, held.bookingId)).status).toBe('confirmed');
    // In the queue as soon as the answer is out, whether or not the worker has sent them yet.
    expect((await mailRows()).map((r) => r.subject).sort()).toEqual([
      `Booking confirmed: “${title}”`,
      `New booking: “${title}”, 2027-02-10 to 2027-02-12`,
    ]);
    await expect
      .poll(() =>
        outbox()
          .filter((m) => m.subject.includes(title))
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([guest.user.email, host.user.email].sort());
  });
});
