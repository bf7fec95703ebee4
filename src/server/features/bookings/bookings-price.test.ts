/**
 * The price breakdown with non-zero fees and tax: the quote, the hold, the
 * provider's charge, the receipt and the mail all carry the same lines and the
 * same total, and a later change of fees leaves a booking as it was charged.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, stayQuoteSchema } from '#shared/schemas/bookings';
import { paymentIntentResponseSchema } from '#shared/schemas/payments';
import type { PricingSettings } from '#server/app-context';
import { homes } from '#server/db/schema';
import { memoryMail, type MailMessage } from '#server/providers/mail/mail';
import { bookStay, createHold, intentRow } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const pricing: PricingSettings = { serviceFeePercent: 12.5, taxPercent: 7.25 };
const mail = memoryMail();
const t = useTestApp(() => ({ pricing, mail }));

/** The first mail `match` finds, once the queue's worker has sent it (ADR 0046). */
async function mailWhere(match: (m: MailMessage) => boolean): Promise<MailMessage> {
  await expect.poll(() => mail.messages.some(match)).toBe(true);
  return mail.messages.find(match)!;
}

let host: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});

// 3 nights x $123.45 = $370.35; cleaning $25.50; service 12.5% of $395.85 = $49.48125 -> $49.48;
// tax 7.25% of $445.33 = $32.286425 -> $32.29; total $477.62.
const EXPECTED = {
  nights: 3,
  nightlyCents: 12_345,
  subtotalCents: 37_035,
  cleaningFeeCents: 2_550,
  serviceFeeCents: 4_948,
  taxCents: 3_229,
  totalCents: 47_762,
  discounts: [],
  extraGuests: 0,
  extraGuestFeeCents: 0,
  depositCents: 0,
};

const newHome = () =>
  insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 12_345, cleaningFeeCents: 2_550 });

describe('the price breakdown with fees and tax', () => {
  it('the quote shows nights, cleaning fee, service fee and tax, each rounded to the cent', async () => {
    const home = await newHome();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/quote?checkIn=2026-12-10&checkOut=2026-12-13`,
    });
    expect(res.statusCode).toBe(200);
    expect(stayQuoteSchema.parse(res.json())).toMatchObject({
      breakdown: EXPECTED,
      cancellationPolicy: 'flexible',
      bookingMode: 'instant',
    });
  });

  it('the total charged is the total shown: hold, provider intent, receipt and mail agree', async () => {
    const home = await newHome();
    const guest = await signInAs(t.app, 'guest');
    // The checkout sends the total it showed; the server accepts it because it is its own.
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 1,
      price: 477.62,
    });
    expect(held.statusCode).toBe(200);
    const intent = paymentIntentResponseSchema.parse(held.json());
    expect(intent.breakdown).toMatchObject(EXPECTED);
    expect(intent.amount).toBe(477.62);
    expect((await intentRow(t.db, intent.paymentIntentId)).amountCents).toBe(EXPECTED.totalCents);

    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-23' });
    expect((await intentRow(t.db, stay.paymentIntentId)).amountCents).toBe(EXPECTED.totalCents);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${stay.bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(receipt.statusCode).toBe(200);
    const booking = bookingSchema.parse(receipt.json());
    expect(booking.breakdown).toMatchObject(EXPECTED);
    expect(booking.total).toBe(477.62);

    const toGuest = await mailWhere((m) => m.to === guest.user.email && m.subject.startsWith('Booking confirmed'));
    expect(toGuest?.text).toContain(
      '$123.45 × 3 nights: $370.35\nCleaning fee: $25.50\nService fee: $49.48\nVAT: $32.29\nTotal paid: $477.62',
    );
    const toHost = await mailWhere((m) => m.to === host.user.email && m.text.includes(stay.bookingId));
    expect(toHost?.text).toContain('Total paid: $477.62');
  });

  it("the confirmation mail gives the home's own check-in and check-out times, in its zone", async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      checkInTime: '15:30',
      checkOutTime: '10:00',
      timeZone: 'Asia/Dhaka',
    });
    const guest = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-20', checkOut: '2026-12-22' });
    const toGuest = await mailWhere((m) => m.to === guest.user.email && m.text.includes(stay.bookingId));
    expect(toGuest?.text).toContain('Check-in is after 3:30 PM; check-out is by 10:00 AM (Asia/Dhaka time).');
    expect(toGuest?.text).toContain('Check-in is at 12:00 (Asia/Dhaka time) on the check-in date.');
  });

  it('a total the server would not charge is refused (409 price_changed)', async () => {
    const home = await newHome();
    const guest = await signInAs(t.app, 'guest');
    const res = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
      guests: 1,
      price: 370.35,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('price_changed');
  });

  it('fees changed after booking leave the booking as charged; new quotes use them', async () => {
    const home = await newHome();
    const guest = await signInAs(t.app, 'guest');
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-10', checkOut: '2027-01-13' });
    await t.db.update(homes).set({ cleaningFeeCents: 9_999 }).where(eq(homes.id, home.id));
    pricing.taxPercent = 20;
    try {
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${stay.bookingId}/receipt`,
        headers: guest.headers,
      });
      expect(bookingSchema.parse(receipt.json()).breakdown).toMatchObject(EXPECTED);
      const quote = await t.app.inject({
        method: 'GET',
        url: `/api/home/${home.id}/quote?checkIn=2027-01-20&checkOut=2027-01-23`,
      });
      expect(stayQuoteSchema.parse(quote.json()).breakdown).toMatchObject({ cleaningFeeCents: 9_999 });
      expect(stayQuoteSchema.parse(quote.json()).breakdown.totalCents).not.toBe(EXPECTED.totalCents);
    } finally {
      pricing.taxPercent = 7.25;
    }
  });

  it('a quote for dates that make no stay answers 400; an unknown home 404', async () => {
    const home = await newHome();
    const same = await t.app.inject({
      method: 'GET',
      url: `/api/home/${home.id}/quote?checkIn=2026-12-10&checkOut=2026-12-10`,
    });
    expect(same.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/home/00000000-0000-4000-8000-000000000000/quote?checkIn=2026-12-10&checkOut=2026-12-12',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
