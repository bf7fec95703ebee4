import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { homes, uploads, users } from '#server/db/schema';
import { insertBooking, insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { multipart } from './fixtures/multipart';
import { removeUnusedUploads, startUploadsSweeper, UNUSED_UPLOAD_AGE_MS } from './uploads-sweeper';

const t = useTestApp();

let picture: Buffer;
let host: SignedIn;
beforeAll(async () => {
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } })
    .png()
    .toBuffer();
  host = await signInAs(t.app, 'host');
});

async function upload(who: SignedIn, query = ''): Promise<string> {
  t.clock.advance(5_000); // stays under 20 uploads a minute
  const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: picture }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.display_url as string;
}

/** The files behind an upload URL, on disk. */
function filesOf(url: string): string[] {
  if (url.startsWith('/api/documents/')) return [join(t.storageDir, 'private', url.slice('/api/documents/'.length))];
  const detail = url.slice('/uploads/'.length);
  return [
    detail,
    detail.replace('-1280.webp', '-640.webp'),
    detail.replace('-1280.webp', '-1200x630.jpg'),
    detail.replace('-1280.webp', '-960.webp'),
  ].map((k) => join(t.storageDir, 'public', k));
}
const stored = (url: string) => filesOf(url).every((f) => existsSync(f));
const gone = (url: string) => filesOf(url).every((f) => !existsSync(f));
const sweep = () => removeUnusedUploads({ db: t.db, storage: t.storage, clock: t.clock });

describe('unused uploads', () => {
  it('are removed once a day old; pictures of homes, bookings and users and host documents stay', async () => {
    const unused = await upload(host);
    const onHome = await upload(host);
    const onBooking = await upload(host);
    const photo = await upload(host);
    const requester = await signInAs(t.app, 'guest');
    const document = await upload(requester, '?purpose=document');
    await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, images: [onHome] });
    await t.db
      .update(users)
      .set({ image: `http://localhost:3000${photo}` })
      .where(eq(users.id, host.user.id));
    await t.db.update(users).set({ docImage: document }).where(eq(users.id, requester.user.id));
    // A booking keeps a copy of its home's picture after the home is gone.
    const bookedHome = await insertHome(t.db, { hostId: host.user.id, images: [onBooking] });
    await insertBooking(t.db, bookedHome);
    await t.db.delete(homes).where(eq(homes.id, bookedHome.id));

    // Younger than a day: nothing goes, used or not.
    expect(await sweep()).toEqual({ removed: 0 });
    expect(stored(unused)).toBe(true);

    t.clock.advance(UNUSED_UPLOAD_AGE_MS);
    const fresh = await upload(host);
    expect(await sweep()).toEqual({ removed: 1 });
    expect(gone(unused)).toBe(true);
    for (const url of [onHome, onBooking, photo, document, fresh]) expect(stored(url), url).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    expect(await t.db.select().from(uploads).where(eq(uploads.url, unused))).toEqual([]);
    expect(await sweep()).toEqual({ removed: 0 });
  });

  it('never removes one upload twice when several processes sweep at once', async () => {
    t.clock.advance(UNUSED_UPLOAD_AGE_MS + 1);
    await sweep(); // what the test before left
    const urls = [await upload(host), await upload(host), await upload(host)];
    t.clock.advance(UNUSED_UPLOAD_AGE_MS + 1);
    const results = await Promise.all([sweep(), sweep(), sweep()]);
    expect(results.reduce((sum, r) => sum + r.removed, 0)).toBe(urls.length);
    for (const url of urls) expect(gone(url)).toBe(true);
  });

  it('removes the share crop and 960 px picture made on request for an upload recorded before they existed', async () => {
    t.clock.advance(UNUSED_UPLOAD_AGE_MS + 1);
    await sweep(); // what the tests before left
    const url = await upload(host);
    const [detail, card, crop, medium] = filesOf(url);
    // As recorded before ADR 0022: the row names the 1280 and 640 px files only, and nothing else is stored yet.
    await t.db
      .update(uploads)
      .set({ keys: [url.slice('/uploads/'.length), card!.slice(card!.lastIndexOf('/') + 1)] })
      .where(eq(uploads.url, url));
    rmSync(crop!);
    rmSync(medium!);
    for (const suffix of ['-1200x630.jpg', '-960.webp']) {
      const served = await t.app.inject({ method: 'GET', url: url.replace('-1280.webp', suffix) });
      expect(served.statusCode, suffix).toBe(200);
    }
    expect([existsSync(crop!), existsSync(medium!)]).toEqual([true, true]);
    t.clock.advance(UNUSED_UPLOAD_AGE_MS + 1);
    expect(await sweep()).toEqual({ removed: 1 });
    for (const file of [detail, card, crop, medium]) expect(existsSync(file!), file).toBe(false);
  });

  it('runs as a periodic sweeper that stops cleanly', async () => {
    const url = await upload(host);
    t.clock.advance(UNUSED_UPLOAD_AGE_MS + 1);
    const infos: unknown[] = [];
    const sweeper = startUploadsSweeper(
      { db: t.db, storage: t.storage, clock: t.clock, log: { info: (o) => infos.push(o), error() {} } },
      { intervalMs: 50 },
    );
    try {
      await expect.poll(() => gone(url), { timeout: 5_000 }).toBe(true);
      expect(infos).toContainEqual({ removed: 1 });
      expect(await sweeper.runNow()).toEqual({ removed: 0 });
    } finally {
      await sweeper.stop();
    }
    expect(await sweeper.runNow()).toBeNull();
  });
});
