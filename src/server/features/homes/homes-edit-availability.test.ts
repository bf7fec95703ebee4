/**
 * PUT /api/home/:id beyond the spec's form (D41): the availability window (never
 * leaving an upcoming stay outside it), the pictures in order, and the stay
 * settings, which holds then keep.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeSchema } from '#shared/schemas/homes';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { createHomeOk } from '#server/test/homes';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn, guest: SignedIn;
let pictures: string[];

/** Puts a picture in storage the way the upload endpoint does, and answers its URL. */
async function storedPicture(): Promise<string> {
  const key = randomBytes(16).toString('hex');
  for (const size of [1280, 640]) {
    await t.storage.put(`${key}-${size}.webp`, Buffer.from('RIFF\0\0\0\0WEBP'), {
      contentType: 'image/webp',
      visibility: 'public',
    });
  }
  return t.storage.publicUrl(`${key}-1280.webp`);
}

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  pictures = [];
  for (let i = 0; i < 4; i++) pictures.push(await storedPicture());
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  guest = await signInAs(t.app, 'guest', { name: 'Ana Silva' });
});

const form = {
  location: 'Lisbon, Portugal',
  title: 'Sunny flat by the river',
  price: 100,
  total_guest: 4,
  bedrooms: 2,
  bathrooms: 1,
};
const put = (id: string, body: Record<string, unknown>, who: SignedIn = host) =>
  t.app.inject({ method: 'PUT', url: `/api/home/${id}`, headers: who.headers, payload: { ...form, ...body } });
const getHome = async (id: string) =>
  homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
const newHome = (extra: Record<string, unknown> = {}) =>
  createHomeOk(t.app, { ...form, from: '2026-12-01', to: '2027-03-01', images: pictures.slice(0, 2), ...extra }, host);
const hold = (homeId: string, checkIn: string, checkOut: string) =>
  createHold(t.app, guest, { homeId, checkIn, checkOut, guests: 1 });

describe('the availability window', () => {
  it('can be moved; a hold then follows the new window', async () => {
    const id = await newHome();
    const res = await put(id, { from: '2027-01-01', to: '2027-02-01' });
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await getHome(id)).toMatchObject({ from: '2027-01-01', to: '2027-02-01' });
    const outside = await hold(id, '2026-12-10', '2026-12-12');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toEqual({
      code: 'dates_outside_window',
      message: 'This home can be booked from Jan 1, 2027 to Feb 1, 2027',
    });
    expect((await hold(id, '2027-01-30', '2027-02-01')).statusCode).toBe(200);
  });

  it('is never moved off an upcoming confirmed stay: 409 naming the booking; around it is fine', async () => {
    const id = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    for (const window of [
      { from: '2026-12-11', to: '2027-03-01' },
      { from: '2026-12-01', to: '2026-12-12' },
      { from: '2027-01-01', to: '2027-03-01' },
    ]) {
      const res = await put(id, window);
      expect(res.statusCode, JSON.stringify(window)).toBe(409);
      expect(res.json().error.code).toBe('window_strands_booking');
      expect(res.json().error.message).toContain('the booking of Ana Silva (Dec 10, 2026 to Dec 13, 2026).');
      expect(res.json().error.message).not.toContain(stay.bookingId);
    }
    expect(await getHome(id)).toMatchObject({ from: '2026-12-01', to: '2027-03-01' });
    expect((await put(id, { from: '2026-12-10', to: '2026-12-13' })).statusCode).toBe(200);
  });

  it('is not moved off a reservation in progress either (it may be paid any moment)', async () => {
    const id = await newHome();
    expect((await hold(id, '2027-02-20', '2027-02-25')).statusCode).toBe(200);
    const res = await put(id, { from: '2026-12-01', to: '2027-02-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('reservation in progress of Ana Silva');
  });

  it('ignores stays already over and cancelled ones', async () => {
    const id = await newHome();
    const stay = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${stay.bookingId}`,
      headers: guest.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const other = await signInAs(t.app, 'guest');
    await bookStay(t.app, other, { homeId: id, checkIn: '2026-12-02', checkOut: '2026-12-04' });
    t.clock.set('2026-12-20T10:00:00.000Z');
    expect((await put(id, { from: '2027-01-01', to: '2027-02-01' })).statusCode).toBe(200);
  });

  it('needs both dates, in order', async () => {
    const id = await newHome();
    expect((await put(id, { from: '2027-01-01' })).statusCode).toBe(400);
    expect((await put(id, { from: '2027-01-01', to: '2027-01-01' })).statusCode).toBe(400);
    expect((await put(id, { from: '2027-01-01', to: '2026-01-01' })).statusCode).toBe(400);
  });
});

describe('the pictures', () => {
  it('can be added, removed and reordered; the first is the cover', async () => {
    const id = await newHome();
    const next = [pictures[2]!, pictures[0]!, pictures[3]!];
    expect((await put(id, { images: next })).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await getHome(id)).toMatchObject({ images: next, image: pictures[2] });
    expect((await put(id, { images: next })).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it('a new picture must have been uploaded (400 unknown_image); no repeats, at most 10', async () => {
    const id = await newHome();
    const missing = `/uploads/${'f'.repeat(32)}-1280.webp`;
    const res = await put(id, { images: [pictures[0], missing] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_image');
    expect((await put(id, { images: [pictures[0], pictures[0]] })).statusCode).toBe(400);
    expect((await put(id, { images: Array.from({ length: 11 }, () => pictures[0]) })).statusCode).toBe(400);
    expect((await put(id, { images: ['https://example.com/a.jpg'] })).statusCode).toBe(400);
    expect((await getHome(id)).images).toEqual(pictures.slice(0, 2));
  });
});

describe('the stay settings', () => {
  it('default to 1..30 nights, check-in 12:00, check-out 11:00, no house rules', async () => {
    const id = await newHome();
    expect(await getHome(id)).toMatchObject({
      minNights: 1,
      maxNights: 30,
      checkInTime: '12:00',
      checkOutTime: '11:00',
      houseRules: '',
    });
  });

  it('are saved and shown; holds keep the minimum and maximum nights', async () => {
    const id = await newHome();
    const settings = {
      minNights: 3,
      maxNights: 7,
      checkInTime: '15:30',
      checkOutTime: '10:00',
      houseRules: 'No parties. Quiet after 22:00.',
    };
    expect((await put(id, settings)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await getHome(id)).toMatchObject(settings);

    const short = await hold(id, '2026-12-10', '2026-12-12');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({
      code: 'stay_too_short',
      message: 'This home takes stays of at least 3 nights.',
    });
    const long = await hold(id, '2026-12-10', '2026-12-18');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('stay_too_long');
    expect((await hold(id, '2026-12-10', '2026-12-17')).statusCode).toBe(200);
  });

  it('refuses a minimum above the maximum (also against the stored one), bad times, and more than 30 nights', async () => {
    const id = await newHome();
    expect((await put(id, { maxNights: 5 })).statusCode).toBe(200);
    const above = await put(id, { minNights: 6 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.code).toBe('nights_range');
    for (const body of [
      { minNights: 4, maxNights: 3 },
      { maxNights: 31 },
      { minNights: 0 },
      { checkInTime: '25:00' },
      { checkOutTime: '9am' },
      { houseRules: 'x'.repeat(5001) },
    ]) {
      expect((await put(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
