import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, homes, messages, moderationReports } from '#server/db/schema';
import type { memoryMail } from '#server/providers/mail/mail';
import { insertBooking, insertHome, insertReview } from '#server/test/factories';
import { confirmBookingCall, createHold, payCard } from '#server/test/booking-test-helpers';
import { DEMO_PASSWORD, freshIp, insertPasswordUser } from '#server/test/password-users';
import { signInAs, signInWithPassword, useTestApp, type SignedIn } from '#server/test/test-app';
import { REPORTS_PER_HOUR } from './moderation-routes';

const t = useTestApp();

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const report = (who: SignedIn, targetType: string, targetId: string, reason = 'spam') =>
  call(who, 'POST', '/api/reports', { targetType, targetId, reason });

async function hostWithHome(location = 'Lisbon, Portugal') {
  const host = await signInAs(t.app, 'host');
  const home = await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, location });
  return { host, home };
}

/** A conversation between a guest and a host with one message from each; answers the host's message id. */
async function conversationOf(guest: SignedIn, host: SignedIn, homeId: string) {
  const [c] = await t.db
    .insert(conversations)
    .values({ kind: 'inquiry', homeId, guestId: guest.user.id, hostId: host.user.id, title: 'A home' })
    .returning();
  await t.db.insert(messages).values({ conversationId: c!.id, senderId: guest.user.id, body: 'Is it quiet?' });
  const [m] = await t.db
    .insert(messages)
    .values({ conversationId: c!.id, senderId: host.user.id, body: 'Send me money by wire' })
    .returning();
  return { conversationId: c!.id, messageId: String(m!.id) };
}

async function openReportId(targetType: string, targetId: string) {
  const [row] = await t.db.select().from(moderationReports).where(eq(moderationReports.targetId, targetId));
  expect(row?.targetType).toBe(targetType);
  return row!.id;
}

describe('POST /api/reports', () => {
  it('acknowledges a report of a visible home and refuses a second open one (409)', async () => {
    const guest = await signInAs(t.app, 'guest');
    const { home } = await hostWithHome();
    const first = await report(guest, 'home', home.id, 'inaccurate');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), status: 'open' });
    const again = await report(guest, 'home', home.id, 'scam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('report_already_open');
  });

  it('refuses anonymous callers, unknown fields, unknown targets and messages the caller cannot read', async () => {
    const guest = await signInAs(t.app, 'guest');
    const stranger = await signInAs(t.app, 'guest');
    const { host, home } = await hostWithHome();
    const { messageId } = await conversationOf(guest, host, home.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', payload: {} })).statusCode).toBe(401);
    const extra = await call(guest, 'POST', '/api/reports', {
      targetType: 'home',
      targetId: home.id,
      reason: 'spam',
      reporterId: 'x',
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await report(guest, 'review', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('report_target_not_found');
    expect((await report(stranger, 'message', messageId)).statusCode).toBe(404);
    expect((await report(guest, 'message', messageId)).statusCode).toBe(201);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per user, then answers 429`, async () => {
    const guest = await signInAs(t.app, 'guest');
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      const other = await signInAs(t.app, 'guest');
      expect((await report(guest, 'user', other.user.id)).statusCode).toBe(201);
    }
    const other = await signInAs(t.app, 'guest');
    const refused = await report(guest, 'user', other.user.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_reports');
  });
});

describe('resolving reports', () => {
  it('groups open reports by target, and one resolution closes them all', async () => {
    const admin = await signInAs(t.app, 'admin');
    const { home } = await hostWithHome();
    for (let i = 0; i < 2; i++) await report(await signInAs(t.app, 'guest'), 'home', home.id);
    const list = await call(admin, 'GET', '/api/admin/reports?status=open');
    expect(list.statusCode).toBe(200);
    const group = list.json().groups.find((g: { targetId: string }) => g.targetId === home.id);
    expect(group).toMatchObject({ targetType: 'home', count: 2, content: { title: home.title, homeId: home.id } });
    const id = group.reports[0].id;
    const noNote = await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'dismiss' });
    expect(noNote.statusCode).toBe(400);
    const done = await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, {
      action: 'dismiss',
      note: 'Looks fine',
    });
    expect(done.json()).toEqual({ resolved: 2, action: 'dismiss', suspension: null });
    const after = await call(admin, 'GET', '/api/admin/reports?status=open');
    expect(after.json().groups.some((g: { targetId: string }) => g.targetId === home.id)).toBe(false);
    const again = await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'dismiss', note: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('removing a message hides it from both parties (the admin still reads it)', async () => {
    const admin = await signInAs(t.app, 'admin');
    const guest = await signInAs(t.app, 'guest');
    const { host, home } = await hostWithHome();
    const { conversationId, messageId } = await conversationOf(guest, host, home.id);
    await report(guest, 'message', messageId, 'scam');
    const id = await openReportId('message', messageId);
    const res = await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'remove', note: 'Scam' });
    expect(res.statusCode).toBe(200);
    for (const who of [guest, host]) {
      const page = await call(who, 'GET', `/api/conversations/${conversationId}/messages`);
      expect(page.json().messages.map((m: { text: string }) => m.text)).toEqual(['Is it quiet?']);
    }
    const asAdmin = await call(admin, 'GET', `/api/conversations/${conversationId}/messages`);
    expect(asAdmin.json().messages).toHaveLength(2);
  });

  it('a removed review no longer counts in the rating', async () => {
    const admin = await signInAs(t.app, 'admin');
    const guest = await signInAs(t.app, 'guest');
    const { home } = await hostWithHome();
    const good = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      checkIn: '2026-10-01',
      checkOut: '2026-10-03',
    });
    const bad = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      checkIn: '2026-10-05',
      checkOut: '2026-10-07',
    });
    await insertReview(t.db, good, { overall: 5 });
    const review = await insertReview(t.db, bad, { overall: 1, text: 'Rude words' });
    const rating = async () => (await call(null, 'GET', `/api/home/${home.id}`)).json().rating;
    expect(await rating()).toBe(3);
    const reporter = await signInAs(t.app, 'guest');
    expect((await report(reporter, 'review', review.id, 'harassment')).statusCode).toBe(201);
    const id = await openReportId('review', review.id);
    await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'remove', note: 'Abusive' });
    expect(await rating()).toBe(5);
  });

  it('unlisting a home: gone from search and its page, no new holds, host mailed why, bookings kept', async () => {
    const admin = await signInAs(t.app, 'admin');
    const guest = await signInAs(t.app, 'guest');
    const { host, home } = await hostWithHome('Unlistville, Portugal');
    const booking = await insertBooking(t.db, home, { guestId: guest.user.id });
    await report(guest, 'home', home.id, 'scam');
    const id = await openReportId('home', home.id);
    const bad = await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'remove', note: 'x' });
    expect(bad.json().error.code).toBe('action_not_applicable');
    await call(admin, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'unlist', note: 'Fake photos' });
    expect((await call(null, 'GET', '/api/homes?location=Unlistville')).json()).toEqual([]);
    expect((await call(null, 'GET', '/api/homes')).json().some((h: { _id: string }) => h._id === home.id)).toBe(false);
    expect((await call(null, 'GET', `/api/home/${home.id}`)).statusCode).toBe(404);
    const hold = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
      guests: 1,
    });
    expect(hold.statusCode).toBe(409);
    expect(hold.json().error.code).toBe('home_unlisted');
    await t.app.mailQueue.drained();
    const mail = (t.mail as ReturnType<typeof memoryMail>).messages.filter((m) => m.to === host.user.email).at(-1);
    expect(mail?.text).toContain('Fake photos');
    expect(mail?.text).not.toContain(guest.user.name);
    const [kept] = await t.db.select({ id: homes.id }).from(homes).where(eq(homes.id, booking.homeId!));
    expect(kept).toBeDefined();
  });
});

describe('suspension', () => {
  it('ends sessions at once, refuses sign-in, unlists homes and lists stays to come; lifting it relists them', async () => {
    const admin = await signInAs(t.app, 'admin');
    const user = await insertPasswordUser(t.db, 'suspended-host@example.test');
    const signedIn = await signInWithPassword(t.app, user.email, DEMO_PASSWORD, freshIp());
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const home = await insertHome(t.db, { hostId: user.id, hostEmail: user.email, location: 'Suspendtown, Portugal' });
    const reported = await insertHome(t.db, {
      hostId: user.id,
      hostEmail: user.email,
      location: 'Suspendtown, Portugal',
    });
    await t.db.update(homes).set({ unlistedAt: new Date(), unlistedBy: 'report' }).where(eq(homes.id, reported.id));
    const guest = await signInAs(t.app, 'guest');
    const stay = await insertBooking(t.db, home, {
      guestId: guest.user.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie } })).statusCode).toBe(
      200,
    );

    const res = await call(admin, 'POST', `/api/admin/users/${user.id}/suspend`, { note: 'Fraud' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suspended: true, homesChanged: 1, sessionsRevoked: 1 });
    expect(res.json().upcomingStays).toEqual([
      { bookingId: stay.id, homeTitle: stay.title, checkIn: '2026-12-10', checkOut: '2026-12-13', role: 'host' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie } })).statusCode).toBe(
      401,
    );
    const refused = await signInWithPassword(t.app, user.email, DEMO_PASSWORD, freshIp());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is suspended. Contact support.');
    expect((await call(null, 'GET', '/api/homes?location=Suspendtown')).json()).toEqual([]);
    expect((await call(null, 'GET', `/api/home/${home.id}`)).statusCode).toBe(404);
    // The admin's list of users says who is suspended (where the suspension is lifted).
    const suspendedOf = async () =>
      ((await call(admin, 'GET', '/api/users')).json() as { _id: string; suspended?: boolean }[]).find(
        (u) => u._id === user.id,
      )?.suspended;
    expect(await suspendedOf()).toBe(true);

    const lifted = await call(admin, 'POST', `/api/admin/users/${user.id}/unsuspend`, { note: 'Cleared' });
    expect(lifted.json()).toMatchObject({ suspended: false, homesChanged: 1 });
    const found = (await call(null, 'GET', '/api/homes?location=Suspendtown')).json();
    expect(found.map((h: { _id: string }) => h._id)).toEqual([home.id]);
    expect((await signInWithPassword(t.app, user.email, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    expect(await suspendedOf()).toBe(false);
  });

  it('refuses to suspend an admin, and needs a note', async () => {
    const admin = await signInAs(t.app, 'admin');
    const other = await signInAs(t.app, 'admin');
    expect((await call(admin, 'POST', `/api/admin/users/${other.user.id}/suspend`, { note: 'x' })).statusCode).toBe(
      403,
    );
    const guest = await signInAs(t.app, 'guest');
    expect((await call(admin, 'POST', `/api/admin/users/${guest.user.id}/suspend`, {})).statusCode).toBe(400);
  });
});

describe('blocking', () => {
  it('a blocked user cannot message the blocker (403 blocked); idempotent; unblocking lets them again', async () => {
    const guest = await signInAs(t.app, 'guest');
    const { host, home } = await hostWithHome();
    const { conversationId } = await conversationOf(guest, host, home.id);
    const send = () => call(guest, 'POST', `/api/conversations/${conversationId}/messages`, { text: 'Hello?' });
    for (let i = 0; i < 2; i++) {
      const blocked = await call(host, 'POST', `/api/users/${guest.user.id}/block`);
      expect(blocked.json()).toEqual({ userId: guest.user.id, blocked: true });
    }
    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('blocked');
    const inquiry = await call(guest, 'POST', `/api/home/${home.id}/inquiries`, { text: 'And now?' });
    expect(inquiry.json().error.code).toBe('blocked');
    // Nor through a booking's note (it reaches the host as a message and in the mails); the stay itself can be booked.
    const held = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
    });
    const stay = held.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
    const noted = await call(guest, 'PATCH', `/api/bookings/${stay.bookingId}`, { message: 'Let me in' });
    expect([noted.statusCode, noted.json().error?.code]).toEqual([403, 'blocked']);
    expect((await payCard(t.app, guest, stay.clientSecret)).statusCode).toBe(200);
    const withNote = { bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId };
    expect((await confirmBookingCall(t.app, guest, { ...withNote, message: 'Let me in' })).json().error?.code).toBe(
      'blocked',
    );
    expect((await confirmBookingCall(t.app, guest, { ...withNote, message: '' })).statusCode).toBe(200);
    // The blocker may still write.
    expect(
      (await call(host, 'POST', `/api/conversations/${conversationId}/messages`, { text: 'Bye' })).statusCode,
    ).toBe(201);
    for (let i = 0; i < 2; i++) {
      expect((await call(host, 'DELETE', `/api/users/${guest.user.id}/block`)).json().blocked).toBe(false);
    }
    expect((await send()).statusCode).toBe(201);
    expect((await call(host, 'POST', `/api/users/${host.user.id}/block`)).statusCode).toBe(400);
  });
});
