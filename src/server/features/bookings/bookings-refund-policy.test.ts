/**
 * A guest's cancellation refunds what the booking's policy says, at the
 * edges (exactly 24 h / 5 days / 7 days before check-in, exactly 48 h after
 * booking, the 14-day rule), on the app's clock. Check-in is the check-in date
 * at 12:00 UTC (ADR 0019). The quote the cancel dialog shows, the provider's
 * refund, the receipt and the mail agree.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '#shared/cancellation';
import { bookingSchema, cancellationQuoteSchema } from '#shared/schemas/bookings';
import { bookings } from '#server/db/schema';
import { memoryMail } from '#server/providers/mail/mail';
import { bookStay, bookingRow, intentRow } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const mail = memoryMail();
const t = useTestApp(() => ({ mail }));
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let host: SignedIn, guest: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});

const CHECK_IN = '2027-01-20';
const CHECK_IN_AT = Date.parse('2027-01-20T12:00:00Z');

/** Books CHECK_IN..+2 nights at `bookedAt` under `policy` ($100.01 a night: $200.02), then moves the clock to `cancelAt`. */
async function booked(policy: CancellationPolicy, bookedAt: number, cancelAt: number) {
  const home = await insertHome(t.db, {
    hostId: host.user.id,
    hostEmail: host.user.email,
    priceCents: 10_001,
    cancellationPolicy: policy,
  });
  t.clock.set(new Date(bookedAt));
  const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: CHECK_IN, checkOut: '2027-01-22' });
  t.clock.set(new Date(cancelAt));
  return stay;
}

async function quoteAndCancel(bookingId: string, who: SignedIn = guest) {
  const quote = await t.app.inject({
    method: 'GET',
    url: `/api/bookings/${bookingId}/cancellation`,
    headers: who.headers,
  });
  expect(quote.statusCode).toBe(200);
  const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: who.headers });
  expect(cancel.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  return cancellationQuoteSchema.parse(quote.json());
}

/** What the guest got back, as the provider, the receipt and the booking record it. */
async function refunded(bookingId: string) {
  const row = await bookingRow(t.db, bookingId);
  const receipt = bookingSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/receipt`, headers: guest.headers })).json(),
  );
  const intent = await intentRow(t.db, row.paymentIntentId!);
  const providerCents = intent.refundId ? (intent.refundAmountCents ?? intent.amountCents) : 0;
  expect(receipt.refund?.amountCents).toBe(providerCents);
  expect(receipt.status).toBe('cancelled');
  return providerCents;
}

const TOTAL = 20_002;

describe.each([
  // [case, policy, booked before check-in, cancelled before check-in, refund]
  ['exactly 24 h before: full', 'flexible', 30 * DAY, DAY, TOTAL],
  ['a minute later: nothing', 'flexible', 30 * DAY, DAY - MIN, 0],
  ['exactly 5 days before: full', 'moderate', 30 * DAY, 5 * DAY, TOTAL],
  ['a minute later: nothing', 'moderate', 30 * DAY, 5 * DAY - MIN, 0],
  ['3 days before: nothing', 'moderate', 30 * DAY, 3 * DAY, 0],
  ['booked exactly 14 days ahead, cancelled exactly 48 h later: full', 'strict', 14 * DAY, 14 * DAY - 48 * HOUR, TOTAL],
  [
    'booked 14 days ahead, cancelled 48 h and a minute later: 50%',
    'strict',
    14 * DAY,
    14 * DAY - 48 * HOUR - MIN,
    10_001,
  ],
  [
    'booked a minute under 14 days ahead, cancelled within 2 h: 50%',
    'strict',
    14 * DAY - MIN,
    14 * DAY - 2 * HOUR,
    10_001,
  ],
  ['exactly 7 days before: 50%', 'strict', 30 * DAY, 7 * DAY, 10_001],
  ['a minute later: nothing', 'strict', 30 * DAY, 7 * DAY - MIN, 0],
] as const)('%s (%s policy)', (_case, policy, bookedBefore, cancelBefore, want) => {
  it(`refunds ${want} cents of ${TOTAL}, as the cancel dialog said`, async () => {
    const stay = await booked(policy, CHECK_IN_AT - bookedBefore, CHECK_IN_AT - cancelBefore);
    const quote = await quoteAndCancel(stay.bookingId);
    expect(quote).toMatchObject({ cancellationPolicy: policy, refundCents: want, totalCents: TOTAL, byPolicy: true });
    expect(await refunded(stay.bookingId)).toBe(want);
  });
});

describe('refunds outside the policy', () => {
  it('50% of an odd number of cents rounds half up', async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 10_001,
      cancellationPolicy: 'strict',
    });
    t.clock.set(new Date(CHECK_IN_AT - 30 * DAY));
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: CHECK_IN, checkOut: '2027-01-21' });
    t.clock.set(new Date(CHECK_IN_AT - 10 * DAY));
    expect((await quoteAndCancel(stay.bookingId)).refundCents).toBe(5_001);
    expect(await refunded(stay.bookingId)).toBe(5_001);
  });

  it("an admin cancelling a guest's booking refunds in full whatever the policy", async () => {
    const admin = await signInAs(t.app, 'admin');
    // The evening before check-in day (on check-in day no one may cancel: 409 stay_started).
    const stay = await booked('strict', CHECK_IN_AT - 30 * DAY, CHECK_IN_AT - 13 * HOUR);
    const quote = await quoteAndCancel(stay.bookingId, admin);
    expect(quote).toMatchObject({ refundCents: TOTAL, percent: 100, byPolicy: false });
    expect(await refunded(stay.bookingId)).toBe(TOTAL);
  });

  it('a booking made before policies (no policy recorded) is refunded in full', async () => {
    const stay = await booked('strict', CHECK_IN_AT - 30 * DAY, CHECK_IN_AT - 13 * HOUR);
    await t.db.update(bookings).set({ cancellationPolicy: null }).where(eq(bookings.id, stay.bookingId));
    expect(await quoteAndCancel(stay.bookingId)).toMatchObject({ cancellationPolicy: null, refundCents: TOTAL });
    expect(await refunded(stay.bookingId)).toBe(TOTAL);
  });

  it('the mail says what was refunded and that nothing was when the policy gives nothing', async () => {
    const some = await booked('strict', CHECK_IN_AT - 30 * DAY, CHECK_IN_AT - 10 * DAY);
    await quoteAndCancel(some.bookingId);
    const none = await booked('moderate', CHECK_IN_AT - 30 * DAY, CHECK_IN_AT - 3 * DAY);
    await quoteAndCancel(none.bookingId);
    // Both cancellations' mails are sent by the queue's worker (ADR 0046).
    await expect
      .poll(() => mail.messages.filter((m) => m.to === host.user.email && m.subject.startsWith('Booking cancelled')))
      .toHaveLength(2);
    await expect
      .poll(() => mail.messages.filter((m) => m.to === guest.user.email && m.subject.startsWith('Booking cancelled')))
      .toHaveLength(2);
    const texts = mail.messages.filter((m) => m.to === guest.user.email && m.subject.startsWith('Booking cancelled'));
    expect(texts.find((m) => m.text.includes(some.bookingId))?.text).toContain(
      'Refunded: $100.01 of $200.02 to the card you paid with under the Strict cancellation policy',
    );
    expect(texts.find((m) => m.text.includes(none.bookingId))?.text).toContain(
      'No refund under the Moderate cancellation policy: you paid $200.02.',
    );
    const toHost = mail.messages.find(
      (m) => m.to === host.user.email && m.subject.startsWith('Booking cancelled') && m.text.includes(none.bookingId),
    );
    expect(toHost?.text).toContain('The guest is not refunded under the Moderate cancellation policy.');
  });

  it('the quote and the receipt are not for others: 404 as for an unknown id', async () => {
    const stay = await booked('flexible', CHECK_IN_AT - 30 * DAY, CHECK_IN_AT - 10 * DAY);
    const other = await signInAs(t.app, 'guest');
    for (const url of [`/api/bookings/${stay.bookingId}/cancellation`, `/api/bookings/${stay.bookingId}/receipt`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    }
  });
});
