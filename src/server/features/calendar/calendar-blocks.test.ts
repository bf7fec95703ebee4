/**
 * Blocks and the host's calendar through the API: a block keeps guests' holds off its
 * nights, a block is refused over a stay (naming it), the calendar tells each night's
 * status, and the public unavailable dates and searches include blocked nights.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '#shared/constants';
import { homeListSchema } from '#shared/schemas/homes';
import { homeBlocks } from '#server/db/schema';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { deleteBlockCall, getCalendar, nightsOf, postBlock, unblockNightsCall } from '#server/test/calendar';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn, otherHost: SignedIn, admin: SignedIn, guest: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  otherHost = await signInAs(t.app, 'host');
  admin = await signInAs(t.app, 'admin');
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  // A fresh guest per test: a guest may have only a few live holds at once.
  guest = await signInAs(t.app, 'guest', { name: 'Ana Silva' });
});

const hostsHome = (extra: Parameters<typeof insertHome>[1] = {}) =>
  insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, ...extra });
const hold = (homeId: string, checkIn: string, checkOut: string, who = guest) =>
  createHold(t.app, who, { homeId, checkIn, checkOut, guests: 1 });

describe('POST /api/home/:id/blocks', () => {
  it('answers 201 {id}; a guest can then not hold any of its nights (409), the nights around stay free', async () => {
    const home = await hostsHome();
    const res = await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-13', note: 'Painting' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String) });

    for (const [checkIn, checkOut] of [
      ['2026-12-08', '2026-12-11'],
      ['2026-12-12', '2026-12-15'],
      ['2026-12-09', '2026-12-14'],
    ] as const) {
      const refused = await hold(home.id, checkIn, checkOut);
      expect(refused.statusCode, `${checkIn}..${checkOut}`).toBe(409);
      expect(refused.json().error.code).toBe('dates_unavailable');
    }
    // The check-out day before and the check-in day after the block are free.
    expect((await hold(home.id, '2026-12-07', '2026-12-10')).statusCode).toBe(200);
    const other = await signInAs(t.app, 'guest');
    expect((await hold(home.id, '2026-12-13', '2026-12-16', other)).statusCode).toBe(200);
  });

  it('refuses a block over a confirmed stay with 409 naming the booking and its guest', async () => {
    const home = await hostsHome();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    const res = await postBlock(t.app, host, home.id, { from: '2026-12-12', to: '2026-12-20' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('dates_booked');
    expect(res.json().error.message).toContain('Ana Silva');
    expect(res.json().error.message).toContain('Dec 10, 2026 to Dec 13, 2026');
    // By guest and dates: a raw booking id means nothing to a host (issue 25).
    expect(res.json().error.message).not.toContain(stay.bookingId);
    // Around the stay it may block.
    expect((await postBlock(t.app, host, home.id, { from: '2026-12-13', to: '2026-12-20' })).statusCode).toBe(201);
  });

  it('refuses a block over a live hold, and allows it once the hold has expired', async () => {
    const home = await hostsHome();
    expect((await hold(home.id, '2026-12-10', '2026-12-12')).statusCode).toBe(200);
    const refused = await postBlock(t.app, host, home.id, { from: '2026-12-11', to: '2026-12-12' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('reservation in progress of Ana Silva');

    t.clock.advance((HOLD_MINUTES + 1) * 60_000);
    expect((await postBlock(t.app, host, home.id, { from: '2026-12-11', to: '2026-12-12' })).statusCode).toBe(201);
    // The stale hold was given up: it cannot be paid into a stay over the block.
    const nights = await nightsOf(t.app, host, home.id, '2026-12-10', '2026-12-12');
    expect(nights['2026-12-10']!.status).toBe('available');
    expect(nights['2026-12-11']!.status).toBe('blocked');
  });

  it("refuses a block over the host's own block (409 already_blocked, naming its dates)", async () => {
    const home = await hostsHome();
    expect((await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-12' })).statusCode).toBe(201);
    const res = await postBlock(t.app, host, home.id, { from: '2026-12-11', to: '2026-12-14' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'already_blocked' });
    expect(res.json().error.message).toContain('Dec 10, 2026 to Dec 12, 2026');
  });

  it('validates: real dates in order, at most 366 days, not in the past, a short note, no unknown fields', async () => {
    const home = await hostsHome();
    for (const body of [
      { from: '2026-12-10', to: '2026-12-10' },
      { from: '2026-12-10', to: '2026-12-09' },
      { from: '2026-12-10', to: '2026-02-30' },
      { from: '2026-12-10', to: '2027-12-12' },
      { from: '2026-12-10', to: '2026-12-12', note: 'x'.repeat(501) },
      { from: '2026-12-10', to: '2026-12-12', source: 'import' },
      { from: '2026-12-10' },
    ]) {
      expect((await postBlock(t.app, host, home.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const past = await postBlock(t.app, host, home.id, { from: '2026-11-01', to: '2026-11-25' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('dates_in_past');
  });

  it('only the host of the home or an admin: another host 403, a guest 403, anonymous 401, unknown home 404', async () => {
    const home = await hostsHome();
    const body = { from: '2026-12-10', to: '2026-12-12' };
    expect((await postBlock(t.app, otherHost, home.id, body)).statusCode).toBe(403);
    expect((await postBlock(t.app, guest, home.id, body)).statusCode).toBe(403);
    expect((await postBlock(t.app, null, home.id, body)).statusCode).toBe(401);
    expect((await postBlock(t.app, host, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await postBlock(t.app, admin, home.id, body)).statusCode).toBe(201);
  });
});

describe('DELETE /api/home/:id/blocks/:blockId', () => {
  it('unblocks: the nights can be held again; a repeat or another home answers 404', async () => {
    const home = await hostsHome();
    const otherHome = await hostsHome();
    const { id } = (await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-12' })).json();
    expect((await deleteBlockCall(t.app, otherHost, home.id, id)).statusCode).toBe(403);
    expect((await deleteBlockCall(t.app, null, home.id, id)).statusCode).toBe(401);
    expect((await deleteBlockCall(t.app, host, otherHome.id, id)).statusCode).toBe(404);
    const res = await deleteBlockCall(t.app, host, home.id, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect((await deleteBlockCall(t.app, host, home.id, id)).statusCode).toBe(404);
    expect((await deleteBlockCall(t.app, host, home.id, 'not-a-uuid')).statusCode).toBe(404);
    expect((await hold(home.id, '2026-12-10', '2026-12-12')).statusCode).toBe(200);
  });

  it('an imported block is not removed by hand (409 imported_block) and keeps holds off too', async () => {
    const home = await hostsHome();
    const [imported] = await t.db
      .insert(homeBlocks)
      .values({ homeId: home.id, stay: '[2026-12-20,2026-12-23)', source: 'import', externalUid: 'abc@feed' })
      .returning();
    const res = await deleteBlockCall(t.app, host, home.id, imported!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('imported_block');
    expect((await hold(home.id, '2026-12-22', '2026-12-24')).statusCode).toBe(409);
  });
});

describe('DELETE /api/home/:id/blocks?from=&to= (unblock some nights)', () => {
  const unblockNights = (who: SignedIn | null, homeId: string, from: string, to: string) =>
    unblockNightsCall(t.app, who, homeId, { from, to });

  it('frees nights in the middle of a block: the nights around stay blocked with the note, and can be held', async () => {
    const home = await hostsHome();
    const block = (
      await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-20', note: 'Painting' })
    ).json();
    const res = await unblockNights(host, home.id, '2026-12-13', '2026-12-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ freedNights: 2 });

    const nights = await nightsOf(t.app, host, home.id, '2026-12-09', '2026-12-21');
    const statusOf = (date: string) => nights[date]!.status;
    expect(['2026-12-09', '2026-12-13', '2026-12-14', '2026-12-20'].map(statusOf)).toEqual([
      'available',
      'available',
      'available',
      'available',
    ]);
    for (const date of ['2026-12-10', '2026-12-12', '2026-12-15', '2026-12-19']) {
      expect(nights[date], date).toMatchObject({ status: 'blocked', note: 'Painting' });
    }
    // The part before keeps the block's id; the part after is a block of its own.
    expect(nights['2026-12-10']!.blockId).toBe(block.id);
    expect(nights['2026-12-15']!.blockId).not.toBe(block.id);

    expect((await hold(home.id, '2026-12-13', '2026-12-15')).statusCode).toBe(200);
    const other = await signInAs(t.app, 'guest');
    expect((await hold(home.id, '2026-12-12', '2026-12-14', other)).statusCode).toBe(409);
    expect((await hold(home.id, '2026-12-14', '2026-12-16', other)).statusCode).toBe(409);
  });

  it('trims, splits and removes every host block the range touches; imported nights stay', async () => {
    const home = await hostsHome();
    for (const [from, to] of [
      ['2026-12-01', '2026-12-05'],
      ['2026-12-08', '2026-12-12'],
      ['2026-12-14', '2026-12-16'],
    ] as const) {
      expect((await postBlock(t.app, host, home.id, { from, to })).statusCode).toBe(201);
    }
    await t.db.insert(homeBlocks).values({ homeId: home.id, stay: '[2026-12-06,2026-12-08)', source: 'import' });

    const res = await unblockNights(host, home.id, '2026-12-03', '2026-12-15');
    expect(res.json()).toEqual({ freedNights: 2 + 4 + 1 });
    const calendar = (await getCalendar(t.app, host, home.id, '2026-12-01', '2026-12-17')).json();
    expect(calendar.blocks.map((b: { from: string; to: string; source: string }) => [b.from, b.to, b.source])).toEqual([
      ['2026-12-01', '2026-12-03', 'host'],
      ['2026-12-06', '2026-12-08', 'import'],
      ['2026-12-15', '2026-12-16', 'host'],
    ]);
    // Nothing of the host's left there: nothing to free, nothing changes.
    expect((await unblockNights(host, home.id, '2026-12-03', '2026-12-15')).json()).toEqual({ freedNights: 0 });
  });

  it('a search with dates offers the home again on the freed nights only', async () => {
    const location = `Unblockville ${Date.now()}, Testland`;
    const home = await hostsHome({ location });
    const found = async (checkIn: string, checkOut: string) => {
      const query = new URLSearchParams({ location: 'Unblockville', checkIn, checkOut, limit: '100' });
      return homeListSchema
        .parse((await t.app.inject({ url: `/api/homes?${query}` })).json())
        .some((h) => h._id === home.id);
    };
    await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-20' });
    await unblockNights(host, home.id, '2026-12-14', '2026-12-16');
    expect(await found('2026-12-14', '2026-12-16')).toBe(true);
    expect(await found('2026-12-13', '2026-12-15')).toBe(false);
    expect(await found('2026-12-15', '2026-12-17')).toBe(false);
  });

  it('checks the range (400 with the field) and who asks: the host or an admin only', async () => {
    const home = await hostsHome();
    const refused: Record<string, string>[] = [
      { from: '2026-12-10', to: '2026-12-10' },
      { from: '2026-12-10', to: '2026-12-09' },
      { from: '2026-12-10' },
      { from: '2026-12-10', to: '2027-12-12' },
      { from: '2026-12-10', to: '2026-12-12', blockId: 'x' },
      { from: 'soon', to: '2026-12-12' },
    ];
    for (const query of refused) {
      const res = await unblockNightsCall(t.app, host, home.id, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-12' });
    expect((await unblockNights(otherHost, home.id, '2026-12-10', '2026-12-12')).statusCode).toBe(403);
    expect((await unblockNights(guest, home.id, '2026-12-10', '2026-12-12')).statusCode).toBe(403);
    expect((await unblockNights(null, home.id, '2026-12-10', '2026-12-12')).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await unblockNights(host, unknown, '2026-12-10', '2026-12-12')).statusCode).toBe(404);
    // Refused calls changed nothing.
    expect((await nightsOf(t.app, host, home.id, '2026-12-10', '2026-12-12'))['2026-12-11']!.status).toBe('blocked');
    expect((await unblockNights(admin, home.id, '2026-12-10', '2026-12-12')).json()).toEqual({ freedNights: 2 });
  });
});

describe('GET /api/home/:id/calendar', () => {
  it("tells each night's status: booked (guest), held, blocked (note), imported, available; conflicts flagged", async () => {
    const home = await hostsHome({ availableFrom: '2026-12-02', availableTo: '2026-12-20' });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-03', checkOut: '2026-12-05' });
    const other = await signInAs(t.app, 'guest', { name: 'Bruno Costa' });
    const held = (await hold(home.id, '2026-12-06', '2026-12-07', other)).json();
    const block = (
      await postBlock(t.app, host, home.id, { from: '2026-12-08', to: '2026-12-10', note: 'Family' })
    ).json();
    await t.db.insert(homeBlocks).values([
      { homeId: home.id, stay: '[2026-12-12,2026-12-13)', source: 'import' },
      // An imported event over the confirmed stay: shown as a conflict, nothing cancelled.
      { homeId: home.id, stay: '[2026-12-04,2026-12-05)', source: 'import' },
    ]);

    const nights = await nightsOf(t.app, host, home.id, '2026-12-01', '2026-12-14');
    expect(Object.keys(nights)).toHaveLength(13);
    expect(nights['2026-12-01']).toEqual({ date: '2026-12-01', status: 'available', inWindow: false });
    expect(nights['2026-12-02']).toEqual({ date: '2026-12-02', status: 'available', inWindow: true });
    expect(nights['2026-12-03']).toEqual({
      date: '2026-12-03',
      status: 'booked',
      inWindow: true,
      bookingId: stay.bookingId,
      guestName: 'Ana Silva',
    });
    expect(nights['2026-12-04']).toMatchObject({ status: 'booked', conflict: true });
    expect(nights['2026-12-05']!.status).toBe('available');
    expect(nights['2026-12-06']).toMatchObject({ status: 'held', bookingId: held.bookingId, guestName: 'Bruno Costa' });
    expect(nights['2026-12-08']).toMatchObject({ status: 'blocked', blockId: block.id, note: 'Family' });
    expect(nights['2026-12-09']).toMatchObject({ status: 'blocked', blockId: block.id });
    expect(nights['2026-12-10']!.status).toBe('available');
    expect(nights['2026-12-12']).toMatchObject({ status: 'imported' });
    expect(nights['2026-12-12']!.note).toBeUndefined();
  });

  it('the host of the home or an admin only; bounded, ordered ranges', async () => {
    const home = await hostsHome();
    const range = ['2026-12-01', '2027-01-01'] as const;
    expect((await getCalendar(t.app, host, home.id, ...range)).statusCode).toBe(200);
    expect((await getCalendar(t.app, admin, home.id, ...range)).statusCode).toBe(200);
    expect((await getCalendar(t.app, otherHost, home.id, ...range)).statusCode).toBe(403);
    expect((await getCalendar(t.app, guest, home.id, ...range)).statusCode).toBe(403);
    expect((await getCalendar(t.app, null, home.id, ...range)).statusCode).toBe(401);
    expect((await getCalendar(t.app, host, '00000000-0000-4000-8000-000000000000', ...range)).statusCode).toBe(404);
    expect((await getCalendar(t.app, host, home.id, '2026-12-01', '2027-12-03')).statusCode).toBe(400);
    expect((await getCalendar(t.app, host, home.id, '2026-12-01', '2026-12-01')).statusCode).toBe(400);
    expect((await getCalendar(t.app, host, home.id, '2026-12-01', 'soon')).statusCode).toBe(400);
    const res = await getCalendar(t.app, host, home.id, '2026-12-01', '2027-12-02');
    expect(res.statusCode).toBe(200);
    expect(res.json().nights).toHaveLength(366);
  });
});

describe('guests see blocked nights without the reason', () => {
  it('GET /api/home/:id/unavailable lists blocked ranges (host and imported), no notes', async () => {
    const home = await hostsHome();
    await postBlock(t.app, host, home.id, { from: '2026-12-10', to: '2026-12-12', note: 'Secret' });
    await t.db.insert(homeBlocks).values({ homeId: home.id, stay: '[2026-12-20,2026-12-22)', source: 'import' });
    const res = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}/unavailable` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ranges: [
        { from: '2026-12-10', to: '2026-12-12' },
        { from: '2026-12-20', to: '2026-12-22' },
      ],
    });
    expect(res.body).not.toContain('Secret');
  });

  it('a search with dates leaves out a home with blocked nights, and offers it again once unblocked', async () => {
    const location = `Blockville ${Date.now()}, Testland`;
    const home = await hostsHome({ location });
    const search = async (checkIn: string, checkOut: string) => {
      const place = new URLSearchParams({ location: 'Blockville', checkIn, checkOut, limit: '100' });
      const plain = new URLSearchParams({ checkIn, checkOut, limit: '100' });
      const byPlace = homeListSchema.parse((await t.app.inject({ url: `/api/homes?${place}` })).json());
      const inList = homeListSchema.parse((await t.app.inject({ url: `/api/homes?${plain}` })).json());
      const found = byPlace.some((h) => h._id === home.id);
      expect(inList.some((h) => h._id === home.id)).toBe(found);
      return found;
    };
    expect(await search('2026-12-10', '2026-12-12')).toBe(true);
    const { id } = (await postBlock(t.app, host, home.id, { from: '2026-12-11', to: '2026-12-12' })).json();
    expect(await search('2026-12-10', '2026-12-12')).toBe(false);
    expect(await search('2026-12-12', '2026-12-14')).toBe(true);
    await deleteBlockCall(t.app, host, home.id, id);
    expect(await search('2026-12-10', '2026-12-12')).toBe(true);
  });
});
