/** GET /api/host/requests/count: the header's badge, counted by the server. The test clock is 2026-11-21T10:00Z. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRequestCountSchema } from '#shared/schemas/reservations';
import { insertBooking, insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn, otherHost: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [host, otherHost, guest] = await Promise.all([
    signInAs(t.app, 'host'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
  ]);
});

afterEach(() => t.clock.set(TEST_NOW));

const countFor = (who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url: '/api/host/requests/count', headers: who?.headers ?? {} });

describe('GET /api/host/requests/count', () => {
  it("counts the requests at the caller's homes still waiting for an answer, nothing else", async () => {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const theirs = await insertHome(t.db, { hostId: otherHost.user.id, hostEmail: otherHost.user.email });
    const request = (checkIn: string, checkOut: string, respondBy: string) => ({
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      status: 'requested' as const,
      requestedAt: new Date('2026-11-21T09:00:00.000Z'),
      respondBy: new Date(respondBy),
      checkIn,
      checkOut,
    });
    expect(openRequestCountSchema.parse((await countFor(host)).json())).toEqual({ count: 0 });

    await insertBooking(t.db, home, request('2026-12-01', '2026-12-03', '2026-11-22T09:00:00.000Z'));
    await insertBooking(t.db, home, request('2026-12-05', '2026-12-07', '2026-11-22T09:30:00.000Z'));
    // Its answer time has passed: expired, though the sweeper has not run yet.
    await insertBooking(t.db, home, request('2026-12-09', '2026-12-11', '2026-11-21T09:59:00.000Z'));
    await insertBooking(t.db, home, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      checkIn: '2026-12-13',
      checkOut: '2026-12-15',
    });
    await insertBooking(t.db, theirs, request('2026-12-01', '2026-12-03', '2026-11-22T09:00:00.000Z'));

    const res = await countFor(host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ count: 2 });
    expect((await countFor(otherHost)).json()).toEqual({ count: 1 });

    // An hour on, the first one's time is up too.
    t.clock.set('2026-11-22T09:10:00.000Z');
    expect((await countFor(host)).json()).toEqual({ count: 1 });
  });

  it('answers only hosts and admins', async () => {
    expect((await countFor(null)).statusCode).toBe(401);
    expect((await countFor(guest)).statusCode).toBe(403);
  });
});
