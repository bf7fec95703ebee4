/**
 * Host-request documents are deleted HOST_DOCUMENT_RETENTION_DAYS after the decision (issue 30): an
 * admin approves a request through the API, the test clock moves, and a pass of the job removes the
 * file, its upload row and the user's doc_image, but only once the period has passed, and never a
 * pending request's document.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads, users } from '#server/db/schema';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { ownerTag } from '../uploads/uploads-service';
import { removeDecidedDocuments } from './document-retention';

const t = useTestApp();
const DAY = 86_400_000;

/** A requested user whose document is stored and recorded as their upload. */
async function requestWithDocument(): Promise<{ who: SignedIn; key: string }> {
  const probe = await signInAs(t.app, 'guest');
  const key = `doc-${ownerTag(probe.user.id)}-${'ab'.repeat(16)}.webp`;
  await t.storage.put(key, Buffer.from('RIFF\0\0\0\0WEBPVP8 '), { contentType: 'image/webp', visibility: 'private' });
  const url = `/api/documents/${key}`;
  await t.db.insert(uploads).values({ url, visibility: 'private', keys: [key], userId: probe.user.id });
  await t.db
    .update(users)
    .set({ role: 'requested', docImage: url, location: 'Porto' })
    .where(eq(users.id, probe.user.id));
  return { who: probe, key };
}

const pass = (retentionDays = 30) =>
  removeDecidedDocuments({ db: t.db, storage: t.storage, clock: t.clock, retentionDays });
const docOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.docImage;

describe('host document retention', () => {
  it("deletes a decided request's document once the period has passed, not before", async () => {
    t.clock.set(TEST_NOW);
    const admin = await signInAs(t.app, 'admin');
    const approved = await requestWithDocument();
    const pending = await requestWithDocument();
    const decide = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${approved.who.user.email}`,
      headers: admin.headers,
      payload: { role: 'host' },
    });
    expect(decide.statusCode).toBe(200);

    t.clock.set(new Date(Date.parse(TEST_NOW) + 29 * DAY).toISOString());
    expect(await pass()).toEqual({ removed: 0 });
    expect(await t.storage.head(approved.key, 'private')).not.toBeNull();

    t.clock.set(new Date(Date.parse(TEST_NOW) + 31 * DAY).toISOString());
    expect(await pass()).toEqual({ removed: 1 });
    expect(await t.storage.head(approved.key, 'private')).toBeNull();
    expect(await docOf(approved.who.user.id)).toBeNull();
    expect(await t.db.$count(uploads, eq(uploads.userId, approved.who.user.id))).toBe(0);
    // The admin can no longer open it; the pending request keeps its document.
    const open = await t.app.inject({ method: 'GET', url: `/api/documents/${approved.key}`, headers: admin.headers });
    expect(open.statusCode).toBe(404);
    expect(await docOf(pending.who.user.id)).not.toBeNull();
    expect(await t.storage.head(pending.key, 'private')).not.toBeNull();
    expect(await pass()).toEqual({ removed: 0 });
  });

  it("with 0 days, deletes a declined request's document at the next pass", async () => {
    t.clock.set(TEST_NOW);
    const admin = await signInAs(t.app, 'admin');
    const declined = await requestWithDocument();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${declined.who.user.email}`,
      headers: admin.headers,
      payload: { role: null, reason: 'The document is unreadable.' },
    });
    expect(res.statusCode).toBe(200);
    t.clock.set(new Date(Date.parse(TEST_NOW) + 1000).toISOString());
    expect(await pass(0)).toEqual({ removed: 1 });
    expect(await t.storage.head(declined.key, 'private')).toBeNull();
  });
});
