/**
 * What moderation leaves visible, and to whom (issue 30, ADR 0060): an unlisted home stays in its
 * host's own list and page, marked with why, while guests and search never see it and nobody can
 * book it; the Block button reads whether the caller blocked someone; a home's host card carries the
 * host's id, so a member reports the host as a user.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homes, moderationReports } from '#server/db/schema';
import { insertHome } from '#server/test/factories';
import { createHold } from '#server/test/booking-test-helpers';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((home) => home._id);

describe('an unlisted home', () => {
  it('stays in its host’s list and page, marked with the reason; guests, search and bookings never get it', async () => {
    const [admin, guest, host] = await Promise.all([
      signInAs(t.app, 'admin'),
      signInAs(t.app, 'guest'),
      signInAs(t.app, 'host'),
    ]);
    const window = { availableFrom: '2026-11-21', availableTo: '2027-03-01', location: 'Hiddenhaven, Portugal' };
    const home = await insertHome(t.db, { ...window, hostId: host.user.id, hostEmail: host.user.email });
    const other = await insertHome(t.db, { ...window, hostId: host.user.id, hostEmail: host.user.email });
    expect(
      (await call(guest, 'POST', '/api/reports', { targetType: 'home', targetId: home.id, reason: 'scam' })).statusCode,
    ).toBe(201);
    const [open] = await t.db.select().from(moderationReports).where(eq(moderationReports.targetId, home.id));
    const resolved = await call(admin, 'POST', `/api/admin/reports/${open!.id}/resolve`, {
      action: 'unlist',
      note: 'The photos show another house',
    });
    expect(resolved.statusCode).toBe(200);

    // The host's own list keeps both, the unlisted one marked with the admin's note.
    const mine = await call(host, 'GET', `/api/homes?email=${encodeURIComponent(host.user.email)}`);
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { _id: string; unlisted?: object }[];
    expect(list.map((h) => h._id).sort()).toEqual([home.id, other.id].sort());
    expect(list.find((h) => h._id === home.id)?.unlisted).toEqual({
      at: expect.any(String),
      reason: 'report',
      note: 'The photos show another house',
    });
    expect(list.find((h) => h._id === other.id)).not.toHaveProperty('unlisted');
    // The admin reads the host's list alike.
    expect(ids(await call(admin, 'GET', `/api/homes?email=${encodeURIComponent(host.user.email)}`))).toContain(home.id);

    // Its page: the host and admins see it and why; a guest and an anonymous visitor get 404.
    for (const who of [host, admin]) {
      const page = await call(who, 'GET', `/api/home/${home.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().unlisted).toMatchObject({ reason: 'report', note: 'The photos show another house' });
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    expect((await call(guest, 'GET', `/api/home/${home.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/home/${home.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/home/${other.id}`)).json()).not.toHaveProperty('unlisted');

    // Search never lists it, not even searched by place; and it still cannot be booked.
    expect(ids(await call(guest, 'GET', '/api/homes?location=Hiddenhaven'))).toEqual([other.id]);
    expect(ids(await call(guest, 'GET', '/api/homes?limit=100'))).not.toContain(home.id);
    const hold = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
      guests: 1,
    });
    expect([hold.statusCode, hold.json().error.code]).toEqual([409, 'home_unlisted']);
  });

  it('says "suspension" when the host’s suspension unlisted it (the admin reads it)', async () => {
    const [admin, host] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'host')]);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    expect((await call(admin, 'POST', `/api/admin/users/${host.user.id}/suspend`, { note: 'Fraud' })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select({ by: homes.unlistedBy }).from(homes).where(eq(homes.id, home.id));
    expect(row?.by).toBe('suspension');
    const page = await call(admin, 'GET', `/api/home/${home.id}`);
    expect(page.json().unlisted).toEqual({ at: expect.any(String), reason: 'suspension', note: null });
    const list = (await call(admin, 'GET', `/api/homes?email=${encodeURIComponent(host.user.email)}`)).json();
    expect(list).toEqual([
      expect.objectContaining({ _id: home.id, unlisted: expect.objectContaining({ reason: 'suspension' }) }),
    ]);
    expect(
      (await call(admin, 'POST', `/api/admin/users/${host.user.id}/unsuspend`, { note: 'Cleared' })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/users/{id}/block', () => {
  it('answers whether the caller blocked the user, and only for the caller', async () => {
    const [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
    const state = async (who: SignedIn, id: string) => (await call(who, 'GET', `/api/users/${id}/block`)).json();
    expect(await state(host, guest.user.id)).toEqual({ userId: guest.user.id, blocked: false });
    await call(host, 'POST', `/api/users/${guest.user.id}/block`);
    expect(await state(host, guest.user.id)).toEqual({ userId: guest.user.id, blocked: true });
    // The blocked person asking about the blocker learns nothing of the block.
    expect(await state(guest, host.user.id)).toEqual({ userId: host.user.id, blocked: false });
    await call(host, 'DELETE', `/api/users/${guest.user.id}/block`);
    expect(await state(host, guest.user.id)).toEqual({ userId: guest.user.id, blocked: false });
    expect((await call(null, 'GET', `/api/users/${guest.user.id}/block`)).statusCode).toBe(401);
  });
});

describe("reporting a home's host", () => {
  it("gives the host card the host's id, which a member reports as a user (not the host themselves)", async () => {
    const [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const hostId = (await call(null, 'GET', `/api/home/${home.id}`)).json().host.id as string;
    expect(hostId).toBe(host.user.id);
    const filed = await call(guest, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: hostId,
      reason: 'harassment',
    });
    expect(filed.statusCode).toBe(201);
    const self = await call(host, 'POST', '/api/reports', { targetType: 'user', targetId: hostId, reason: 'spam' });
    expect(self.statusCode).toBe(404);
  });
});
