/**
 * The upload API with S3 storage: the app is built on a bucket of a real S3-protocol server
 * (s3rver on 127.0.0.1, started and stopped by this file). Pictures go to the bucket and come
 * back at their public URL through the app, with the one-year cache and an ETag; documents stay
 * private behind the owner/admin check.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '#shared/schemas/uploads';
import { useS3Server } from '#server/test/s3-server';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { jpegWithExif, noise } from './fixtures/corpus';
import { listFiles, multipart } from './fixtures/multipart';

const bucket = useS3Server();
const t = useTestApp(() => ({ storage: bucket.storage }));

let guest: SignedIn;
let other: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  guest = await signInAs(t.app, 'guest');
  other = await signInAs(t.app, 'guest');
  admin = await signInAs(t.app, 'admin');
});

async function upload(data: Buffer, who: SignedIn, query = '') {
  const body = multipart([{ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return uploadResponseSchema.parse(res.json());
}

describe('pictures in the bucket, served by the app at /uploads/<key>', () => {
  let url: string;
  let etag: string;
  beforeAll(async () => {
    url = (await upload(await noise(1600, 1200).jpeg().toBuffer(), guest)).data.display_url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1280\.webp$/);
  });

  it('stores every size in the bucket, nothing on local disk', async () => {
    const key = url.slice('/uploads/'.length);
    expect(await bucket.storage.head(key, 'public')).toMatchObject({ contentType: 'image/webp' });
    for (const suffix of ['-960.webp', '-640.webp', '-1200x630.jpg']) {
      expect(await bucket.storage.head(key.replace('-1280.webp', suffix), 'public'), suffix).not.toBeNull();
    }
    expect(listFiles(t.storageDir)).toEqual({});
  });

  it('answers the picture with a one-year immutable cache, ETag, Last-Modified and its length', async () => {
    for (const [path, size] of [
      [url, [1280, 960]],
      [url.replace('-1280.webp', '-640.webp'), [640, 480]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^"[0-9a-f]+"$/);
      expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ...size]);
      if (path === url) etag = String(res.headers['etag']);
    }
  });

  it('304 without a body when the browser already has it (If-None-Match)', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['etag']).toBe(etag);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect((await sharp(stale.rawPayload).metadata()).width).toBe(1280);
  });

  it('HEAD answers the headers of the GET without the bytes', async () => {
    const get = await t.app.inject({ method: 'GET', url });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const h of ['content-type', 'content-length', 'etag', 'cache-control', 'last-modified'])
      expect(head.headers[h], h).toBe(get.headers[h]);
  });

  it('404 (JSON, not cached for a year) for a name that is not in the bucket or not a key', async () => {
    for (const path of [
      `/uploads/${'0'.repeat(32)}-1280.webp`,
      '/uploads/..%2Fprivate%2Fx.webp',
      '/uploads/UPPER.webp',
      '/uploads/a%2Fb.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
    }
  });

  it('a home accepts the uploaded picture (it is found in the bucket)', async () => {
    const host = await signInAs(t.app, 'host');
    const home = {
      location: 'Lisbon, Portugal',
      title: 'Pictures from the bucket',
      from: '2026-12-01',
      to: '2026-12-02',
      price: 100,
      total_guest: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: 'A home whose picture lives in object storage.',
      image: url,
      images: [url],
      hostEmail: host.user.email,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/homes', headers: host.headers, payload: home });
    expect(res.statusCode, res.body).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/homes',
      headers: host.headers,
      payload: { ...home, image: `/uploads/${'0'.repeat(32)}-1280.webp` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/not found/i);
  });
});

describe('documents in the bucket stay private', () => {
  let url: string;
  let key: string;
  beforeAll(async () => {
    url = (await upload(await jpegWithExif(), guest, '?purpose=document')).data.display_url;
    key = url.slice('/api/documents/'.length);
  });

  it('are stored on the private side of the bucket only', async () => {
    expect(url).toMatch(/^\/api\/documents\/doc-/);
    expect(await bucket.storage.head(key, 'private')).not.toBeNull();
    expect(await bucket.storage.head(key, 'public')).toBeNull();
  });

  it('are not readable without authorisation: 401 anonymous, 403 another user, nothing under /uploads', async () => {
    const anon = await t.app.inject({ method: 'GET', url });
    expect(anon.statusCode).toBe(401);
    const stranger = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.rawPayload.includes(Buffer.from('RIFF'))).toBe(false);
    const asPicture = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(asPicture.statusCode).toBe(404);
  });

  it('stream to their owner and to admins, never cached', async () => {
    for (const who of [guest, admin]) {
      const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
  });

  it('back a host request (the document is found in the bucket)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${guest.user.email}`,
      headers: guest.headers,
      payload: { email: guest.user.email, location: 'Lisbon, Portugal', docImage: url, role: 'requested' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
