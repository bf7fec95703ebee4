/**
 * The block-versus-hold race (issue 11): 50 guests hold and the host blocks the same
 * nights at the same moment, through two app instances on one database. Whatever the
 * order, never both: either one hold and the block is refused, or the block and every
 * hold is refused.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '#server/app';
import { bookings, homeBlocks } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { createHold } from '#server/test/booking-test-helpers';
import { postBlock } from '#server/test/calendar';
import { addDays } from '#shared/stay';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const onPostgres = inject('dbMode') === 'postgres';

describe(`50 holds and a block on the same nights at once (${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite'})`, () => {
  let second: FastifyInstance;
  let guests: SignedIn[];
  let host: SignedIn;
  beforeAll(async () => {
    second = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
    });
    await second.ready();
    host = await signInAs(t.app, 'host');
  });
  afterAll(async () => {
    await second?.close();
  });

  // Several rounds, with the block sent at a different place among the holds, so both orders happen.
  for (const blockAt of [0, 25, 49]) {
    it(`never a live hold and a block over the same night (block sent after ${blockAt} holds)`, async () => {
      const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
      // Fresh guests each round: a guest may have only 2 live holds.
      guests = await Promise.all(Array.from({ length: 50 }, () => signInAs(t.app, 'guest')));
      const apps = onPostgres ? [t.app, second] : [t.app];
      const calls: Promise<{ kind: 'hold' | 'block'; status: number; code?: string }>[] = [];
      guests.forEach((guest, i) => {
        if (i === blockAt) {
          calls.push(
            postBlock(apps[1 % apps.length]!, host, home.id, { from: '2026-12-12', to: '2026-12-14' }).then((r) => ({
              kind: 'block',
              status: r.statusCode,
              code: r.statusCode === 201 ? undefined : r.json().error.code,
            })),
          );
        }
        calls.push(
          createHold(apps[i % apps.length]!, guest, {
            homeId: home.id,
            // Every stay contains the night of 13 December.
            checkIn: `2026-12-${String(10 + (i % 4)).padStart(2, '0')}`,
            checkOut: `2026-12-${String(14 + (i % 2)).padStart(2, '0')}`,
            guests: 1,
          }).then((r) => ({
            kind: 'hold',
            status: r.statusCode,
            code: r.statusCode === 200 ? undefined : r.json().error.code,
          })),
        );
      });
      const results = await Promise.all(calls);
      const holds = results.filter((r) => r.kind === 'hold');
      const block = results.find((r) => r.kind === 'block')!;
      const placed = holds.filter((r) => r.status === 200).length;

      // Every refusal is the "dates taken" one, never an error.
      for (const r of holds.filter((x) => x.status !== 200))
        expect(r).toMatchObject({ status: 409, code: 'dates_unavailable' });
      if (block.status === 201) {
        expect(placed).toBe(0);
      } else {
        expect(block).toMatchObject({ status: 409, code: 'dates_booked' });
        expect(placed).toBe(1);
      }

      // And the database agrees.
      const holdRows = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
      const blockRows = await t.db.select().from(homeBlocks).where(eq(homeBlocks.homeId, home.id));
      expect(holdRows.filter((b) => b.status === 'held')).toHaveLength(placed);
      expect(blockRows).toHaveLength(block.status === 201 ? 1 : 0);
      expect(holdRows.length + blockRows.length).toBe(1);
    });
  }

  // Holds that do not clash with each other are all in flight at once: the widest window for one to slip past the block.
  it('50 holds of 50 different nights and a block over all of them: the block wins alone or not at all', async () => {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      availableFrom: '2026-12-01',
      availableTo: '2027-02-01',
    });
    guests = await Promise.all(Array.from({ length: 50 }, () => signInAs(t.app, 'guest')));
    const apps = onPostgres ? [t.app, second] : [t.app];
    const night = (i: number) => addDays('2026-12-01', i);
    const holdCalls = guests.map((guest, i) =>
      createHold(apps[i % apps.length]!, guest, {
        homeId: home.id,
        checkIn: night(i),
        checkOut: night(i + 1),
        guests: 1,
      }),
    );
    const blockCall = postBlock(apps[1 % apps.length]!, host, home.id, { from: night(0), to: night(50) });
    const [block, ...holds] = await Promise.all([blockCall, ...holdCalls]);
    const placed = holds.filter((r) => r.statusCode === 200).length;
    for (const r of holds.filter((x) => x.statusCode !== 200)) expect(r.json().error.code).toBe('dates_unavailable');
    if (block!.statusCode === 201) expect(placed).toBe(0);
    else {
      expect(block!.json().error.code).toBe('dates_booked');
      expect(placed).toBeGreaterThanOrEqual(1);
    }
    const blockRows = await t.db.select().from(homeBlocks).where(eq(homeBlocks.homeId, home.id));
    const held = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
    expect(blockRows.length === 0 || held.length === 0).toBe(true);
  });
});
