/**
 * The audit log (issue 30, ADR 0059): an admin's action leaves a row with who, what, when, to what
 * and why; GET /api/admin/audit filters and pages it; the table refuses every change but erasing a
 * deleted admin's email and name. (That every admin route is audited: authz-matrix.test.ts.)
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditPageSchema, type AuditEntry } from '#shared/schemas/audit';
import { auditLog, users } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { anonymiseAuditActor } from './audit-queries';

const t = useTestApp();

let admin: SignedIn, otherAdmin: SignedIn, host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [admin, otherAdmin, host, guest] = await Promise.all([
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
  ]);
});

async function audit(query = '', who: SignedIn = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return auditPageSchema.parse(res.json());
}

async function decideHost(who: SignedIn, payload: object) {
  const requested = await signInAs(t.app, 'requested');
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${requested.user.email}`,
    headers: who.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { requested, requestId: String(res.headers['x-request-id']) };
}

async function rowOf(requestId: string) {
  const [row] = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return row;
}

describe('what an admin action records', () => {
  it('records who approved or declined a host, to whom, when and why', async () => {
    t.clock.set('2026-11-22T09:30:00.000Z');
    const approved = await decideHost(admin, { role: 'host', reason: 'Documents in order' });
    const declined = await decideHost(admin, { role: null, reason: 'The document is unreadable' });
    const { entries } = await audit(`?actor=${encodeURIComponent(admin.user.email.toUpperCase())}`);
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining<Partial<AuditEntry>>({
        action: 'host.decline',
        targetType: 'user',
        targetId: declined.requested.user.id,
        note: 'The document is unreadable',
        requestId: declined.requestId,
      }),
      expect.objectContaining<Partial<AuditEntry>>({
        at: '2026-11-22T09:30:00.000Z',
        actorId: admin.user.id,
        actorEmail: admin.user.email,
        actorName: admin.user.name,
        action: 'host.approve',
        targetType: 'user',
        targetId: approved.requested.user.id,
        note: 'Documents in order',
        route: 'PUT /api/user/:email',
        requestId: approved.requestId,
      }),
    ]);
  });

  it("records a cancellation under the booking's id; the guest's own cancellation is not an admin action", async () => {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const byAdmin = await insertBooking(t.db, home, { guestId: guest.user.id, guestEmail: guest.user.email });
    const byGuest = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
    });
    const cancel = (who: SignedIn, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who.headers });
    const admins = await cancel(admin, byAdmin.id);
    expect(admins.statusCode, admins.body).toBe(200);
    const guests = await cancel(guest, byGuest.id);
    expect(guests.statusCode, guests.body).toBe(200);
    expect(await rowOf(String(admins.headers['x-request-id']))).toMatchObject({
      action: 'booking.cancel',
      targetId: byAdmin.id,
    });
    expect(await rowOf(String(guests.headers['x-request-id']))).toBeUndefined();
  });

  it('records nothing when the action fails, nor for an admin asking a token for themselves', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${host.user.email}`,
      headers: admin.headers,
      payload: { role: 'host', reason: 'Already a host' },
    });
    expect(refused.statusCode).toBe(403);
    const token = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${admin.user.email}`,
      headers: admin.headers,
      payload: { email: admin.user.email },
    });
    expect(token.statusCode).toBe(200);
    for (const res of [refused, token]) expect(await rowOf(String(res.headers['x-request-id']))).toBeUndefined();
  });

  it('records an export of the ledger (access to data in bulk), not a HEAD of it', async () => {
    const call = (method: 'GET' | 'HEAD') =>
      t.app.inject({ method, url: '/api/admin/ledger.csv?from=2026-11-01', headers: admin.headers });
    const head = await call('HEAD');
    const get = await call('GET');
    expect([head.statusCode, get.statusCode]).toEqual([200, 200]);
    expect(await rowOf(String(head.headers['x-request-id']))).toBeUndefined();
    expect(await rowOf(String(get.headers['x-request-id']))).toMatchObject({
      action: 'ledger.export',
      targetType: 'ledger',
      targetId: null,
      route: 'GET /api/admin/ledger.csv',
    });
  });

  it('answers 500 when the row cannot be written, so an action never goes unrecorded in silence', async () => {
    // A fault in the database itself (not a stand-in for our code): inserts into the log fail.
    await t.db.execute(sql`
      create function audit_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end; $$`);
    await t.db.execute(sql`
      create trigger audit_test_refuse before insert on audit_log for each row execute function audit_test_refuse()`);
    try {
      const requested = await signInAs(t.app, 'requested');
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${requested.user.email}`,
        headers: admin.headers,
        payload: { role: 'host' },
      });
      expect(res.statusCode).toBe(500);
      // The action itself was done (it committed first): the row is in the server's error log instead.
      const [user] = await t.db.select().from(users).where(eq(users.id, requested.user.id));
      expect(user!.role).toBe('host');
    } finally {
      await t.db.execute(sql`drop trigger audit_test_refuse on audit_log`);
      await t.db.execute(sql`drop function audit_test_refuse()`);
    }
  });
});

describe('GET /api/admin/audit', () => {
  beforeAll(async () => {
    // Rows of another admin, over several days, to filter and page through.
    const rows = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 9, 1 + (i % 10), 12)),
      actorId: otherAdmin.user.id,
      actorEmail: otherAdmin.user.email,
      actorName: otherAdmin.user.name,
      action: i % 2 ? 'home.delete' : 'booking.cancel',
      targetType: (i % 2 ? 'home' : 'booking') as 'home' | 'booking',
      targetId: `target-${i}`,
      route: 'DELETE /api/x/:id',
      requestId: `seed-${i}`,
    }));
    await t.db.insert(auditLog).values(rows);
  });

  it('filters by actor (email in any case, or id), action or family, and period', async () => {
    const mine = await audit(`?actor=${otherAdmin.user.id}&action=home.delete`);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.actorId === otherAdmin.user.id && e.action === 'home.delete')).toBe(true);

    const family = await audit(`?actor=${encodeURIComponent(otherAdmin.user.email)}&action=booking.`);
    expect(family.entries.every((e) => e.action.startsWith('booking.'))).toBe(true);

    const period = await audit(`?actor=${otherAdmin.user.id}&from=2026-10-03&to=2026-10-05`);
    expect(new Set(period.entries.map((e) => e.at.slice(0, 10)))).toEqual(new Set(['2026-10-03', '2026-10-04']));

    expect((await audit('?action=nothing.ever')).entries).toEqual([]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2026-10-05&to=2026-10-01',
      headers: admin.headers,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('pages newest first with a cursor, every row once', async () => {
    const first = await audit(`?actor=${otherAdmin.user.id}`);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await audit(`?actor=${otherAdmin.user.id}&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => Number(e.id));
    expect(ids).toHaveLength(AUDIT_PAGE_SIZE + 5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('is for admins only', async () => {
    for (const who of [host, guest]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the log is append-only', () => {
  it('refuses changing or removing a row, and emptying the table', async () => {
    const [row] = await t.db.select().from(auditLog).limit(1);
    await expect(t.db.update(auditLog).set({ note: 'rewritten' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    // Erasing the email together with anything else is refused too.
    await expect(
      t.db.update(auditLog).set({ actorEmail: null, actorName: null, note: null }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id))).toEqual([row]);
  });

  it("lets account deletion erase an admin's email and name, and nothing else", async () => {
    const before = await t.db.select().from(auditLog).where(eq(auditLog.actorId, otherAdmin.user.id));
    expect(await anonymiseAuditActor(t.db, otherAdmin.user.id)).toBe(before.length);
    const after = await t.db.select().from(auditLog).where(eq(auditLog.actorId, otherAdmin.user.id));
    expect(after).toEqual(before.map((r) => ({ ...r, actorEmail: null, actorName: null })));
    expect((await audit(`?actor=${encodeURIComponent(otherAdmin.user.email)}`)).entries).toEqual([]);
  });
});
