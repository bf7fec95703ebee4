import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '#server/app';
import { bookings, paymentIntents } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { confirmBookingCall, createHold, payCard } from '#server/test/booking-test-helpers';

const t = useTestApp();
const onPostgres = inject('dbMode') === 'postgres';

describe(`50 concurrent holds for overlapping dates (${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite'})`, () => {
  let second: FastifyInstance;
  let guests: SignedIn[];
  beforeAll(async () => {
    // A second app process sharing the database (on PostgreSQL the pool runs the calls truly in parallel).
    second = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
    });
    await second.ready();
    guests = await Promise.all(Array.from({ length: 50 }, () => signInAs(t.app, 'guest')));
  });
  afterAll(async () => {
    await second?.close();
  });

  it('places exactly one hold and answers 409 dates_unavailable to the 49 others', async () => {
    const home = await insertHome(t.db, { totalGuest: 4 });
    const apps = onPostgres ? [t.app, second] : [t.app];
    const responses = await Promise.all(
      guests.map((guest, i) =>
        createHold(apps[i % apps.length]!, guest, {
          homeId: home.id,
          // Every stay contains the nights of 12 and 13 December.
          checkIn: `2026-12-${String(10 + (i % 3)).padStart(2, '0')}`,
          checkOut: `2026-12-${String(14 + (i % 2)).padStart(2, '0')}`,
          guests: 1 + (i % 4),
        }),
      ),
    );

    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('dates_unavailable');
    if (onPostgres) {
      // Both instances answered some of the calls.
      expect(new Set(responses.map((r, i) => `${i % 2}:${r.statusCode}`)).size).toBeGreaterThanOrEqual(3);
    }

    const rows = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('held');
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    expect(rows[0]!.id).toBe(winner.bookingId);
    const intents = await t.db
      .select()
      .from(paymentIntents)
      .where(
        inArray(
          paymentIntents.bookingId,
          rows.map((r) => r.id),
        ),
      );
    expect(intents).toHaveLength(1);
  });
});

describe(`one guest's concurrent holds on many homes (${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite'})`, () => {
  it('places at most 2 and answers 429 too_many_holds to the others', async () => {
    const second = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
    });
    await second.ready();
    try {
      const guest = await signInAs(t.app, 'guest');
      const homes = await Promise.all(Array.from({ length: 8 }, () => insertHome(t.db)));
      const apps = onPostgres ? [t.app, second] : [t.app];
      const responses = await Promise.all(
        homes.map((home, i) =>
          createHold(apps[i % apps.length]!, guest, {
            homeId: home.id,
            checkIn: '2026-12-10',
            checkOut: '2026-12-12',
            guests: 1,
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(2);
      expect(codes.filter((c) => c === 429)).toHaveLength(6);
      for (const r of responses.filter((x) => x.statusCode === 429)) expect(r.json().error.code).toBe('too_many_holds');
      const rows = await t.db
        .select()
        .from(bookings)
        .where(
          inArray(
            bookings.homeId,
            homes.map((h) => h.id),
          ),
        );
      expect(rows).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});

describe(`hold -> pay -> book raced by 20 guests (${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite'})`, () => {
  it('books the dates once and answers every other guest 409 dates_unavailable, never a 5xx', async () => {
    const second = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
    });
    await second.ready();
    try {
      const guests = await Promise.all(Array.from({ length: 20 }, () => signInAs(t.app, 'guest')));
      const home = await insertHome(t.db, { totalGuest: 4 });
      const apps = onPostgres ? [t.app, second] : [t.app];
      // Each guest goes the whole way: the winner's confirmation (held -> confirmed, which refreshes the
      // home's nights) runs while the losers' holds still queue on the home (issue 24: PostgreSQL 40P01).
      const outcomes = await Promise.all(
        guests.map(async (guest, i) => {
          const app = apps[i % apps.length]!;
          const held = await createHold(app, guest, {
            homeId: home.id,
            checkIn: `2027-01-${String(10 + (i % 3)).padStart(2, '0')}`,
            checkOut: `2027-01-${String(14 + (i % 2)).padStart(2, '0')}`,
            guests: 1,
          });
          if (held.statusCode !== 200) return { step: 'hold', res: held };
          const stay = held.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
          const paid = await payCard(app, guest, stay.clientSecret);
          if (paid.statusCode !== 200) return { step: 'pay', res: paid };
          const booked = await confirmBookingCall(app, guest, {
            bookingId: stay.bookingId,
            paymentIntentId: stay.paymentIntentId,
          });
          return { step: 'book', res: booked };
        }),
      );

      const seen = outcomes.map((o) => `${o.step} ${o.res.statusCode} ${o.res.statusCode === 200 ? '' : o.res.body}`);
      expect(seen.filter((s) => /^\w+ 5\d\d/.test(s))).toEqual([]);
      expect(seen.filter((s) => s.startsWith('book 200'))).toHaveLength(1);
      const losers = outcomes.filter((o) => o.res.statusCode !== 200);
      expect(losers).toHaveLength(19);
      for (const o of losers) {
        expect(o.step).toBe('hold');
        expect(o.res.statusCode).toBe(409);
        expect(o.res.json().error.code).toBe('dates_unavailable');
      }
      const rows = await t.db.select().from(bookings).where(eq(bookings.homeId, home.id));
      expect(rows.map((r) => r.status)).toEqual(['confirmed']);
    } finally {
      await second.close();
    }
  });
});
