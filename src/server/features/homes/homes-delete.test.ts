/** Deleting a home: who may, and which bookings block it. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateHomeInput } from '#shared/schemas/homes';
import { bookings } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { createHomeOk } from '#server/test/homes';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn;
let otherHost: SignedIn;
let guest: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  otherHost = await signInAs(t.app, 'host');
  guest = await signInAs(t.app, 'guest');
  admin = await signInAs(t.app, 'admin');
});

const createOk = (body: Partial<CreateHomeInput> = {}, who: SignedIn = host) => createHomeOk(t.app, body, who);

describe('DELETE /api/homes/:id', () => {
  const del = (homeId: string, who: SignedIn | null = host) =>
    t.app.inject({ method: 'DELETE', url: `/api/homes/${homeId}`, headers: who?.headers ?? {} });
  const ownHome = () => insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });

  it('the owner deletes: {acknowledged, deletedCount: 1}, then it is gone (a repeat answers deletedCount 0)', async () => {
    const id = await createOk();
    expect((await del(id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).statusCode).toBe(404);
    expect((await del(id)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('an admin may delete any home', async () => {
    const home = await ownHome();
    expect((await del(home.id, admin)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('another host or a guest cannot (403); anonymous 401; the home stays', async () => {
    const home = await ownHome();
    expect((await del(home.id, otherHost)).statusCode).toBe(403);
    expect((await del(home.id, guest)).statusCode).toBe(403);
    expect((await del(home.id, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).statusCode).toBe(200);
  });

  it('404 for unknown or malformed ids', async () => {
    expect((await del('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await del('1%27%20or%201=1')).statusCode).toBe(404);
  });

  // Today is 2026-11-21 (TEST_NOW, 10:00 UTC).
  it.each([
    ['a confirmed upcoming stay', { status: 'confirmed', checkIn: '2026-12-10', checkOut: '2026-12-13' }],
    [
      'a confirmed stay under way (checks out tomorrow)',
      { status: 'confirmed', checkIn: '2026-11-19', checkOut: '2026-11-22' },
    ],
    ['an unexpired hold', { status: 'held', holdExpiresAt: new Date('2026-11-21T10:10:00Z') }],
  ] as const)('409 with a message while it has %s', async (_name, booking) => {
    const home = await ownHome();
    await insertBooking(t.db, home, booking);
    for (const who of [host, admin]) {
      const res = await del(home.id, who);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/upcoming bookings/);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` })).statusCode).toBe(200);
  });

  it('409 while a hold past its time is not settled yet (it may have been paid); once the sweeper expires it, the delete goes through', async () => {
    const home = await ownHome();
    const stale = await insertBooking(t.db, home, {
      status: 'held',
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
      holdExpiresAt: new Date('2026-11-21T09:59:00Z'),
    });
    const res = await del(home.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('home_booked');
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, stale.id));
    expect((await del(home.id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('past, cancelled and expired bookings (and holds of past stays) do not block; past bookings stay readable with their copied fields', async () => {
    const home = await ownHome();
    const past = await insertBooking(t.db, home, {
      status: 'confirmed',
      checkIn: '2026-11-10',
      checkOut: '2026-11-21',
    });
    await insertBooking(t.db, home, {
      status: 'held',
      checkIn: '2026-11-05',
      checkOut: '2026-11-08',
      holdExpiresAt: new Date('2026-11-21T09:59:00Z'),
    });
    await insertBooking(t.db, home, { status: 'cancelled', checkIn: '2026-12-10', checkOut: '2026-12-13' });
    await insertBooking(t.db, home, { status: 'expired', checkIn: '2026-12-24', checkOut: '2026-12-26' });

    expect((await del(home.id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, past.id));
    expect(kept).toMatchObject({
      homeId: null,
      title: home.title,
      location: home.location,
      image: home.images[0],
      hostEmail: home.hostEmail,
      nightlyCents: home.priceCents,
      checkIn: '2026-11-10',
      checkOut: '2026-11-21',
      status: 'confirmed',
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.homeId, home.id))).toEqual([]);
  });
});
