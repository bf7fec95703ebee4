import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KEY, UPLOADED_IMAGE_URL, uploadResponseSchema } from '#shared/schemas/uploads';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { EXIF_SECRET, attackCorpus, jpegWithExif, noise, pngWithAlpha, webpSmall } from './fixtures/corpus';
import { listFiles, multipart, type Part } from './fixtures/multipart';

const t = useTestApp();

let guest: SignedIn;
let other: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  guest = await signInAs(t.app, 'guest');
  other = await signInAs(t.app, 'host');
  admin = await signInAs(t.app, 'admin');
});

function post(parts: Part[], headers: Record<string, string> = guest.headers, query = '') {
  // One user may start 20 uploads a minute (upload-limits.ts): the test clock moves on 4 s per upload.
  t.clock.advance(4_000);
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const image = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/** Runs `act` and asserts that the storage directory is exactly as before. */
async function expectNothingStored<T>(act: () => Promise<T>): Promise<T> {
  const before = listFiles(t.storageDir);
  const result = await act();
  expect(listFiles(t.storageDir)).toEqual(before);
  return result;
}

describe('POST /api/uploads: accepted pictures', () => {
  it.each([
    [
      'JPEG with EXIF orientation and GPS',
      jpegWithExif,
      'IMG_0001.JPG',
      'image/jpeg',
      [960, 1280],
      [720, 960],
      [480, 640],
    ],
    ['PNG with transparency', pngWithAlpha, 'plan.png', 'image/png', [900, 700], [900, 700], [640, 498]],
    ['WebP', webpSmall, 'room.webp', 'image/webp', [500, 400], [500, 400], [500, 400]],
  ] as const)(
    '%s: re-encoded to WebP without metadata, three sizes served with immutable caching',
    async (_name, make, filename, type, detail, medium, card) => {
      const res = await post([image(await make(), filename, type)]);
      expect(res.statusCode, res.body).toBe(200);
      const body = uploadResponseSchema.parse(res.json());
      expect(body.data.display_url).toMatch(UPLOADED_IMAGE_URL);
      expect([body.width, body.height]).toEqual(detail);

      for (const [url, size] of [
        [body.data.display_url, detail],
        [body.data.display_url.replace('-1280.webp', '-960.webp'), medium],
        [body.data.display_url.replace('-1280.webp', '-640.webp'), card],
      ] as const) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['content-type']).toMatch(/^image\/webp/);
        expect(served.headers['cache-control']).toMatch(/immutable/);
        expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual(size);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from(EXIF_SECRET))).toBe(false);
      }
    },
  );

  it('decides by the bytes: a PNG named notes.txt and declared as text/plain is a PNG', async () => {
    const res = await post([image(await noise(64, 48).png().toBuffer(), 'notes.txt', 'text/plain')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 64, height: 48 });
  });

  it('ignores a path-traversal file name: the picture is stored under a generated name inside storage only', async () => {
    const before = listFiles(t.storageDir);
    const res = await post([image(await noise(40, 30).jpeg().toBuffer(), '../../etc/passwd.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.display_url;
    const key = url.slice('/uploads/'.length, -'-1280.webp'.length);
    const added = Object.keys(listFiles(t.storageDir))
      .filter((f) => !(f in before))
      .sort();
    expect(added).toEqual([
      `public/${key}-1200x630.jpg`,
      `public/${key}-1280.webp`,
      `public/${key}-640.webp`,
      `public/${key}-960.webp`,
    ]);
    for (const base of [t.storage.publicDir, t.storageDir, process.cwd()]) {
      expect(existsSync(resolve(base, '../../etc/passwd.jpg'))).toBe(false);
      expect(existsSync(resolve(base, 'passwd.jpg'))).toBe(false);
    }
  });

  it('gives every upload its own name', async () => {
    const data = await noise(20, 20).png().toBuffer();
    const a = (await post([image(data)])).json().data.display_url;
    const b = (await post([image(data)])).json().data.display_url;
    expect(a).not.toBe(b);
  });
});

describe('POST /api/uploads: refused, nothing stored', () => {
  let corpus: Awaited<ReturnType<typeof attackCorpus>>;
  beforeAll(async () => {
    corpus = await attackCorpus();
  });

  it('refuses every attack file with its status and a message the form can show', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(10);
    for (const sample of corpus) {
      const res = await expectNothingStored(() => post([image(sample.data, sample.filename, sample.contentType)]));
      expect(res.statusCode, `${sample.name}: ${res.body}`).toBe(sample.status);
      const { error } = res.json();
      expect(error.message, sample.name).toMatch(sample.message);
      expect(error.code, sample.name).toEqual(expect.any(String));
    }
  });

  it('refuses an attack file sent with a path-traversal name', async () => {
    const php = corpus.find((s) => s.name.startsWith('PHP'))!;
    const res = await expectNothingStored(() => post([image(php.data, '../../../../tmp/shell.php')]));
    expect(res.statusCode).toBe(415);
    expect(existsSync(resolve(t.storage.publicDir, '../../../../tmp/shell.php'))).toBe(false);
  });

  it('400 when the field is missing', async () => {
    const jpeg = await noise(10, 10).jpeg().toBuffer();
    for (const parts of [
      [],
      [{ name: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }],
      [{ name: 'image', data: 'not a file' }],
    ] satisfies Part[][]) {
      const res = await expectNothingStored(() => post(parts));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(/field "image"/);
    }
  });

  it('400 for two files', async () => {
    const jpeg = await noise(10, 10).jpeg().toBuffer();
    const res = await expectNothingStored(() => post([image(jpeg, 'a.jpg'), image(jpeg, 'b.jpg')]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/one picture at a time/);
  });

  it('400 for an extra text field next to the picture', async () => {
    const jpeg = await noise(10, 10).jpeg().toBuffer();
    const res = await expectNothingStored(() => post([{ name: 'key', data: '../../x' }, image(jpeg)]));
    expect(res.statusCode, res.body).toBe(400);
  });

  it('415 for a body that is not multipart', async () => {
    const res = await expectNothingStored(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: guest.headers,
        payload: { image: 'data:image/png;base64,AAAA' },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/multipart/);
  });

  it('400 for a broken multipart body', async () => {
    const res = await expectNothingStored(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...guest.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
  });

  it('401 for anonymous callers, 400 for an unknown purpose', async () => {
    const jpeg = await noise(10, 10).jpeg().toBuffer();
    const anon = await expectNothingStored(() => post([image(jpeg)], {}));
    expect(anon.statusCode).toBe(401);
    const bad = await expectNothingStored(() => post([image(jpeg)], guest.headers, '?purpose=avatar'));
    expect(bad.statusCode).toBe(400);
  });
});

describe('documents (purpose=document)', () => {
  let url: string;
  beforeAll(async () => {
    const res = await post([image(await jpegWithExif(), 'id-card.jpg')], guest.headers, '?purpose=document');
    expect(res.statusCode, res.body).toBe(200);
    url = uploadResponseSchema.parse(res.json()).data.display_url;
  });

  it('is stored privately (never under /uploads) and answered as /api/documents/<key>', () => {
    expect(url).toMatch(/^\/api\/documents\//);
    const key = url.slice('/api/documents/'.length);
    expect(key).toMatch(DOCUMENT_KEY);
    const files = Object.keys(listFiles(t.storageDir));
    expect(files).toContain(`private/${key}`);
    expect(files.some((f) => f.startsWith('public/') && f.includes(key))).toBe(false);
  });

  it('streams to its owner, privately, re-encoded without EXIF', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: guest.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toMatch(/^image\/webp/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('streams to an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('403 for another signed-in user, 401 for anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(res.statusCode).toBe(403);
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('404 for unknown or malformed keys', async () => {
    const ownerTagOfGuest = url.slice('/api/documents/doc-'.length, '/api/documents/doc-'.length + 32);
    for (const [who, path] of [
      [guest, `/api/documents/doc-${ownerTagOfGuest}-${'0'.repeat(32)}.webp`],
      [admin, `/api/documents/doc-${'a'.repeat(32)}-${'0'.repeat(32)}.webp`],
      [admin, '/api/documents/..%2F..%2Fetc%2Fpasswd'],
      [admin, '/api/documents/passwd'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: who.headers });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('is not reachable under /uploads', async () => {
    const key = url.slice('/api/documents/'.length);
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: `/uploads/..%2Fprivate%2F${key}` });
    expect(traversal.statusCode).toBe(404);
  });

  it('refuses attack files as documents too, storing nothing', async () => {
    const corpus = await attackCorpus();
    for (const sample of corpus.slice(0, 4)) {
      const res = await expectNothingStored(() =>
        post([image(sample.data, sample.filename, sample.contentType)], guest.headers, '?purpose=document'),
      );
      expect(res.statusCode, sample.name).toBe(sample.status);
    }
  });
});
