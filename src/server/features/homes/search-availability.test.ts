/**
 * A search with dates shows only homes free for them at the moment of the search:
 * confirmed stays and live holds block, a hold past its time does not (even before the
 * sweeper marks it), cancelled stays and holds do not. Bookings go through the real API
 * (hold -> pay -> confirm, cancel), so homes.confirmed_nights is kept by its triggers.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { HOLD_MINUTES } from '#shared/constants';
import { addDays } from '#shared/stay';
import { bookStay, createHold } from '#server/test/booking-test-helpers';
import { postBlock } from '#server/test/calendar';
import { insertBooking, insertHome } from '#server/test/factories';
import { bookings, homes } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';
import { sweepOnce } from '../bookings/bookings-sweeper';

const t = useTestApp();

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  // A fresh guest per test: a guest may have only a few live holds at once.
  guest = await signInAs(t.app, 'guest');
});

let places = 0;
/** A home alone in a place of its own, so a place search answers just it (or nothing). */
async function homeInOwnPlace(overrides: Partial<typeof homes.$inferInsert> = {}) {
  const location = `Availtown${String.fromCharCode(97 + (places % 26))}${String.fromCharCode(97 + Math.floor(places / 26))}, Testland`;
  places++;
  const home = await insertHome(t.db, { location, hostEmail: host.user.email, hostId: host.user.id, ...overrides });
  return { id: home.id, place: location.split(',')[0]!, row: home };
}

async function search(params: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/homes?${new URLSearchParams({ limit: '100', ...params })}`,
  });
  expect(res.statusCode).toBe(200);
  return homeListSchema.parse(res.json()).map((h) => h._id);
}

/** Is the home offered for these dates, in a place search and in the plain newest-first list? */
async function offered(home: { id: string; place: string }, checkIn: string, checkOut: string): Promise<boolean> {
  const byPlace = (await search({ location: home.place, checkIn, checkOut })).includes(home.id);
  const inList = (await search({ checkIn, checkOut })).includes(home.id);
  expect(inList).toBe(byPlace);
  return byPlace;
}

const cancel = (who: SignedIn, bookingId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: who.headers });

describe('GET /api/homes with dates', () => {
  it('leaves out a home with a confirmed stay over the dates, offers it on other dates and after cancellation', async () => {
    const home = await homeInOwnPlace();
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });

    expect(await offered(home, '2026-12-12', '2026-12-14')).toBe(false);
    expect(await offered(home, '2026-12-08', '2026-12-11')).toBe(false);
    // The check-out day is free, and so is the night before check-in.
    expect(await offered(home, '2026-12-13', '2026-12-15')).toBe(true);
    expect(await offered(home, '2026-12-08', '2026-12-10')).toBe(true);

    expect((await cancel(guest, stay.bookingId)).statusCode).toBe(200);
    expect(await offered(home, '2026-12-12', '2026-12-14')).toBe(true);
  });

  it('leaves out a home with a live hold, offers it again once the hold has expired, before any sweep', async () => {
    const home = await homeInOwnPlace();
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
    });
    expect(held.statusCode).toBe(200);
    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(false);

    t.clock.advance((HOLD_MINUTES - 1) * 60_000);
    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(false);
    t.clock.advance(2 * 60_000);
    // Still `held` in the table, but past its time: it blocks nothing.
    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(true);

    // The sweeper marks it expired: still offered. A new hold by someone else blocks again.
    await sweepOnce({ db: t.db, clock: t.clock, payments: sandboxPayments({ db: t.db, clock: t.clock }) });
    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(true);
    const other = await signInAs(t.app, 'guest');
    const again = await createHold(t.app, other, {
      homeId: home.id,
      checkIn: '2026-12-11',
      checkOut: '2026-12-13',
      guests: 1,
    });
    expect(again.statusCode).toBe(200);
    expect(await offered(home, '2026-12-10', '2026-12-12')).toBe(false);
  });

  it('offers a home again when its hold is cancelled, or replaced by a new choice of dates', async () => {
    const home = await homeInOwnPlace();
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
      guests: 1,
    });
    expect(held.statusCode).toBe(200);
    expect(await offered(home, '2026-12-20', '2026-12-21')).toBe(false);
    expect((await cancel(guest, (held.json() as { bookingId: string }).bookingId)).statusCode).toBe(200);
    expect(await offered(home, '2026-12-20', '2026-12-21')).toBe(true);

    const first = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-20',
      checkOut: '2026-12-23',
      guests: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-22',
      checkOut: '2026-12-24',
      guests: 1,
    });
    expect(second.statusCode).toBe(200);
    expect(await offered(home, '2026-12-20', '2026-12-22')).toBe(true);
    expect(await offered(home, '2026-12-23', '2026-12-24')).toBe(false);
  });

  it('a stay confirmed after its hold time (paid in time, confirmed late) still blocks', async () => {
    const home = await homeInOwnPlace();
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-05', checkOut: '2027-01-08' });
    t.clock.advance(2 * HOLD_MINUTES * 60_000);
    expect(await offered(home, '2027-01-06', '2027-01-07')).toBe(false);
  });

  it('a hold past its time whose payment was received (not yet confirmed) still blocks', async () => {
    const home = await homeInOwnPlace();
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-01-12',
      checkOut: '2027-01-14',
      guests: 1,
    });
    expect(held.statusCode).toBe(200);
    const bookingId = (held.json() as { bookingId: string }).bookingId;
    // The card was charged but the browser never came back to confirm: the sweeper or the webhook will.
    await t.db.update(bookings).set({ paymentReceivedAt: t.clock.now() }).where(eq(bookings.id, bookingId));
    t.clock.advance(2 * HOLD_MINUTES * 60_000);
    expect(await offered(home, '2027-01-13', '2027-01-14')).toBe(false);
  });

  it('pages a place search with dates: booked homes are skipped, every free home comes once, newest first', async () => {
    const location = 'Pagebook, Testland';
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      const home = await insertHome(t.db, { location, hostEmail: host.user.email, hostId: host.user.id });
      ids.push(home.id);
      if (i % 3 === 1)
        await bookStay(t.app, await signInAs(t.app, 'guest'), {
          homeId: home.id,
          checkIn: '2026-12-10',
          checkOut: '2026-12-12',
        });
    }
    const free = ids.filter((_, i) => i % 3 !== 1).reverse();
    const seen: string[] = [];
    let url: string | null = '/api/homes?location=Pagebook&checkIn=2026-12-11&checkOut=2026-12-12&limit=2';
    while (url) {
      const res: { statusCode: number; json(): unknown; headers: Record<string, unknown> } = await t.app.inject({
        method: 'GET',
        url,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...homeListSchema.parse(res.json()).map((h) => h._id));
      url = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    expect(seen).toEqual(free);
  });

  it("keeps every home's confirmed nights equal to its confirmed stays", async () => {
    const [row] = await t.db
      .select({ wrong: sql<number>`count(*)::int` })
      .from(homes)
      .where(
        sql`${homes.confirmedNights} <> coalesce(
          (select range_agg(b.stay) from bookings b where b.home_id = ${homes.id} and b.status = 'confirmed'),
          '{}'::datemultirange)`,
      );
    expect(row!.wrong).toBe(0);
  });
});

/**
 * Place searches test availability inside the place index, on the nights from a recent day on
 * (migration 0017, ADR 0026). What a guest or host sees must not depend on that: a home with more
 * separate stays and blocks ahead than fit an index entry still takes new ones and is searched
 * exactly, and a home with stays both past and ahead is left out exactly on its nights.
 */
describe('GET /api/homes with dates, homes with many nights taken', () => {
  it('a home with 400 separate blocked nights ahead takes more blocks and stays, and is offered exactly on its free nights', async () => {
    const home = await homeInOwnPlace({ availableFrom: '2026-11-01', availableTo: '2030-12-31' });
    // One-night blocks three or four nights apart, irregular, so their nights do not compress
    // into one index entry (about 5 KB; an entry may hold about 2.7 KB).
    const nightOf = (g: number) => addDays('2026-12-01', 3 * g + ((g * 2654435761) % 7 < 3 ? 1 : 0));
    const blocked = Array.from({ length: 400 }, (_, g) => nightOf(g));
    await t.db.execute(sql`insert into home_blocks (home_id, stay, source)
      select ${home.id}::uuid, daterange(night, night + 1), 'host'
      from unnest(${`{${blocked.join(',')}}`}::date[]) as night`);

    const late = blocked[300]!;
    expect(await offered(home, late, addDays(late, 1))).toBe(false);
    const freeNight = addDays(late, 1);
    expect(blocked).not.toContain(freeNight);
    expect(await offered(home, freeNight, addDays(freeNight, 1))).toBe(true);

    const afterAll = addDays(blocked.at(-1)!, 5);
    const block = await postBlock(t.app, host, home.id, { from: afterAll, to: addDays(afterAll, 2) });
    expect(block.statusCode).toBe(201);
    expect(await offered(home, afterAll, addDays(afterAll, 1))).toBe(false);

    const stayNight = addDays(blocked[2]!, 1);
    await bookStay(t.app, guest, { homeId: home.id, checkIn: stayNight, checkOut: addDays(stayNight, 1) });
    expect(await offered(home, stayNight, addDays(stayNight, 1))).toBe(false);
    expect(await offered(home, addDays(stayNight, 1), addDays(stayNight, 2))).toBe(
      !blocked.includes(addDays(stayNight, 1)),
    );
  });

  it('a home with a stay in the past and one ahead is left out only for the one ahead', async () => {
    const home = await homeInOwnPlace({ availableFrom: '2026-11-01' });
    await insertBooking(t.db, home.row, {
      checkIn: '2026-11-02',
      checkOut: '2026-11-05',
      guestEmail: guest.user.email,
    });
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });

    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(false);
    expect(await offered(home, '2026-12-05', '2026-12-11')).toBe(false);
    expect(await offered(home, '2026-12-13', '2026-12-20')).toBe(true);
    expect(await offered(home, '2026-12-01', '2026-12-10')).toBe(true);
  });

  it('a home whose nights were cut after the searched dates (its last change came later) is still searched exactly', async () => {
    const home = await homeInOwnPlace();
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });
    // As if the home's nights last changed on 2026-12-14: the upcoming part starts at 2026-12-12.
    await t.db.execute(sql`update homes set upcoming_from = '2026-12-12',
      upcoming_nights = homes_upcoming_nights(confirmed_nights, '2026-12-12', location, host_email)
      where id = ${home.id}`);

    expect(await offered(home, '2026-12-11', '2026-12-12')).toBe(false);
    expect(await offered(home, '2026-12-08', '2026-12-10')).toBe(true);
    expect(await offered(home, '2026-12-12', '2026-12-14')).toBe(false);
    expect(await offered(home, '2026-12-13', '2026-12-15')).toBe(true);
  });
});
