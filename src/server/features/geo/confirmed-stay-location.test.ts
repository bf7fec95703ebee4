/**
 * A guest learns where the home is exactly once the stay is confirmed (issue 29): in the
 * confirmation mail, in their bookings and on the home's page; not while the booking is only held.
 */
import { describe, expect, it } from 'vitest';
import { bookingListSchema } from '#shared/schemas/bookings';
import { linksIn, type memoryMail } from '#server/providers/mail/mail';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;

const bookingsOf = async (who: SignedIn) => {
  const url = `/api/bookings?email=${encodeURIComponent(who.user.email)}`;
  return bookingListSchema.parse((await t.app.inject({ method: 'GET', url, headers: who.headers })).json());
};
const homePage = async (id: string, who: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: `/api/home/${id}`, headers: who.headers })).json();

describe('the exact point of a booked home', () => {
  it('is in the guest’s confirmation mail, their bookings and the home’s page once confirmed', async () => {
    const host = await signInAs(t.app, 'host');
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      lat: 38.7139,
      lng: -9.1334,
    });
    const sentBefore = outbox().length;

    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12' });

    await expect.poll(() => outbox().length - sentBefore).toBe(2);
    const mails = outbox().slice(sentBefore);
    const guestMail = mails.find((m) => m.to === guest.user.email)!;
    expect(guestMail.text).toContain('Exact location: 38.7139, -9.1334');
    // Only StayHub's own links in a mail (ADR 0032): the receipt shows the pin.
    for (const link of linksIn(guestMail.text)) expect(link.startsWith(TEST_ORIGIN), link).toBe(true);
    expect(mails.find((m) => m.to === host.user.email)!.text).not.toContain('Exact location');

    const [booking] = await bookingsOf(guest);
    expect(booking).toMatchObject({ homeId: home.id, status: 'confirmed', exactPoint: { lat: 38.7139, lng: -9.1334 } });
    expect((await homePage(home.id, guest)).exactPoint).toEqual({ lat: 38.7139, lng: -9.1334 });
  });

  it('is not given while the booking is only held', async () => {
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db, { lat: 40.1, lng: -8.2 });
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
    });
    expect(held.statusCode, held.body).toBe(200);
    const [booking] = await bookingsOf(guest);
    expect(booking).toMatchObject({ homeId: home.id, status: 'held' });
    expect(booking).not.toHaveProperty('exactPoint');
    expect(await homePage(home.id, guest)).not.toHaveProperty('exactPoint');
  });
});
