import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediumImage } from '#shared/images';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { jpegWithExif, noise, pngWithAlpha } from './fixtures/corpus';
import { listFiles, uploadPicture } from './fixtures/multipart';
import { derivedKeysOf, detailKeyOfDerived } from './derived-images';
import { renderShareImage, shareKeyOf } from './share-image';

const t = useTestApp();

let host: SignedIn;
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
});

async function upload(data: Buffer, contentType = 'image/jpeg'): Promise<string> {
  t.clock.advance(4_000); // stays under 20 uploads a minute
  return uploadPicture(t.app, host, data, contentType);
}

const shareUrl = (url: string) => url.replace('-1280.webp', '-1200x630.jpg');
const onDisk = (url: string) => join(t.storageDir, 'public', url.slice('/uploads/'.length));

async function expectShareJpeg(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  expect(meta.exif).toBeUndefined();
  return res;
}

describe('share crop keys', () => {
  it('pairs a 1280 px picture with its 1200×630 JPEG', () => {
    expect(shareKeyOf('abc-1280.webp')).toBe('abc-1200x630.jpg');
    expect(detailKeyOfDerived('abc-1200x630.jpg')).toBe('abc-1280.webp');
    expect(shareKeyOf('abc-640.webp')).toBeNull();
    expect(detailKeyOfDerived('abc-640.webp')).toBeNull();
    expect(detailKeyOfDerived('-1200x630.jpg')).toBeNull();
  });
});

describe('renderShareImage', () => {
  it('fills 1200×630 from a tall, a small and a transparent picture', async () => {
    for (const source of [await jpegWithExif(), await noise(80, 60).png().toBuffer(), await pngWithAlpha()]) {
      const meta = await sharp(await renderShareImage(source)).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 1200, 630, false]);
    }
  });
});

describe('GET /uploads/<name>-1200x630.jpg', () => {
  it('is stored with every new upload and served as a 1200×630 JPEG', async () => {
    const url = await upload(await jpegWithExif());
    expect(existsSync(onDisk(shareUrl(url)))).toBe(true);
    await expectShareJpeg(shareUrl(url));
  });

  it('is made on the first request for a picture stored before share crops existed, then stored', async () => {
    const url = await upload(await noise(300, 200).png().toBuffer(), 'image/png');
    rmSync(onDisk(shareUrl(url))); // as stored before ADR 0022
    const head = await t.app.inject({ method: 'HEAD', url: shareUrl(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(existsSync(onDisk(shareUrl(url)))).toBe(true);
    const first = await expectShareJpeg(shareUrl(url));
    // Made once: later answers are the stored object (same validator).
    const again = await t.app.inject({
      method: 'GET',
      url: shareUrl(url),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('makes one crop for a burst of first requests', async () => {
    const url = await upload(await noise(300, 200).png().toBuffer(), 'image/png');
    rmSync(onDisk(shareUrl(url)));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: shareUrl(url) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it('404 and nothing stored for a picture that does not exist or is not public', async () => {
    const before = listFiles(t.storageDir);
    for (const url of [
      `/uploads/${'0'.repeat(32)}-1200x630.jpg`,
      '/uploads/-1200x630.jpg',
      `/uploads/doc-${'a'.repeat(32)}-${'0'.repeat(32)}-1200x630.jpg`,
      '/uploads/..%2Fprivate%2Fx-1200x630.jpg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(listFiles(t.storageDir)).toEqual(before);
  });
});

async function expectWebp(url: string, width: number, height: number) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', width, height, undefined]);
  return res;
}

describe('rendition keys', () => {
  it('pairs a 1280 px picture with its 960 px picture and its share crop, and back', () => {
    expect(derivedKeysOf('abc-1280.webp')).toEqual(['abc-960.webp', 'abc-1200x630.jpg']);
    expect(detailKeyOfDerived('abc-960.webp')).toBe('abc-1280.webp');
    expect(detailKeyOfDerived('abc-1200x630.jpg')).toBe('abc-1280.webp');
    expect(derivedKeysOf('abc-640.webp')).toEqual([]);
    expect(derivedKeysOf('-1280.webp')).toEqual([]);
    expect(detailKeyOfDerived('abc-640.webp')).toBeNull();
    expect(detailKeyOfDerived('-960.webp')).toBeNull();
  });
});

describe('GET /uploads/<name>-960.webp', () => {
  // Its sizes for upright, small and transparent pictures: uploads-routes.test.ts.
  it('is stored with every new upload', async () => {
    const wide = await upload(await noise(2400, 1600).jpeg().toBuffer());
    expect(existsSync(onDisk(mediumImage(wide)))).toBe(true);
    await expectWebp(mediumImage(wide), 960, 640);
  });

  it('is made on the first request for a picture stored before it existed, then stored', async () => {
    const url = await upload(await noise(1600, 1200).jpeg().toBuffer());
    rmSync(onDisk(mediumImage(url))); // as stored before the 960 px size
    const head = await t.app.inject({ method: 'HEAD', url: mediumImage(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(existsSync(onDisk(mediumImage(url)))).toBe(true);
    const first = await expectWebp(mediumImage(url), 960, 720);
    const again = await t.app.inject({
      method: 'GET',
      url: mediumImage(url),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('404 and nothing stored for a picture that does not exist', async () => {
    const before = listFiles(t.storageDir);
    for (const url of [`/uploads/${'0'.repeat(32)}-960.webp`, '/uploads/-960.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(listFiles(t.storageDir)).toEqual(before);
  });
});
