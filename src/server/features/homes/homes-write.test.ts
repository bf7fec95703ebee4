import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeSchema, type CreateHomeInput } from '#shared/schemas/homes';
import { homes } from '#server/db/schema';
import { createHomeOk, postHome, validHome } from '#server/test/homes';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn;
let otherHost: SignedIn;
let guest: SignedIn;
let requested: SignedIn;
let admin: SignedIn;
let pictures: string[];

/** Puts a picture in storage the way the upload endpoint does, and answers its URL. */
async function storedPicture(): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await t.storage.put(`${key}-1280.webp`, Buffer.from('RIFF\0\0\0\0WEBP'), {
    contentType: 'image/webp',
    visibility: 'public',
  });
  await t.storage.put(`${key}-640.webp`, Buffer.from('RIFF\0\0\0\0WEBP'), {
    contentType: 'image/webp',
    visibility: 'public',
  });
  return t.storage.publicUrl(`${key}-1280.webp`);
}

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  otherHost = await signInAs(t.app, 'host');
  guest = await signInAs(t.app, 'guest');
  requested = await signInAs(t.app, 'requested');
  admin = await signInAs(t.app, 'admin');
  pictures = [];
  for (let i = 0; i < 11; i++) pictures.push(await storedPicture());
});

const valid = validHome;
const create = (body: unknown, who: SignedIn | null = host) => postHome(t.app, body, who);
const createOk = (body: Partial<CreateHomeInput> = {}, who: SignedIn = host) => createHomeOk(t.app, body, who);

describe('POST /api/homes', () => {
  it('creates a home owned by the signed-in host and answers {acknowledged, insertedId}', async () => {
    const res = await create({
      ...valid(),
      image: pictures[0],
      images: [pictures[1], pictures[0]],
      hostEmail: host.user.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const id = res.json().insertedId;

    const home = homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
    expect(home).toMatchObject({
      _id: id,
      title: 'Sunny flat by the river',
      price: 120.5,
      hostEmail: host.user.email,
      email: host.user.email,
      image: pictures[0],
      images: [pictures[0], pictures[1]],
      from: '2026-12-01',
      to: '2026-12-02',
    });
    const [row] = await t.db.select().from(homes).where(eq(homes.id, id));
    expect(row).toMatchObject({ hostId: host.user.id, hostEmail: host.user.email, priceCents: 12_050 });
  });

  it('accepts a home without pictures (the placeholder shows) and without a description', async () => {
    const { description: _d, ...rest } = valid();
    const res = await create(rest);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId;
    const home = homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
    expect(home.description).toBe('');
    expect(home.image).toMatch(/placeholder/);
  });

  it("403 when hostEmail is someone else's; the owner is never taken from the body", async () => {
    const res = await create({ ...valid(), hostEmail: otherHost.user.email });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/hostEmail/);
  });

  it('only hosts create: guest, requested and admin 403, anonymous 401', async () => {
    for (const who of [guest, requested, admin]) expect((await create(valid(), who)).statusCode).toBe(403);
    expect((await create(valid(), null)).statusCode).toBe(401);
    // Authorisation comes before validation: an anonymous caller learns nothing about the body.
    expect((await create({ nonsense: true }, null)).statusCode).toBe(401);
  });

  it('accepts only pictures made by the upload endpoint that exist in storage', async () => {
    const missing = `/uploads/${'f'.repeat(32)}-1280.webp`;
    for (const image of [
      missing,
      'https://evil.example/pic.jpg',
      'javascript:alert(1)',
      '/uploads/../private/doc.webp',
      pictures[0]!.replace('-1280.webp', '-640.webp'),
      '/api/documents/doc-x.webp',
    ]) {
      const res = await create({ ...valid(), image });
      expect(res.statusCode, image).toBe(400);
    }
    const res = await create({ ...valid(), images: [pictures[0], missing] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not found/);
  });

  it('takes up to 10 pictures', async () => {
    expect((await create({ ...valid(), images: pictures.slice(0, 10) })).statusCode).toBe(200);
    expect((await create({ ...valid(), images: pictures.slice(0, 11) })).statusCode).toBe(400);
    // image + 10 other images is 11 pictures
    expect((await create({ ...valid(), image: pictures[10], images: pictures.slice(0, 10) })).statusCode).toBe(400);
  });
});

describe('home validation (the shared zod schema)', () => {
  const s = (n: number) => 'x'.repeat(n);
  it.each([
    ['title empty', 400, { title: '' }],
    ['title blank', 400, { title: '   ' }],
    ['title 1 char', 200, { title: 'x' }],
    ['title 120 chars', 200, { title: s(120) }],
    ['title 121 chars', 400, { title: s(121) }],
    ['location empty', 400, { location: '' }],
    ['location 1 char', 200, { location: 'x', point: { lat: 1, lng: 2 } }],
    ['location 120 chars', 200, { location: s(120), point: { lat: 1, lng: 2 } }],
    ['location 121 chars', 400, { location: s(121) }],
    ['description 5000 chars', 200, { description: s(5000) }],
    ['description 5001 chars', 400, { description: s(5001) }],
    ['price 0', 400, { price: 0 }],
    ['price -1', 400, { price: -1 }],
    ['price 0.01', 200, { price: 0.01 }],
    ['price 19.99', 200, { price: 19.99 }],
    ['price with 3 decimals', 400, { price: 10.005 }],
    ['price 0.001', 400, { price: 0.001 }],
    ['price 1e-9 (0 cents once rounded)', 400, { price: 1e-9 }],
    ['price -1e-9', 400, { price: -1e-9 }],
    ['cleaning fee 0', 200, { cleaningFee: 0 }],
    ['cleaning fee 1e-9', 400, { cleaningFee: 1e-9 }],
    ['cleaning fee 0.001', 400, { cleaningFee: 0.001 }],
    ['cleaning fee 10.005', 400, { cleaningFee: 10.005 }],
    ['title with CR/LF (a mail header line)', 400, { title: 'Nice\r\nBcc: victim@example.test' }],
    ['title with LF', 400, { title: 'Nice\nflat' }],
    ['title with a bidi override', 400, { title: 'Cozy \u202Egnp.exe\u202C' }],
    ['title with a bidi isolate', 400, { title: 'Cozy \u2066flat\u2069' }],
    ['title with a line separator', 400, { title: 'Nice\u2028flat' }],
    ['title with a web address', 400, { title: 'Book at https://evil.example' }],
    ['title naming a domain (kept, quoted in mails)', 200, { title: 'Near www.museum.pt' }],
    ['location with CR/LF', 400, { location: 'Lisbon\r\nPortugal' }],
    ['location with a bidi override', 400, { location: 'Lisbon \u202Elagutrop' }],
    ['location with a paragraph separator', 400, { location: 'Lisbon\u2029Portugal' }],
    ['price 1000000', 200, { price: 1_000_000 }],
    ['price 1000000.01', 400, { price: 1_000_000.01 }],
    ['price as a string', 400, { price: '100' }],
    ['total_guest 0', 400, { total_guest: 0 }],
    ['total_guest 1', 200, { total_guest: 1 }],
    ['total_guest 50', 200, { total_guest: 50 }],
    ['total_guest 51', 400, { total_guest: 51 }],
    ['total_guest 2.5', 400, { total_guest: 2.5 }],
    ['bedrooms -1', 400, { bedrooms: -1 }],
    ['bedrooms 0', 200, { bedrooms: 0 }],
    ['bedrooms 50', 200, { bedrooms: 50 }],
    ['bedrooms 51', 400, { bedrooms: 51 }],
    ['bathrooms -1', 400, { bathrooms: -1 }],
    ['bathrooms 0', 200, { bathrooms: 0 }],
    ['bathrooms 50', 200, { bathrooms: 50 }],
    ['bathrooms 51', 400, { bathrooms: 51 }],
    ['from == to', 400, { from: '2026-12-05', to: '2026-12-05' }],
    ['from after to', 400, { from: '2026-12-06', to: '2026-12-05' }],
    ['from one day before to', 200, { from: '2026-12-04', to: '2026-12-05' }],
    ['an impossible date', 400, { from: '2026-02-30', to: '2026-03-05' }],
    ['a date-time instead of a date', 400, { from: '2026-12-01T00:00:00Z' }],
    ['an unknown field', 400, { rating: 5 }],
    ['host_id smuggled in', 400, { host_id: 'someone' }],
    ['title missing', 400, { title: undefined }],
    ['price missing', 400, { price: undefined }],
  ] as const)('%s -> %i', async (_name, status, change) => {
    const res = await create({ ...valid(), ...change });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400)
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
  });

  it('says what is wrong in words the form can show', async () => {
    const res = await create({ ...valid(), price: 10.005 });
    expect(res.json().error.message).toMatch(/at most 2 decimals/);
    const dates = await create({ ...valid(), from: '2026-12-05', to: '2026-12-05' });
    expect(dates.json().error.message).toMatch(/after the available-from date/);
  });

  it('refuses a window that ended before today (no night could be booked); one ending today is kept', async () => {
    // Today is 2026-11-21 (the test clock).
    const ended = await create({ ...valid(), from: '2026-11-01', to: '2026-11-10' });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error).toMatchObject({
      code: 'window_in_past',
      message:
        'The available-to date (2026-11-10) is in the past: the home could never be booked. Choose a later date.',
    });
    expect((await create({ ...valid(), from: '2026-11-19', to: '2026-11-20' })).statusCode).toBe(400);
    expect((await create({ ...valid(), from: '2026-11-19', to: '2026-11-21' })).statusCode).toBe(200);
  });
});

describe('PUT /api/home/:id', () => {
  let id: string;
  const edit = () => ({
    location: 'Lisbon, Portugal',
    title: 'Sunny flat by the river',
    price: 120.5,
    total_guest: 4,
    bedrooms: 2,
    bathrooms: 1,
    description: 'Bright rooms, a balcony and a view of the Tagus.',
  });
  const put = (body: unknown, who: SignedIn | null = host, homeId = id) =>
    t.app.inject({ method: 'PUT', url: `/api/home/${homeId}`, headers: who?.headers ?? {}, payload: body as object });

  beforeAll(async () => {
    id = await createOk();
  });

  it('refuses moving the window into the past', async () => {
    const res = await put({ ...edit(), from: '2026-10-01', to: '2026-10-05' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('window_in_past');
  });

  it('modifiedCount is 0 when nothing changed and 1 when something did', async () => {
    expect((await put(edit())).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await put({ ...edit(), price: 130 })).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await put({ ...edit(), price: 130 })).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await put({ ...edit(), price: 130, description: 'New words' })).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    // description left out: kept as it is
    const { description: _d, ...noDescription } = { ...edit(), price: 130 };
    expect((await put(noDescription)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const home = homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
    expect(home).toMatchObject({ price: 130, description: 'New words', from: '2026-12-01', to: '2026-12-02' });
  });

  it('another host, a guest and an admin cannot edit (403); anonymous 401', async () => {
    for (const who of [otherHost, guest, admin]) {
      const res = await put({ ...edit(), title: 'Hijacked' }, who);
      expect(res.statusCode).toBe(403);
    }
    expect((await put({ ...edit(), title: 'Hijacked' }, null)).statusCode).toBe(401);
    const home = homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
    expect(home.title).not.toBe('Hijacked');
  });

  it('404 for unknown or malformed ids', async () => {
    expect((await put(edit(), host, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await put(edit(), host, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses an amount that is not whole cents above 0 and text that is not one plain line (400)', async () => {
    for (const change of [
      { price: 1e-9 },
      { price: 0.001 },
      { price: 10.005 },
      { cleaningFee: 1e-9 },
      { cleaningFee: 0.001 },
      { cleaningFee: 10.005 },
      { title: 'Nice\r\nBcc: victim@example.test' },
      { title: 'Cozy \u202Egnp.exe\u202C' },
      { title: 'Nice\u2028flat' },
      { location: 'Lisbon\r\nPortugal' },
      { location: 'Lisbon \u202Elagutrop' },
      { location: 'Lisbon\u2028Portugal' },
    ]) {
      const res = await put({ ...edit(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const home = homeSchema.parse((await t.app.inject({ method: 'GET', url: `/api/home/${id}` })).json());
    expect(home).toMatchObject({ title: edit().title, location: edit().location });
    expect(home.price).toBeGreaterThan(0);
  });

  it('validates like the form: bounds, unknown fields (dates, images, owner) refused', async () => {
    for (const body of [
      { ...edit(), title: '' },
      { ...edit(), price: 0 },
      { ...edit(), price: 1.234 },
      { ...edit(), total_guest: 51 },
      { ...edit(), bedrooms: -1 },
      { ...edit(), from: '2026-12-01' },
      { ...edit(), image: pictures[0] },
      { ...edit(), hostEmail: otherHost.user.email },
      { ...edit(), location: undefined },
    ]) {
      expect((await put(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps the pricing and booking-mode settings a host sends, each left out kept, and shows them on the home', async () => {
    const settings = {
      weekendPrice: 150.25,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 25,
      lastMinuteDiscountPercent: 5,
      lastMinuteDays: 3,
      earlyBirdDiscountPercent: 8,
      earlyBirdDays: 120,
      guestsIncluded: 2,
      extraGuestFee: 15,
      securityDeposit: 300,
      bookingMode: 'request',
      instantBookRequirements: ['verified_email', 'good_review'],
    };
    expect((await put({ ...edit(), ...settings })).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await put({ ...edit(), weeklyDiscountPercent: 12 })).json().modifiedCount).toBe(1);
    const home = (await t.app.inject({ url: `/api/home/${id}` })).json();
    expect(home).toMatchObject({ ...settings, weeklyDiscountPercent: 12 });
    const listed = (
      await t.app.inject({ url: `/api/homes?email=${encodeURIComponent(host.user.email)}`, headers: host.headers })
    ).json();
    expect(listed.find((h: { _id: string }) => h._id === id)).toMatchObject({
      bookingMode: 'request',
      weekendPrice: 150.25,
    });
    // null gives the weekend nights the base price again.
    await put({ ...edit(), weekendPrice: null });
    expect((await t.app.inject({ url: `/api/home/${id}` })).json().weekendPrice).toBeNull();
  });

  it('refuses pricing settings out of range, and more guests included than the home sleeps', async () => {
    for (const change of [
      { weeklyDiscountPercent: 91 },
      { monthlyDiscountPercent: -1 },
      { lastMinuteDays: 0 },
      { earlyBirdDays: 366 },
      { weekendPrice: 0 },
      { extraGuestFee: 1.234 },
      { securityDeposit: -5 },
      { bookingMode: 'auction' },
      { instantBookRequirements: ['verified_email', 'verified_email'] },
      { instantBookRequirements: ['a_passport'] },
    ]) {
      expect((await put({ ...edit(), ...change })).statusCode, JSON.stringify(change)).toBe(400);
    }
    const tooMany = await put({ ...edit(), guestsIncluded: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('guests_included_range');
  });
});
