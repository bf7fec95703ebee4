/**
 * Who may read and write a conversation: its guest and host read and write; an admin reads
 * (each read recorded with the request id) but never writes; another guest, another host and
 * anonymous callers cannot tell it exists.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationAdminReads } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let guest: SignedIn, host: SignedIn, otherGuest: SignedIn, otherHost: SignedIn, admin: SignedIn;
let homeId: string;
let conversationId: string;

const send = (who: SignedIn | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload: payload as object });
const read = (who: SignedIn | null, id = conversationId, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages${query}`, headers: who?.headers ?? {} });

beforeAll(async () => {
  [guest, host, otherGuest, otherHost, admin] = await Promise.all([
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'admin'),
  ]);
  homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email })).id;
  const res = await send(guest, `/api/home/${homeId}/inquiries`, {
    text: '  Is the flat quiet at night?  ',
    checkIn: '2026-12-10',
    checkOut: '2026-12-12',
  });
  expect(res.statusCode).toBe(201);
  conversationId = (res.json() as { conversationId: string }).conversationId;
});

describe('conversation access', () => {
  it('lets the guest and the host read it, and nobody else but an admin', async () => {
    const statuses = await Promise.all([guest, host, otherGuest, otherHost, admin, null].map((w) => read(w)));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 404, 404, 200, 401]);
    const page = statuses[1]!.json() as {
      conversation: { viewer: string; guest: { name: string } };
      messages: { text: string; from: string }[];
    };
    expect(page.conversation.viewer).toBe('host');
    expect(page.conversation.guest.name).toBe(guest.user.name);
    // Trimmed on the way in.
    expect(page.messages).toEqual([expect.objectContaining({ text: 'Is the flat quiet at night?', from: 'guest' })]);
    expect((statuses[4]!.json() as { conversation: { viewer: string } }).conversation.viewer).toBe('admin');
  });

  it('lets only the two parties write; an admin gets 403, others 404, anonymous 401', async () => {
    const url = `/api/conversations/${conversationId}/messages`;
    const results = await Promise.all(
      [guest, host, otherGuest, otherHost, admin, null].map((w) => send(w, url, { text: 'Hello' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 404, 404, 403, 401]);
    expect(results[1]!.json()).toMatchObject({ conversationId, message: { from: 'host', text: 'Hello' } });
  });

  it('records each admin read with its request id, and never marks anything read for an admin', async () => {
    const before = await t.db
      .select()
      .from(conversationAdminReads)
      .where(eq(conversationAdminReads.conversationId, conversationId));
    const res = await read(admin);
    expect(res.statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(conversationAdminReads)
      .where(eq(conversationAdminReads.conversationId, conversationId));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ adminId: admin.user.id, requestId: res.headers['x-request-id'] });
    expect((res.json() as { conversation: { unread: number } }).conversation.unread).toBe(0);
  });

  it("lists a conversation only in its parties' lists, with the other person, home, last message and unread count", async () => {
    await send(host, `/api/conversations/${conversationId}/messages`, { text: 'Very quiet, yes.' });
    const list = async (who: SignedIn) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: who.headers })).json() as {
          conversations: {
            id: string;
            unread: number;
            host: { name: string };
            home: { id: string };
            lastMessage: { text: string };
          }[];
        }
      ).conversations;
    const [mine] = await list(guest);
    expect(mine).toMatchObject({
      id: conversationId,
      host: { name: host.user.name },
      home: { id: homeId },
      lastMessage: { text: 'Very quiet, yes.' },
    });
    expect(mine!.unread).toBeGreaterThan(0);
    expect(await list(otherGuest)).toEqual([]);
    expect(await list(admin)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/conversations' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('marks read when the reader fetches the first page, and the unread total follows', async () => {
    const unread = async (who: SignedIn) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/conversations/unread', headers: who.headers })).json() as {
          unread: number;
        }
      ).unread;
    await send(host, `/api/conversations/${conversationId}/messages`, { text: 'Anything else?' });
    expect(await unread(guest)).toBeGreaterThanOrEqual(1);
    await read(guest);
    expect(await unread(guest)).toBe(0);
    // The host's own messages never count as unread for the host.
    await read(host);
    expect(await unread(host)).toBe(0);
    await send(guest, `/api/conversations/${conversationId}/messages`, { text: 'No, thanks!' });
    expect(await unread(host)).toBe(1);
  });

  it("refuses an inquiry about the host's own home, an unknown home, and anonymous callers", async () => {
    expect((await send(host, `/api/home/${homeId}/inquiries`, { text: 'Me?' })).json()).toMatchObject({
      error: { code: 'own_home' },
    });
    expect((await send(guest, `/api/home/${crypto.randomUUID()}/inquiries`, { text: 'Hi' })).statusCode).toBe(404);
    expect((await send(null, `/api/home/${homeId}/inquiries`, { text: 'Hi' })).statusCode).toBe(401);
  });

  it('reuses one inquiry conversation per home and guest', async () => {
    const again = await send(guest, `/api/home/${homeId}/inquiries`, { text: 'One more question' });
    expect(again.json()).toEqual({ conversationId });
    const other = await send(otherGuest, `/api/home/${homeId}/inquiries`, { text: 'Hello from someone else' });
    expect((other.json() as { conversationId: string }).conversationId).not.toBe(conversationId);
  });
});

describe("a booking's conversation", () => {
  it('is made by the first message of its guest or host; others 404, admins 403; unconfirmed 409', async () => {
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const booking = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      status: 'confirmed',
      confirmedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const url = `/api/bookings/${booking.id}/messages`;
    const results = [];
    for (const who of [guest, host, otherGuest, otherHost, admin, null])
      results.push(await send(who, url, { text: 'About the stay' }));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 404, 404, 403, 401]);
    const ids = results.slice(0, 2).map((r) => (r.json() as { conversationId: string }).conversationId);
    expect(ids[0]).toBe(ids[1]);
    const page = (await read(host, ids[0])).json() as { conversation: { kind: string; bookingId: string } };
    expect(page.conversation).toMatchObject({ kind: 'booking', bookingId: booking.id });

    const held = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      status: 'held',
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
    });
    expect((await send(guest, `/api/bookings/${held.id}/messages`, { text: 'Hi' })).json()).toMatchObject({
      error: { code: 'not_confirmed' },
    });
  });
});
