/**
 * A home's own time zone (issue 25 item 9, ADR 0035): the API answers it, a host sets it (or gets
 * the zone of a known city), the refund cut-offs read check-in as 12:00 on the home's clocks in the
 * zone the stay was booked in, and a hold's check-in may not be before the home's today.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingSchema, cancellationQuoteSchema } from '#shared/schemas/bookings';
import { homeSchema } from '#shared/schemas/homes';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { createHomeOk, postHome, validHome } from '#server/test/homes';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const HOUR = 3_600_000;

let host: SignedIn, guest: SignedIn;
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});

async function getHome(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/home/${id}` });
  expect(res.statusCode).toBe(200);
  return homeSchema.parse(res.json());
}

function putHome(id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/home/${id}`,
    headers: host.headers,
    payload: { ...validHome(), ...body },
  });
}

describe("a home's time zone", () => {
  it('is the one the host chose, else the zone of a known city in the location, else UTC', async () => {
    const chosen = await createHomeOk(t.app, { location: 'Lisbon, Portugal', timeZone: 'America/Chicago' }, host);
    const dhaka = await createHomeOk(t.app, { location: 'Gulshan, Dhaka, Bangladesh' }, host);
    const unknown = await createHomeOk(t.app, { location: 'Smallville, Nowhere', point: { lat: 1, lng: 2 } }, host);
    expect((await getHome(chosen)).timeZone).toBe('America/Chicago');
    expect((await getHome(dhaka)).timeZone).toBe('Asia/Dhaka');
    expect((await getHome(unknown)).timeZone).toBe('UTC');
    const list = await t.app.inject({ method: 'GET', url: '/api/homes?location=Dhaka' });
    expect(list.json().find((h: { _id: string }) => h._id === dhaka)).toMatchObject({ timeZone: 'Asia/Dhaka' });
  });

  it('is refused when it is not an IANA zone, on create and on edit', async () => {
    for (const timeZone of ['Mars/Olympus', '', 'Asia/Dhaka; drop table homes', 'x'.repeat(100)]) {
      const res = await postHome(t.app, { ...validHome(), timeZone }, host);
      expect(res.statusCode, timeZone).toBe(400);
    }
    const id = await createHomeOk(t.app, {}, host);
    expect((await putHome(id, { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await putHome(id, { timeZone: 'Asia/Dhaka' })).statusCode).toBe(200);
    expect((await getHome(id)).timeZone).toBe('Asia/Dhaka');
    // The database refuses a name it cannot convert to, whoever writes the row.
    await expect(insertHome(t.db, { timeZone: 'Mars/Olympus' })).rejects.toThrow();
    await expect(insertHome(t.db, { timeZone: "UTC'; select 1; --" })).rejects.toThrow();
    // Left out on edit: kept.
    expect((await putHome(id, { title: 'Renamed' })).statusCode).toBe(200);
    expect(await getHome(id)).toMatchObject({ title: 'Renamed', timeZone: 'Asia/Dhaka' });
  });
});

describe('refund cut-offs in the home zone', () => {
  // 12:00 in Dhaka (UTC+6) on 2027-01-20 is 06:00 UTC.
  const DHAKA_CHECK_IN = Date.parse('2027-01-20T06:00:00Z');

  async function bookDhaka() {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      timeZone: 'Asia/Dhaka',
      cancellationPolicy: 'flexible',
    });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-20', checkOut: '2027-01-22' });
    return { home, stay };
  }

  const quote = async (bookingId: string) =>
    cancellationQuoteSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/cancellation`, headers: guest.headers })
      ).json(),
    );

  it("reads check-in as 12:00 on the home's clocks: 24 h before is 06:00 UTC the day before", async () => {
    const { stay } = await bookDhaka();
    t.clock.set(new Date(DHAKA_CHECK_IN - 24 * HOUR));
    expect((await quote(stay.bookingId)).percent).toBe(100);
    // Still 30 h before 12:00 UTC, but less than 24 h before 12:00 in Dhaka.
    t.clock.set(new Date(DHAKA_CHECK_IN - 24 * HOUR + 60_000));
    expect((await quote(stay.bookingId)).percent).toBe(0);
  });

  it('keeps the zone the stay was booked in when the host changes the home zone later', async () => {
    const { home, stay } = await bookDhaka();
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${stay.bookingId}/receipt`,
      headers: guest.headers,
    });
    expect(bookingSchema.parse(receipt.json()).timeZone).toBe('Asia/Dhaka');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/home/${home.id}`,
      headers: host.headers,
      payload: {
        title: home.title,
        location: home.location,
        price: 100,
        total_guest: home.totalGuest,
        bedrooms: home.bedrooms,
        bathrooms: home.bathrooms,
        timeZone: 'America/Los_Angeles',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.set(new Date(DHAKA_CHECK_IN - 24 * HOUR + 60_000));
    expect((await quote(stay.bookingId)).percent).toBe(0);
  });
});

describe("a hold and the home's today", () => {
  it('refuses a check-in day that is already over at the home, and takes one that is today there', async () => {
    // 20:00 UTC on 2027-01-20 is 02:00 on 2027-01-21 in Dhaka.
    t.clock.set('2027-01-20T20:00:00.000Z');
    const dhaka = await insertHome(t.db, { timeZone: 'Asia/Dhaka', availableFrom: '2027-01-01' });
    const past = await createHold(t.app, guest, {
      homeId: dhaka.id,
      checkIn: '2027-01-20',
      checkOut: '2027-01-23',
      guests: 1,
    });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().error.code, past.body).toBe('dates_in_past');
    const today = await createHold(t.app, guest, {
      homeId: dhaka.id,
      checkIn: '2027-01-21',
      checkOut: '2027-01-23',
      guests: 1,
    });
    expect(today.statusCode, today.body).toBe(200);
    // In Los Angeles it is still 12:00 on 2027-01-20: that day can be booked there.
    const la = await insertHome(t.db, { timeZone: 'America/Los_Angeles', availableFrom: '2027-01-01' });
    const there = await createHold(t.app, guest, {
      homeId: la.id,
      checkIn: '2027-01-20',
      checkOut: '2027-01-23',
      guests: 1,
    });
    expect(there.statusCode, there.body).toBe(200);
  });
});
