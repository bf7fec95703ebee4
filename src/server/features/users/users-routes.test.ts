import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { putUserResponseSchema, userListSchema, userSchema } from '#shared/schemas/users';
import { sessions, users } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { ownerTag } from '../uploads/uploads-service';
import { sessionCookieFrom, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

const put = (who: SignedIn | null, email: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: who?.headers ?? {},
    payload: payload as object,
  });
const get = (who: SignedIn | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role ?? null;
/** Stores a private document as the upload endpoint would, and answers its URL. */
async function documentOf(userId: string) {
  const key = `doc-${ownerTag(userId)}-${randomBytes(16).toString('hex')}.webp`;
  await t.storage.put(key, Buffer.from('RIFF....WEBP'), { contentType: 'image/webp', visibility: 'private' });
  return `/api/documents/${key}`;
}
const hostRequest = async (who: SignedIn) => ({
  email: who.user.email,
  location: 'Lisbon, Portugal',
  docImage: await documentOf(who.user.id),
  role: 'requested',
});

describe('GET /api/user/:email', () => {
  it('answers the caller with role null for none, matching the email in any case', async () => {
    const guest = await signInAs(t.app, 'guest');
    const res = await get(guest, `/api/user/${guest.user.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const body = userSchema.parse(res.json());
    expect(body).toMatchObject({ _id: guest.user.id, email: guest.user.email, role: null, emailVerified: true });
  });

  it('lets an admin read anyone, and 404s an unknown email for the admin', async () => {
    const admin = await signInAs(t.app, 'admin');
    const host = await signInAs(t.app, 'host');
    expect(userSchema.parse((await get(admin, `/api/user/${host.user.email}`)).json()).role).toBe('host');
    expect((await get(admin, '/api/user/nobody@example.test')).statusCode).toBe(404);
  });

  it("refuses another user's record (403) and anonymous callers (401)", async () => {
    const guest = await signInAs(t.app, 'guest');
    const other = await signInAs(t.app, 'host');
    expect((await get(guest, `/api/user/${other.user.email}`)).statusCode).toBe(403);
    expect((await get(guest, '/api/user/nobody@example.test')).statusCode).toBe(403);
    const anon = await get(null, `/api/user/${other.user.email}`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });
});

describe('GET /api/users', () => {
  it('lists every user for an admin, host requests first', async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    const res = await get(admin, '/api/users');
    expect(res.statusCode).toBe(200);
    const list = userListSchema.parse(res.json());
    expect(list[0]!.role).toBe('requested');
    expect(list.map((u) => u.email)).toContain(requested.user.email);
  });

  it('is refused to everyone else', async () => {
    for (const role of ['guest', 'requested', 'host'] as const) {
      expect((await get(await signInAs(t.app, role), '/api/users')).statusCode).toBe(403);
    }
    expect((await get(null, '/api/users')).statusCode).toBe(401);
  });
});

describe('PUT /api/user/:email — token', () => {
  it("answers a bearer token for the caller's own session, usable as Authorization: Bearer", async () => {
    const guest = await signInAs(t.app, 'guest');
    const res = await put(guest, guest.user.email.toUpperCase(), { email: guest.user.email });
    expect(res.statusCode).toBe(200);
    const body = putUserResponseSchema.parse(res.json());
    expect(body).toMatchObject({ acknowledged: true, modifiedCount: 0, upsertedCount: 0 });
    expect(body.token).toBe(guest.token);
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: `/api/user/${guest.user.email}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    // A bearer token without its signature, or a forged one, is not accepted.
    const raw = body.token!.split('.')[0]!;
    for (const bad of [raw, `${raw}.AAAA`, 'nonsense']) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/user/${guest.user.email}`,
            headers: { authorization: `Bearer ${bad}` },
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it("is refused for another user's email", async () => {
    const guest = await signInAs(t.app, 'guest');
    const other = await signInAs(t.app, 'guest');
    expect((await put(guest, other.user.email, { email: other.user.email })).statusCode).toBe(403);
    // Body and URL must name the same user.
    expect((await put(guest, guest.user.email, { email: other.user.email })).statusCode).toBe(400);
    expect((await put(null, guest.user.email, { email: guest.user.email })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/:email — host request', () => {
  it('moves the caller from no role to requested and rotates the session', async () => {
    const guest = await signInAs(t.app, 'guest');
    const body = await hostRequest(guest);
    const res = await put(guest, guest.user.email, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 });
    const row = (await t.db.select().from(users).where(eq(users.id, guest.user.id)))[0]!;
    expect(row).toMatchObject({ role: 'requested', location: 'Lisbon, Portugal', docImage: body.docImage });

    // Rotation: the old cookie is dead, the new one (set on this response) works.
    expect((await get(guest, `/api/user/${guest.user.email}`)).statusCode).toBe(401);
    const fresh = sessionCookieFrom(res);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(guest.cookie);
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie']).toMatch(/SameSite=Lax/);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/user/${guest.user.email}`,
      headers: { cookie: fresh! },
    });
    expect(userSchema.parse(after.json()).role).toBe('requested');
  });

  it('is allowed only from no role', async () => {
    for (const role of ['requested', 'host', 'admin'] as const) {
      const who = await signInAs(t.app, role);
      const res = await put(who, who.user.email, await hostRequest(who));
      expect(res.statusCode, role).toBe(403);
      expect(await roleOf(who.user.id)).toBe(role);
    }
  });

  it('needs a document the caller uploaded, still in storage', async () => {
    const guest = await signInAs(t.app, 'guest');
    const other = await signInAs(t.app, 'guest');
    const base = await hostRequest(guest);
    const othersDoc = await put(guest, guest.user.email, { ...base, docImage: await documentOf(other.user.id) });
    expect(othersDoc.statusCode).toBe(403);
    const missing = await put(guest, guest.user.email, {
      ...base,
      docImage: `/api/documents/doc-${ownerTag(guest.user.id)}-${'0'.repeat(32)}.webp`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('unknown_document');
    expect(await roleOf(guest.user.id)).toBeNull();
  });

  it('is refused for another user, and for wrong shapes', async () => {
    const guest = await signInAs(t.app, 'guest');
    const other = await signInAs(t.app, 'guest');
    expect((await put(guest, other.user.email, await hostRequest(other))).statusCode).toBe(403);
    expect(await roleOf(other.user.id)).toBeNull();

    const base = await hostRequest(guest);
    const bad = [
      { ...base, location: '' },
      { ...base, docImage: 'https://evil.example/doc.png' },
      { ...base, docImage: '/uploads/public-image.webp' },
      { ...base, docImage: '/api/documents/../etc/passwd' },
      { email: guest.user.email, role: 'requested' },
      { ...base, extra: 1 },
      { ...base, _id: guest.user.id },
      { ...base, emailVerified: false, role: 'requested', name: 'x', image: null, location: 'Here' }, // fields of the approval shape
    ];
    for (const payload of bad) {
      const res = await put(guest, guest.user.email, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect(await roleOf(guest.user.id)).toBeNull();
  });
});

describe('PUT /api/user/:email — approval and decline', () => {
  it("lets an admin approve a requested user, with the spec's body, and revokes that user's sessions", async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    const current = userSchema.parse((await get(admin, `/api/user/${requested.user.email}`)).json());
    const { _id: _ignored, ...fields } = current;
    const res = await put(admin, requested.user.email, { ...fields, role: 'host' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 });
    expect(await roleOf(requested.user.id)).toBe('host');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, requested.user.id))).toHaveLength(0);
    expect((await get(requested, `/api/user/${requested.user.email}`)).statusCode).toBe(401);
  });

  it('lets an admin decline (role null) a requested user', async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    expect((await put(admin, requested.user.email.toUpperCase(), { role: null })).statusCode).toBe(200);
    expect(await roleOf(requested.user.id)).toBeNull();
  });

  it('refuses approval of anyone who is not requested', async () => {
    const admin = await signInAs(t.app, 'admin');
    for (const role of ['guest', 'host', 'admin'] as const) {
      const who = await signInAs(t.app, role);
      expect((await put(admin, who.user.email, { role: 'host' })).statusCode, role).toBe(403);
      expect((await put(admin, who.user.email, { role: null })).statusCode, role).toBe(403);
      expect(await roleOf(who.user.id)).toBe(role === 'guest' ? null : role);
    }
    expect((await put(admin, admin.user.email, { role: 'host' })).statusCode).toBe(403);
    expect((await put(admin, 'nobody@example.test', { role: 'host' })).statusCode).toBe(404);
  });

  it('refuses approval and decline by non-admins, including the requested user themself', async () => {
    const requested = await signInAs(t.app, 'requested');
    for (const role of ['guest', 'requested', 'host'] as const) {
      const who = await signInAs(t.app, role);
      expect((await put(who, requested.user.email, { role: 'host' })).statusCode, role).toBe(403);
    }
    expect((await put(requested, requested.user.email, { role: 'host' })).statusCode).toBe(403);
    expect((await put(requested, requested.user.email, { email: requested.user.email, role: 'host' })).statusCode).toBe(
      403,
    );
    expect((await put(null, requested.user.email, { role: 'host' })).statusCode).toBe(401);
    expect(await roleOf(requested.user.id)).toBe('requested');
  });

  const mailsTo = (email: string) =>
    (t.mail as ReturnType<typeof memoryMail>).messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());
  /** The one mail to `email`, once the queue's worker has sent it (ADR 0046). */
  const mailTo = async (email: string) => {
    await expect.poll(() => mailsTo(email)).toHaveLength(1);
    return mailsTo(email)[0];
  };
  const getSession = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: who.headers.cookie! } });

  it("mails the user the approval, with the admin's reason, and tells their browser why it was signed out", async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    const res = await put(admin, requested.user.email, { role: 'host', reason: '  Welcome aboard!  ' });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(requested.user.email);
    expect(mail?.subject).toBe('You are now a StayHub host');
    expect(mail?.text).toContain('sign in again');
    expect(mail?.text).toContain('Message from the admin:\n> Welcome aboard!\n');
    expect(mail?.text).toContain(`${t.config.publicUrl}/login`);
    // The old cookie finds no session, and the answer says the role change ended it.
    const session = await getSession(requested);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    expect(session.headers['x-session-ended']).toBe('role_changed');
  });

  it('mails the user a decline, with or without a reason', async () => {
    const admin = await signInAs(t.app, 'admin');
    const first = await signInAs(t.app, 'requested');
    expect((await put(admin, first.user.email, { role: null, reason: 'The document is unreadable.' })).statusCode).toBe(
      200,
    );
    const declined = await mailTo(first.user.email);
    expect(declined?.subject).toBe('Your StayHub host request was declined');
    expect(declined?.text).toContain('The document is unreadable.');
    expect(declined?.html).toContain('The document is unreadable.');

    const second = await signInAs(t.app, 'requested');
    expect((await put(admin, second.user.email, { role: null })).statusCode).toBe(200);
    const plain = await mailTo(second.user.email);
    expect(plain?.subject).toBe('Your StayHub host request was declined');
    expect(plain?.text).not.toContain('Message from the admin');
  });

  it('escapes the reason in the HTML mail and refuses a reason that is too long or out of place', async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    expect((await put(admin, requested.user.email, { role: null, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await roleOf(requested.user.id)).toBe('requested');
    expect((await put(admin, requested.user.email, { role: null, reason: '<b>no</b>' })).statusCode).toBe(200);
    expect((await mailTo(requested.user.email))?.html).toContain('&lt;b&gt;no&lt;/b&gt;');
    // A reason belongs to a decision only: not to a token request or a host request.
    const guest = await signInAs(t.app, 'guest');
    expect((await put(guest, guest.user.email, { email: guest.user.email, reason: 'hi' })).statusCode).toBe(400);
    expect((await put(guest, guest.user.email, { ...(await hostRequest(guest)), reason: 'hi' })).statusCode).toBe(400);
  });

  it('says nothing about a session that ended another way (expired, signed out)', async () => {
    const guest = await signInAs(t.app, 'guest');
    await t.db.delete(sessions).where(eq(sessions.userId, guest.user.id));
    const session = await getSession(guest);
    expect(session.json()).toBeNull();
    expect(session.headers['x-session-ended']).toBeUndefined();
  });
});

describe('PUT /api/user/:email — escalation', () => {
  it('never grants admin, to anyone, by anyone', async () => {
    const admin = await signInAs(t.app, 'admin');
    for (const role of ['guest', 'requested', 'host'] as const) {
      const who = await signInAs(t.app, role);
      for (const actor of [who, admin]) {
        for (const payload of [{ role: 'admin' }, { email: who.user.email, role: 'admin' }]) {
          const res = await put(actor, who.user.email, payload);
          expect(res.statusCode).toBe(403);
        }
      }
      expect(await roleOf(who.user.id)).toBe(role === 'guest' ? null : role);
    }
  });

  it('does not let a guest make themself host, or set fields through other shapes', async () => {
    const guest = await signInAs(t.app, 'guest');
    expect((await put(guest, guest.user.email, { email: guest.user.email, role: 'host' })).statusCode).toBe(403);
    expect((await put(guest, guest.user.email, { ...(await hostRequest(guest)), role: 'host' })).statusCode).toBe(403);
    expect((await put(guest, guest.user.email, { email: guest.user.email, location: 'X' })).statusCode).toBe(400);
    expect((await put(guest, guest.user.email, { email: guest.user.email, isAdmin: true })).statusCode).toBe(400);
    expect((await put(guest, guest.user.email, { role: 'superuser' })).statusCode).toBe(400);
    expect(await roleOf(guest.user.id)).toBeNull();
  });

  it('does not let a client set role, location or docImage through Better Auth', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Sneaky', email: 'sneaky@example.test', password: 'password-123', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const guest = await signInAs(t.app, 'guest');
    for (const field of [{ role: 'admin' }, { location: 'X' }, { docImage: '/api/documents/x' }]) {
      const update = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...guest.headers, origin: t.config.publicUrl },
        payload: field,
      });
      expect(update.statusCode, JSON.stringify(field)).toBe(400);
    }
    expect(await roleOf(guest.user.id)).toBeNull();
  });
});
