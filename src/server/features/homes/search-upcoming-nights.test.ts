/**
 * Place searches test availability inside the place index, on the nights from a recent day on
 * (migration 0017, ADR 0026). What a guest or host sees must not depend on that: a home with
 * more separate stays and blocks ahead than fit an index entry still takes new ones and is
 * searched exactly, and a home with stays both past and ahead is left out exactly on its nights.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeListSchema } from '#shared/schemas/homes';
import { addDays } from '#shared/stay';
import { bookStay } from '#server/test/booking-test-helpers';
import { postBlock } from '#server/test/calendar';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, TEST_NOW, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  guest = await signInAs(t.app, 'guest');
});

let places = 0;
async function homeInOwnPlace(availableTo = '2027-03-01') {
  const place = `Upcomingville${String.fromCharCode(97 + places++)}`;
  const home = await insertHome(t.db, {
    location: `${place}, Testland`,
    hostEmail: host.user.email,
    hostId: host.user.id,
    availableFrom: '2026-11-01',
    availableTo,
  });
  return { home, place };
}

async function offered(place: string, homeId: string, checkIn: string, checkOut: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/homes?${new URLSearchParams({ location: place, checkIn, checkOut })}`,
  });
  expect(res.statusCode).toBe(200);
  return homeListSchema.parse(res.json()).some((h) => h._id === homeId);
}

describe('place search with dates, homes with many nights taken', () => {
  it('a home with 400 separate blocked nights ahead takes more blocks and stays, and is offered exactly on its free nights', async () => {
    const { home, place } = await homeInOwnPlace('2030-12-31');
    // One-night blocks three or four nights apart, irregular, so their nights do not compress
    // into one index entry (about 5 KB; an entry may hold about 2.7 KB).
    const firstNight = '2026-12-01';
    const nightOf = (g: number) => addDays(firstNight, 3 * g + ((g * 2654435761) % 7 < 3 ? 1 : 0));
    const blocked = Array.from({ length: 400 }, (_, g) => nightOf(g));
    await t.db.execute(sql`insert into home_blocks (home_id, stay, source)
      select ${home.id}::uuid, daterange(night, night + 1), 'host'
      from unnest(${`{${blocked.join(',')}}`}::date[]) as night`);

    const late = blocked[300]!;
    expect(await offered(place, home.id, late, addDays(late, 1))).toBe(false);
    const freeNight = addDays(late, 1);
    expect(blocked).not.toContain(freeNight);
    expect(await offered(place, home.id, freeNight, addDays(freeNight, 1))).toBe(true);

    const afterAll = addDays(blocked.at(-1)!, 5);
    const block = await postBlock(t.app, host, home.id, { from: afterAll, to: addDays(afterAll, 2) });
    expect(block.statusCode).toBe(201);
    expect(await offered(place, home.id, afterAll, addDays(afterAll, 1))).toBe(false);

    const stayNight = addDays(blocked[2]!, 1);
    await bookStay(t.app, guest, { homeId: home.id, checkIn: stayNight, checkOut: addDays(stayNight, 1) });
    expect(await offered(place, home.id, stayNight, addDays(stayNight, 1))).toBe(false);
    expect(await offered(place, home.id, addDays(stayNight, 1), addDays(stayNight, 2))).toBe(
      !blocked.includes(addDays(stayNight, 1)),
    );
  });

  it('a home with a stay in the past and one ahead is left out only for the one ahead', async () => {
    const { home, place } = await homeInOwnPlace();
    await insertBooking(t.db, home, { checkIn: '2026-11-02', checkOut: '2026-11-05', guestEmail: guest.user.email });
    await bookStay(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-13' });

    expect(await offered(place, home.id, '2026-12-11', '2026-12-12')).toBe(false);
    expect(await offered(place, home.id, '2026-12-05', '2026-12-11')).toBe(false);
    expect(await offered(place, home.id, '2026-12-13', '2026-12-20')).toBe(true);
    expect(await offered(place, home.id, '2026-12-01', '2026-12-10')).toBe(true);
  });
});
