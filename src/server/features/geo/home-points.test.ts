/**
 * Where a home is (issue 29): the pin or the gazetteer's point when it is written, a public point
 * 200–500 m from it that stays put, and the exact point only for the host, admins and a guest
 * with a confirmed stay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema, homeSchema, type Home } from '#shared/schemas/homes';
import type { GeoPoint } from '#shared/schemas/geo';
import { insertBooking, insertHome } from '#server/test/factories';
import { createHomeOk, postHome, validHome } from '#server/test/homes';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { approximatePoint, distanceMetres } from './approximate-point';

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

const LISBON: GeoPoint = { lat: 38.71667, lng: -9.13333 };

async function read(id: string, who: SignedIn | null = null) {
  const res = await t.app.inject({ method: 'GET', url: `/api/home/${id}`, headers: who?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return { home: homeSchema.parse(res.json()) as Home, raw: res.json() as Record<string, unknown>, res };
}

const edit = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/home/${id}`, headers: host.headers, payload: body });

/** The edit form's required fields, as GET answers them, with `changes`. */
function editBody(home: Home, changes: Record<string, unknown>) {
  const { location, title, price, total_guest, bedrooms, bathrooms } = home;
  return { location, title, price, total_guest, bedrooms, bathrooms, ...changes };
}

function expectInBand(exact: GeoPoint, approx: GeoPoint) {
  const metres = distanceMetres(exact, approx);
  expect(metres).toBeGreaterThanOrEqual(200);
  expect(metres).toBeLessThanOrEqual(500);
}

describe('the point of a new home', () => {
  it('is the gazetteer city of its location without a pin, and the public point is 200-500 m away', async () => {
    const id = await createHomeOk(t.app, { location: 'Lisbon, Portugal' }, host);
    const { home } = await read(id, host);
    expect(home.exactPoint).toEqual(LISBON);
    expectInBand(LISBON, home.point);
  });

  it('is the pin when one is placed', async () => {
    const pin = { lat: 38.7101234, lng: -9.1423456 };
    const id = await createHomeOk(t.app, { location: 'Lisbon, Portugal', point: pin }, host);
    const { home } = await read(id, host);
    expect(home.exactPoint).toEqual({ lat: 38.710123, lng: -9.142346 });
    expectInBand(home.exactPoint!, home.point);
  });

  it('places a home the gazetteer does not know at the city of its time zone, else Greenwich, and takes a pin', async () => {
    const byZone = await createHomeOk(
      t.app,
      { location: 'Qwxzy Lane, Nowhereland', timeZone: 'America/New_York', title: 'By zone' },
      host,
    );
    const zoned = (await read(byZone, host)).home.exactPoint!;
    expect(zoned.lat).toBeCloseTo(40.71, 1);
    expect(zoned.lng).toBeCloseTo(-74.0, 1);
    const nowhere = await createHomeOk(t.app, { location: 'Qwxzy Lane, Nowhereland', timeZone: 'UTC' }, host);
    expect((await read(nowhere, host)).home.exactPoint).toEqual({ lat: 51.4779, lng: -0.0015 });
    const placed = await postHome(
      t.app,
      { ...validHome(), location: 'Qwxzy Lane, Nowhereland', point: { lat: 10, lng: 20 } },
      host,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await read(placed.json().insertedId, host)).home.exactPoint).toEqual({ lat: 10, lng: 20 });
  });

  it('refuses a pin off the globe or with unknown fields', async () => {
    for (const point of [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: 0 }, { lat: 0, lng: 0, alt: 3 }]) {
      const res = await postHome(t.app, { ...validHome(), point }, host);
      expect(res.statusCode, JSON.stringify(point)).toBe(400);
    }
  });
});

describe('the public point', () => {
  it('is the same on every read, in the list and on the details page', async () => {
    const id = await createHomeOk(t.app, { location: 'Lisbon, Portugal', title: 'Stable point' }, host);
    const first = (await read(id)).home.point;
    for (let i = 0; i < 3; i++) expect((await read(id)).home.point).toEqual(first);
    const list = homeListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/homes?bbox=-10,38,-8,39&limit=50` })).json(),
    );
    expect(list.find((h) => h._id === id)?.point).toEqual(first);
  });

  it('stays while the pin stays, and is drawn again when the pin or the place moves', async () => {
    const id = await createHomeOk(t.app, { location: 'Lisbon, Portugal' }, host);
    const before = (await read(id, host)).home;

    // Another field, and the same pin sent again: the public point does not move.
    expect((await edit(id, editBody(before, { title: 'Renamed' }))).statusCode).toBe(200);
    expect((await edit(id, editBody(before, { point: before.exactPoint }))).statusCode).toBe(200);
    expect((await read(id, host)).home.point).toEqual(before.point);

    const pin = { lat: 38.72, lng: -9.15 };
    expect((await edit(id, editBody(before, { point: pin }))).json()).toMatchObject({ modifiedCount: 1 });
    const moved = (await read(id, host)).home;
    expect(moved.exactPoint).toEqual(pin);
    expect(moved.point).not.toEqual(before.point);
    expectInBand(pin, moved.point);

    // A new place without a pin: the gazetteer's point of it.
    expect((await edit(id, editBody(moved, { location: 'Porto, Portugal' }))).statusCode).toBe(200);
    const porto = (await read(id, host)).home;
    expect(porto.exactPoint).toEqual({ lat: 41.14961, lng: -8.61099 });
    expectInBand(porto.exactPoint!, porto.point);
    // ...and an unknown one keeps the pin where it was.
    const unknown = await edit(id, editBody(porto, { location: 'Qwxzy Lane, Nowhereland' }));
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect((await read(id, host)).home.exactPoint).toEqual(porto.exactPoint);
  });

  it('is drawn 200-500 m away in every direction, near the poles and across the antimeridian too', () => {
    const bearings = new Set<string>();
    for (const exact of [LISBON, { lat: 89.9999, lng: 10 }, { lat: -16.5, lng: 179.999 }, { lat: 0, lng: -180 }]) {
      for (let i = 0; i < 200; i++) {
        const approx = approximatePoint(exact);
        expectInBand(exact, approx);
        expect(Math.abs(approx.lng)).toBeLessThanOrEqual(180);
        if (exact === LISBON) bearings.add(`${approx.lat > exact.lat}${approx.lng > exact.lng}`);
      }
    }
    expect(bearings.size).toBe(4);
  });
});

describe('the exact point', () => {
  let homeId: string;
  beforeAll(async () => {
    homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, lat: 38.7, lng: -9.1 })).id;
  });

  async function exactFor(who: SignedIn | null) {
    const { raw, res } = await read(homeId, who);
    return { exact: raw.exactPoint, cache: res.headers['cache-control'] };
  }

  it('is shown to the host and to admins, privately', async () => {
    for (const who of [host, admin]) {
      expect(await exactFor(who)).toEqual({ exact: { lat: 38.7, lng: -9.1 }, cache: 'private, no-store' });
    }
  });

  it('is not shown to anyone else: anonymous, another host, a guest without a confirmed stay', async () => {
    for (const who of [null, otherHost, guest]) expect((await exactFor(who)).exact).toBeUndefined();
  });

  it('is shown to a guest once their booking is confirmed (and after the stay), not while held or once cancelled', async () => {
    const home = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, lat: 40, lng: -8 }))!;
    const other = await signInAs(t.app, 'guest');
    const mine = { guestId: other.user.id, guestEmail: other.user.email };
    const exact = async () => (await read(home.id, other)).raw.exactPoint;

    await insertBooking(t.db, home, { ...mine, status: 'held', checkIn: '2026-12-10', checkOut: '2026-12-12' });
    await insertBooking(t.db, home, { ...mine, status: 'cancelled', checkIn: '2026-12-20', checkOut: '2026-12-22' });
    expect(await exact()).toBeUndefined();
    // A past (completed) stay is a confirmed one whose dates are over.
    await insertBooking(t.db, home, { ...mine, status: 'confirmed', checkIn: '2026-12-01', checkOut: '2026-12-03' });
    expect(await exact()).toEqual({ lat: 40, lng: -8 });
    // Another guest of the same home still sees only the public point.
    expect((await read(home.id, guest)).raw.exactPoint).toBeUndefined();
  });

  it('is never in a list, not even the host’s own', async () => {
    const url = `/api/homes?email=${encodeURIComponent(host.user.email)}&limit=50`;
    const list = (await t.app.inject({ method: 'GET', url, headers: host.headers })).json() as Record<
      string,
      unknown
    >[];
    expect(list.length).toBeGreaterThan(0);
    for (const home of list) {
      expect(home).not.toHaveProperty('exactPoint');
      expect(home).toHaveProperty('point');
    }
  });
});
