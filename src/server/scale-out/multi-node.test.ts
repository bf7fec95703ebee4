/**
 * Two real app processes on one PostgreSQL database and one Redis (two-nodes.ts): seeding, limits,
 * search and bookings behave as one service.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '#shared/stay';
import { bookings, homes, users } from '#server/db/schema';
import { DEMO_ACCOUNTS, DEMO_HOMES, DEMO_PASSWORD } from '#server/seed/demo-data';
import { describeTwoNodes } from './two-nodes';

describeTwoNodes('seeding, limits, search and bookings', (c) => {
  const { node, today, userWithSession, freshHome } = c;

  it('seeds demo data once when both start together on an empty database', async () => {
    const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
    const accounts = await c.database.db.select({ id: users.id }).from(users).where(inArray(users.email, demoEmails));
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
    const [counts] = await c.database.db
      .select({ all: sql<number>`count(*)::int`, titles: sql<number>`count(distinct ${homes.title})::int` })
      .from(homes);
    expect(counts).toEqual({ all: DEMO_HOMES.length, titles: DEMO_HOMES.length });
  });

  it('throttles 6 wrong passwords spread over both processes as if they were one', async () => {
    const email = DEMO_ACCOUNTS.find((a) => a.role === 'guest')!.email;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${node(i).url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: node(i).url },
        body: JSON.stringify({ email, password: `wrong-password-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password is slowed too (on either process) until the delay has passed.
    const right = await fetch(`${node(0).url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: node(0).url },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(right.status).toBe(429);
  });

  it("shows an edit and a hold made on one process in the other's next search", async () => {
    const host = await userWithSession('host');
    const home = await freshHome(host.email, host.id, 'Old title by the river');
    const search = async (i: number, query = 'limit=50') => {
      const res = await fetch(`${node(i).url}/api/homes?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { _id: string; title: string }[];
    };
    const mine = (list: { _id: string; title: string }[]) => list.find((h) => h._id === home.id);

    expect(mine(await search(1))?.title).toBe('Old title by the river');
    const edit = await fetch(`${node(0).url}/api/home/${home.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: host.authorization },
      body: JSON.stringify({
        location: 'Porto, Portugal',
        title: 'New title by the river',
        price: 90,
        total_guest: 4,
        bedrooms: 1,
        bathrooms: 1,
        description: 'A home two processes share.',
      }),
    });
    expect(edit.status).toBe(200);
    expect(mine(await search(1))?.title).toBe('New title by the river');

    const stay = `checkIn=${addDays(today, 10)}&checkOut=${addDays(today, 12)}&guests=1&limit=50`;
    expect(mine(await search(1, stay))).toBeDefined();
    const guest = await userWithSession(null);
    const hold = await fetch(`${node(0).url}/api/payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: guest.authorization },
      body: JSON.stringify({ homeId: home.id, checkIn: addDays(today, 10), checkOut: addDays(today, 12), guests: 1 }),
    });
    expect(hold.status).toBe(200);
    expect(mine(await search(1, stay))).toBeUndefined();
  });

  it('gives one hold and 99 × 409 to 100 guests racing for the same dates on both processes', async () => {
    const host = await userWithSession('host');
    const home = await freshHome(host.email, host.id, 'The contested cottage');
    const guests = await Promise.all(Array.from({ length: 100 }, () => userWithSession(null)));
    const responses = await Promise.all(
      guests.map(async (guest, i) => {
        const res = await fetch(`${node(i).url}/api/payment-intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: guest.authorization },
          body: JSON.stringify({
            homeId: home.id,
            // Every stay contains the nights 20 and 21 days from now.
            checkIn: addDays(today, 18 + (i % 3)),
            checkOut: addDays(today, 22 + (i % 2)),
            guests: 1 + (i % 4),
          }),
        });
        return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
      }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const r of responses.filter((x) => x.status === 409)) expect(r.body.error?.code).toBe('dates_unavailable');
    const rows = await c.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.homeId, home.id), eq(bookings.status, 'held')));
    expect(rows).toHaveLength(1);
  });

  it('books the dates once and answers 409 to the 19 others when 20 guests go hold -> pay -> book on both processes', async () => {
    const host = await userWithSession('host');
    const home = await freshHome(host.email, host.id, 'The contested chalet');
    const guests = await Promise.all(Array.from({ length: 20 }, () => userWithSession(null)));
    const post = async (i: number, path: string, who: { authorization: string }, body: unknown) => {
      const res = await fetch(`${node(i).url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: who.authorization },
        body: JSON.stringify(body),
      });
      return { step: path, status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // The winner's confirmation (held -> confirmed refreshes the home's nights) meets the losers' holds
    // still queued on the home: with the locks in two orders, PostgreSQL answered some of them 40P01 (issue 24).
    const outcomes = await Promise.all(
      guests.map(async (guest, i) => {
        const held = await post(i, '/api/payment-intent', guest, {
          homeId: home.id,
          checkIn: addDays(today, 30 + (i % 3)),
          checkOut: addDays(today, 34 + (i % 2)),
          guests: 1,
        });
        if (held.status !== 200) return held;
        const { clientSecret, bookingId, paymentIntentId } = held.body as Record<string, string>;
        // The payment goes through the other process, as a load balancer may send it.
        const paid = await post(i + 1, '/api/payments/sandbox/confirm', guest, {
          clientSecret,
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Multi Node' },
          billing: { name: 'Multi Node', email: guest.email },
        });
        if (paid.status !== 200) return paid;
        return post(i, '/api/bookings', guest, { bookingId, paymentIntentId });
      }),
    );
    const failures = outcomes
      .filter((o) => o.status >= 500)
      .map((o) => `${o.step} ${o.status} ${JSON.stringify(o.body)}`);
    expect(failures).toEqual([]);
    expect(outcomes.filter((o) => o.step === '/api/bookings' && o.status === 200)).toHaveLength(1);
    const losers = outcomes.filter((o) => o.status !== 200);
    expect(losers).toHaveLength(19);
    for (const o of losers)
      expect([o.step, o.status, (o.body.error as { code: string }).code]).toEqual([
        '/api/payment-intent',
        409,
        'dates_unavailable',
      ]);
    const rows = await c.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.homeId, home.id));
    expect(rows).toEqual([{ status: 'confirmed' }]);
  });
});
