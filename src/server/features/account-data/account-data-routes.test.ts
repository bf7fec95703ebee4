/**
 * GET /api/me/export and DELETE /api/me (issue 30, ADR 0061). One person, Zed, is a host (a home, a
 * stay a guest booked there, its ledger lines) and a guest (a stay elsewhere, an inquiry, a wishlist, a
 * review written and one received), with a photo and a host-request document. The export holds all
 * of it; deletion is refused while a stay is ahead, and after it no column of any table holds Zed's
 * email, name, photo, document or own free text (a booking's note, a report's text, a host's answer,
 * cancel reason and damage claim reason) but messages the registry keeps for the other party, the
 * ledger still balances, and the email can sign up again.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME, deletedUserEmail } from '#shared/emails';
import { bookings, homes, ledgerEntries, reviews, securityDeposits, sessions, uploads, users } from '#server/db/schema';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertBooking, insertHome } from '#server/test/factories';
import { expectAllBalanced } from '#server/test/ledger-checks';
import { ERASED_CLAIM_REASON } from './account-deletion';
import { USER_DATA } from './data-registry';
import { TEST_NOW, signInAs, signInWithPassword, signUp, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

const EMAIL = 'zed.quillfeather@example.test';
const NAME = 'Zebulon Quillfeather';
const NOTE = 'We arrive by the night ferry';
// Zed's own words elsewhere: each must be gone after the deletion.
const REPORT_WORDS = 'Zed saw mould behind the wardrobe';
const CANCEL_WORDS = 'Zed cancels: burst pipe in Zedville';
const ANSWER_WORDS = 'Zed answers: the key is under the pot';
const CLAIM_WORDS = 'Zed claims: the guest broke the lamp';
const PHOTO_KEY = 'f'.repeat(32);
let zed: SignedIn & { password: string };
let guest: SignedIn, otherHost: SignedIn;
let docKey: string;
const ids = { zedHome: '', otherHome: '', asHost: '', asGuest: '' };

const exportOf = (who: SignedIn) => t.app.inject({ method: 'GET', url: '/api/me/export', headers: who.headers });
const deleteMe = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/me', headers: who.headers, payload });

beforeAll(async () => {
  zed = await signUp(t.app, { email: EMAIL, name: NAME, password: 'zed-password-1' });
  [guest, otherHost] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'host')]);
  // A photo and a decided host request's document, stored and recorded as uploads of Zed's.
  const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
  docKey = `doc-zed-${'0'.repeat(32)}.webp`;
  await t.storage.put(`${PHOTO_KEY}-1280.webp`, webp, { contentType: 'image/webp', visibility: 'public' });
  await t.storage.put(docKey, webp, { contentType: 'image/webp', visibility: 'private' });
  const photo = `/uploads/${PHOTO_KEY}-1280.webp`;
  await t.db.insert(uploads).values([
    { url: photo, visibility: 'public', keys: [`${PHOTO_KEY}-1280.webp`], userId: zed.user.id },
    { url: `/api/documents/${docKey}`, visibility: 'private', keys: [docKey], userId: zed.user.id },
  ]);
  await t.db
    .update(users)
    .set({
      role: 'host',
      emailVerified: true,
      image: photo,
      docImage: `/api/documents/${docKey}`,
      location: 'Quillfeather Cove',
    })
    .where(eq(users.id, zed.user.id));
  const window = { availableFrom: '2026-11-21', availableTo: '2027-03-01' };
  ids.zedHome = (await insertHome(t.db, { ...window, hostId: zed.user.id, hostEmail: EMAIL })).id;
  ids.otherHome = (
    await insertHome(t.db, { ...window, hostId: otherHost.user.id, hostEmail: otherHost.user.email })
  ).id;
  const stay = (checkIn: string, checkOut: string) => ({ checkIn, checkOut });
  ids.asHost = (await bookStay(t.app, guest, { homeId: ids.zedHome, ...stay('2026-12-01', '2026-12-03') })).bookingId;
  ids.asGuest = (
    await bookStay(t.app, zed, { homeId: ids.otherHome, ...stay('2026-12-05', '2026-12-07') }, NOTE)
  ).bookingId;
  const call = (who: SignedIn, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  expect(
    (await call(zed, 'POST', `/api/home/${ids.otherHome}/inquiries`, { text: 'Is there a kettle?' })).statusCode,
  ).toBe(201);
  expect((await call(zed, 'PUT', `/api/wishlist/${ids.otherHome}`)).statusCode).toBeLessThan(300);
});

describe('GET /api/me/export', () => {
  it('answers every table of the registry as an attachment, without tokens or password hashes', async () => {
    const res = await exportOf(zed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stayhub-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.userId).toBe(zed.user.id);
    const tables = data.tables as Record<string, Record<string, unknown>[]>;
    expect(tables.users).toEqual([
      expect.objectContaining({ email: EMAIL, name: NAME, location: 'Quillfeather Cove' }),
    ]);
    expect(tables.homes!.map((h) => h.id)).toEqual([ids.zedHome]);
    expect(tables.bookings!.map((b) => b.id).sort()).toEqual([ids.asHost, ids.asGuest].sort());
    expect(tables.messages!.map((m) => m.body)).toContain('Is there a kettle?');
    expect(tables.wishlist_items!.map((w) => w.homeId)).toEqual([ids.otherHome]);
    expect(tables.uploads).toHaveLength(2);
    expect(tables.ledger_entries!.length).toBeGreaterThan(0);
    expect(tables.sessions!.length).toBeGreaterThan(0);
    expect(JSON.stringify(tables.sessions)).not.toContain('token');
    expect(tables.accounts).toEqual([expect.not.objectContaining({ password: expect.anything() })]);
    expect(res.body).not.toContain('scrypt');
  });

  it("answers 401 to an anonymous caller; a host's export holds their guest's stay but not the guest's account", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
    const other = (await exportOf(otherHost)).json().tables as Record<string, Record<string, unknown>[]>;
    expect(other.users!.map((u) => u.id)).toEqual([otherHost.user.id]);
    expect(other.sessions!.every((s) => s.userId === otherHost.user.id)).toBe(true);
    expect(other.bookings!.map((b) => b.id)).toEqual([ids.asGuest]);
    expect([other.wishlist_items, other.uploads, other.accounts]).toEqual([[], [], []]);
  });

  it("leaves out of a host's export their guests' payment details and a stranger's unpaid hold", async () => {
    const [home] = await t.db.select().from(homes).where(eq(homes.id, ids.otherHome));
    const hold = await insertBooking(t.db, home!, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      status: 'held',
      checkIn: '2027-01-10',
      checkOut: '2027-01-12',
    });
    const other = (await exportOf(otherHost)).json().tables as Record<string, Record<string, unknown>[]>;
    // Zed paid for a stay at this host's home: the card and billing details are Zed's, not the host's.
    expect(other.payment_intents).toEqual([]);
    expect(other.bookings!.map((b) => b.id)).not.toContain(hold.id);
    const mine = (await exportOf(zed)).json().tables as Record<string, Record<string, unknown>[]>;
    expect(mine.payment_intents!.map((p) => p.bookingId)).toContain(ids.asGuest);
  });
});

describe('DELETE /api/me', () => {
  it('asks for the password (400 without, 403 when wrong) and refuses while a stay is ahead (409)', async () => {
    expect((await deleteMe(zed, {})).json().error.code).toBe('password_required');
    const wrong = await deleteMe(zed, { password: 'not-the-one' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([403, 'wrong_password']);
    const busy = await deleteMe(zed, { password: zed.password });
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'stays_upcoming']);
    expect(busy.json().error.message).toMatch(/Cancel it first/);
    // The day after the stay Zed hosted but before the one Zed booked: still refused.
    t.clock.set('2026-12-04T10:00:00.000Z');
    expect((await deleteMe(zed, { password: zed.password })).statusCode).toBe(409);
  });

  it('stops a session guessing the password: 429 after 10 tries in an hour', async () => {
    const someone = await signUp(t.app, { email: 'guesser@example.test', name: 'Guesser', password: 'guess-me-123' });
    for (let i = 0; i < 10; i++) expect((await deleteMe(someone, { password: `wrong-${i}` })).statusCode).toBe(403);
    const refused = await deleteMe(someone, { password: someone.password });
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'too_many_attempts']);
  });

  it('erases every personal field, keeps bookings and a balanced ledger, and frees the email', async () => {
    t.clock.set('2026-12-09T10:00:00.000Z');
    const review = (who: SignedIn, id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/bookings/${id}/review`, headers: who.headers, payload });
    const guestReview = { overall: 5, cleanliness: 5, accuracy: 5, location: 5, value: 5, text: 'Calm and bright.' };
    expect((await review(zed, ids.asGuest, guestReview)).statusCode).toBe(201);
    expect((await review(otherHost, ids.asGuest, { overall: 5, text: 'A tidy guest.' })).statusCode).toBe(201);
    const ledgerLines = await t.db.$count(ledgerEntries, eq(ledgerEntries.hostId, zed.user.id));
    expect(ledgerLines).toBeGreaterThan(0);
    // Zed's other own words: a report's text, and as host an answer, a cancel reason and a damage claim's reason.
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: zed.headers,
      payload: { targetType: 'home', targetId: ids.otherHome, reason: 'other', text: REPORT_WORDS },
    });
    expect(filed.statusCode).toBe(201);
    const [zedHome] = await t.db.select().from(homes).where(eq(homes.id, ids.zedHome));
    await insertBooking(t.db, zedHome!, {
      guestId: guest.user.id,
      guestEmail: guest.user.email,
      status: 'cancelled',
      cancelledBy: 'host',
      cancelReason: CANCEL_WORDS,
      checkIn: '2026-11-25',
      checkOut: '2026-11-27',
    });
    await t.db.update(bookings).set({ hostMessage: ANSWER_WORDS }).where(eq(bookings.id, ids.asHost));
    await t.db.insert(securityDeposits).values({
      bookingId: ids.asHost,
      amountCents: 20_000,
      paymentIntentId: 'pi_deletion_test',
      status: 'claimed',
      releaseAt: new Date('2026-12-10T00:00:00Z'),
      claimAmountCents: 5_000,
      claimReason: CLAIM_WORDS,
      claimedAt: new Date('2026-12-04T10:00:00Z'),
    });

    const res = await deleteMe(zed, { password: zed.password });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=; Max-Age=0/);

    // Signed out everywhere, and the password no longer opens anything.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: zed.headers })).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, zed.user.id))).toBe(0);
    expect((await signInWithPassword(t.app, EMAIL, zed.password)).statusCode).toBe(401);

    // No column of any table holds what identified Zed, but words Zed wrote to others that the registry keeps
    // for them (the booking's note was also posted as the conversation's first message).
    const words = [REPORT_WORDS, CANCEL_WORDS, ANSWER_WORDS, CLAIM_WORDS];
    const needles = [EMAIL, NAME, NOTE, 'Quillfeather', PHOTO_KEY, docKey, ...words];
    const keptText = Object.entries(USER_DATA).flatMap(([name, e]) => (e.keptText ?? []).map((c) => `${name}.${c}`));
    const left = await tablesContaining(needles);
    expect(left.filter((column) => !keptText.includes(column))).toEqual([]);
    expect(left).toEqual(['messages.body']);
    expect(await t.storage.head(`${PHOTO_KEY}-1280.webp`, 'public')).toBeNull();
    expect(await t.storage.head(docKey, 'private')).toBeNull();

    // The tombstone, the kept bookings and reviews, the append-only ledger.
    const [tombstone] = await t.db.select().from(users).where(eq(users.id, zed.user.id));
    expect(tombstone).toMatchObject({ name: DELETED_USER_NAME, email: deletedUserEmail(zed.user.id), image: null });
    const kept = await t.db
      .select()
      .from(bookings)
      .where(sql`${bookings.id} in (${ids.asHost}, ${ids.asGuest})`);
    expect(kept).toHaveLength(2);
    expect(kept.find((b) => b.id === ids.asGuest)).toMatchObject({ guestEmail: deletedUserEmail(zed.user.id) });
    expect(await t.db.$count(reviews, eq(reviews.authorId, zed.user.id))).toBe(1);
    // The claim keeps its amounts (money moved on it), without Zed's words.
    const [claim] = await t.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, ids.asHost));
    expect(claim).toMatchObject({ claimAmountCents: 5_000, claimReason: ERASED_CLAIM_REASON });
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.hostId, zed.user.id))).toBe(ledgerLines);
    await expectAllBalanced(t.db);

    // The address can make a new account, which starts empty.
    const again = await signUp(t.app, { email: EMAIL, name: 'Zed Again', password: 'zed-password-2' });
    expect(again.user.id).not.toBe(zed.user.id);
    const fresh = (await exportOf(again)).json().tables as Record<string, unknown[]>;
    expect([fresh.bookings, fresh.homes, fresh.reviews]).toEqual([[], [], []]);
    expect((await deleteMe(again, { password: again.password })).statusCode).toBe(200);
  });

  it('without a password (Google), asks for a sign-in less than 5 minutes old', async () => {
    t.clock.set(TEST_NOW);
    const google = await signInAs(t.app, 'guest');
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, google.user.id));
    t.clock.set(new Date(session!.createdAt.getTime() + 6 * 60_000).toISOString());
    const stale = await deleteMe(google, {});
    expect([stale.statusCode, stale.json().error.code]).toEqual([403, 'sign_in_again']);
    t.clock.set(new Date(session!.createdAt.getTime() + 60_000).toISOString());
    expect((await deleteMe(google, {})).statusCode).toBe(200);
    expect((await deleteMe(guest, { password: '' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', payload: {} })).statusCode).toBe(401);
  });
});

/** `table.column` of every column of every table whose text holds one of `needles` (case-insensitive). */
async function tablesContaining(needles: string[]): Promise<string[]> {
  const columns = (await t.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const text = sql`lower(${sql.identifier(column)}::text)`;
    const matches = needles.map((needle) => sql`position(${needle.toLowerCase()} in ${text}) > 0`);
    const hits = (await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.join(matches, sql` or `)}`,
    )) as unknown as { rows: { n: number }[] };
    if (hits.rows[0]!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}
