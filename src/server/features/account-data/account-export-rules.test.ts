/**
 * GET /api/me/export's rules for what others wrote (issue 30, ADR 0061): a host's export holds the
 * reviews of them once published and not removed (never a review still under the double blind, nor
 * one moderation removed), their own reviews always; and the messages of their conversations, but
 * a message moderation removed only when they wrote it themselves.
 */
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '#server/db/schema';
import { insertBooking, insertHome, insertReview } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

type Tables = Record<string, Record<string, unknown>[]>;
const exportOf = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().tables as Tables;
};

describe("an export's reviews", () => {
  it('holds reviews received once published and not removed, and every review the person wrote', async () => {
    const [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const stay = (checkIn: string, checkOut: string) =>
      insertBooking(t.db, home, { guestId: guest.user.id, guestEmail: guest.user.email, checkIn, checkOut });
    const about = { authorId: guest.user.id, subjectUserId: host.user.id };
    const published = await insertReview(t.db, await stay('2026-10-01', '2026-10-03'), {
      ...about,
      text: 'Published and kept',
    });
    const blind = await insertReview(t.db, await stay('2026-10-05', '2026-10-07'), {
      ...about,
      text: 'Still under the double blind',
      publishedAt: null,
      publishAt: new Date('2027-06-01T00:00:00.000Z'),
    });
    const removed = await insertReview(t.db, await stay('2026-10-09', '2026-10-11'), {
      ...about,
      text: 'Removed by moderation',
      hiddenAt: new Date('2026-11-01T00:00:00.000Z'),
    });
    const byHost = await insertReview(t.db, await stay('2026-10-13', '2026-10-15'), {
      authorRole: 'host',
      // A host rates the guest overall only.
      cleanliness: null,
      accuracy: null,
      location: null,
      value: null,
      authorId: host.user.id,
      subjectUserId: guest.user.id,
      text: 'The host wrote this, not yet published',
      publishedAt: null,
      publishAt: new Date('2027-06-01T00:00:00.000Z'),
    });

    const hosts = (await exportOf(host)).reviews!.map((r) => r.id);
    expect(hosts.sort()).toEqual([published.id, byHost.id].sort());
    // The guest who wrote them gets all three, removed or not yet published: they are their own words.
    const guests = (await exportOf(guest)).reviews!.map((r) => r.id);
    expect(guests).toEqual(expect.arrayContaining([published.id, blind.id, removed.id]));
    // The host's review of the guest is still blind to the guest.
    expect(guests).not.toContain(byHost.id);
  });
});

describe("an export's messages", () => {
  it('holds the messages of the person’s conversations, a removed one only when they wrote it', async () => {
    const [host, guest, stranger] = await Promise.all([
      signInAs(t.app, 'host'),
      signInAs(t.app, 'guest'),
      signInAs(t.app, 'guest'),
    ]);
    const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
    const [c] = await t.db
      .insert(conversations)
      .values({ kind: 'inquiry', homeId: home.id, guestId: guest.user.id, hostId: host.user.id, title: home.title })
      .returning();
    const removedAt = new Date('2026-11-20T00:00:00.000Z');
    const rows = await t.db
      .insert(messages)
      .values([
        { conversationId: c!.id, senderId: guest.user.id, body: 'Is it quiet at night?' },
        { conversationId: c!.id, senderId: host.user.id, body: 'Pay me outside StayHub', hiddenAt: removedAt },
        { conversationId: c!.id, senderId: guest.user.id, body: 'An insult moderation removed', hiddenAt: removedAt },
      ])
      .returning();
    const [asked, hostsRemoved, guestsRemoved] = rows.map((m) => m.body);

    const bodies = async (who: SignedIn) => (await exportOf(who)).messages!.map((m) => m.body);
    expect((await bodies(host)).sort()).toEqual([asked, hostsRemoved].sort());
    expect((await bodies(guest)).sort()).toEqual([asked, guestsRemoved].sort());
    expect(await bodies(stranger)).toEqual([]);
  });
});
