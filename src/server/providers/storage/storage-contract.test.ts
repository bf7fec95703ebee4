/**
 * The contract every StorageProvider keeps, run against local disk and against a real
 * S3-protocol server (s3rver on 127.0.0.1, started by this file). The app relies on exactly
 * this: what `put` wrote is what `get` streams back, the two visibilities never mix, missing
 * objects are null, deleting is idempotent, and only server-made keys are accepted.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '#server/test/s3-server';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import type { StorageProvider } from './storage';

const read = async (body: Readable) => Buffer.concat((await body.toArray()) as Buffer[]);
const newKey = (suffix = '-1280.webp') => `${randomBytes(16).toString('hex')}${suffix}`;

interface Subject {
  storage: StorageProvider;
  close(): Promise<void>;
}

function storageContract(name: string, open: () => Promise<Subject>) {
  describe(`StorageProvider contract: ${name}`, () => {
    let subject: Subject;
    let storage: StorageProvider;
    beforeAll(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('get streams back exactly what put wrote, with its type, size, ETag and date; head tells the same without the bytes', async () => {
      const key = newKey();
      const data = randomBytes(1024 * 1024 + 17);
      const before = Date.now();
      await storage.put(key, data, { contentType: 'image/webp', visibility: 'public' });

      const object = await storage.get(key, 'public');
      expect(object).not.toBeNull();
      expect(await read(object!.body)).toEqual(data);
      expect(object).toMatchObject({ contentType: 'image/webp', size: data.length });
      expect(object!.etag).toMatch(/^"[^"]+"$/);
      expect(object!.lastModified).toBeInstanceOf(Date);
      // Second-resolution clocks (HTTP dates, S3) round down.
      expect(object!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);

      const info = await storage.head(key, 'public');
      expect(info).toEqual({
        contentType: 'image/webp',
        size: data.length,
        etag: object!.etag,
        lastModified: object!.lastModified,
      });
      expect(info).not.toHaveProperty('body');
    });

    it('keeps public and private apart: an object is found only on the side it was written to', async () => {
      const pub = newKey();
      const priv = `doc-${randomBytes(16).toString('hex')}-${randomBytes(16).toString('hex')}.webp`;
      await storage.put(pub, Buffer.from('public bytes'), { contentType: 'image/webp', visibility: 'public' });
      await storage.put(priv, Buffer.from('private bytes'), { contentType: 'image/webp', visibility: 'private' });
      expect(await storage.get(pub, 'private')).toBeNull();
      expect(await storage.head(pub, 'private')).toBeNull();
      expect(await storage.get(priv, 'public')).toBeNull();
      expect(await storage.head(priv, 'public')).toBeNull();
      expect((await read((await storage.get(priv, 'private'))!.body)).toString()).toBe('private bytes');
    });

    it('answers null for an object that is not there', async () => {
      const key = newKey();
      expect(await storage.get(key, 'public')).toBeNull();
      expect(await storage.head(key, 'public')).toBeNull();
      expect(await storage.get(key, 'private')).toBeNull();
    });

    it('a second put replaces the object as a whole, with a new ETag', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('first'), { contentType: 'image/webp', visibility: 'public' });
      const first = await storage.head(key, 'public');
      await storage.put(key, Buffer.from('second, longer'), { contentType: 'image/webp', visibility: 'public' });
      const second = await storage.get(key, 'public');
      expect((await read(second!.body)).toString()).toBe('second, longer');
      expect(second!.size).toBe(14);
      expect(second!.etag).not.toBe(first!.etag);
    });

    it('delete removes the object; deleting it again, or a missing one, is not an error', async () => {
      const key = newKey('-640.webp');
      await storage.put(key, Buffer.from('bye'), { contentType: 'image/webp', visibility: 'public' });
      await storage.delete(key, 'public');
      expect(await storage.get(key, 'public')).toBeNull();
      expect(await storage.head(key, 'public')).toBeNull();
      await expect(storage.delete(key, 'public')).resolves.toBeUndefined();
      await expect(storage.delete(newKey(), 'private')).resolves.toBeUndefined();
    });

    it('deleting on one side leaves the other side alone', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('stays'), { contentType: 'image/webp', visibility: 'public' });
      await storage.delete(key, 'private');
      expect(await storage.head(key, 'public')).not.toBeNull();
    });

    it('refuses keys the server does not make (paths, traversal, upper case, empty), writing nothing', async () => {
      for (const key of ['../escape.webp', 'a/b.webp', '..', '.hidden', 'UPPER.webp', '', 'x'.repeat(201), 'a\\b']) {
        await expect(
          storage.put(key, Buffer.from('x'), { contentType: 'image/webp', visibility: 'public' }),
          key,
        ).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key, 'public'), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.head(key, 'private'), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(key, 'public'), key).rejects.toThrow(/Unsafe storage key/);
      }
    });

    it('takes many writes at once', async () => {
      const items = Array.from({ length: 12 }, (_, i) => ({ key: newKey(), data: randomBytes(2000 + i) }));
      await Promise.all(
        items.map((it) => storage.put(it.key, it.data, { contentType: 'image/webp', visibility: 'public' })),
      );
      for (const item of items) expect(await read((await storage.get(item.key, 'public'))!.body)).toEqual(item.data);
    });

    it('names public objects /uploads/<key>, the URL the app serves them at', () => {
      expect(storage.publicUrl('abc-1280.webp')).toBe('/uploads/abc-1280.webp');
    });
  });
}

let diskRoot: string;
storageContract('disk', async () => {
  diskRoot = mkdtempSync(join(tmpdir(), 'stayhub-contract-'));
  return { storage: diskStorage(diskRoot), close: async () => rmSync(diskRoot, { recursive: true, force: true }) };
});

let s3: TestS3;
storageContract('S3 (s3rver)', async () => {
  s3 = await startS3Server();
  const storage = s3Storage(s3.options);
  return {
    storage,
    close: async () => {
      storage.destroy();
      await s3.stop();
    },
  };
});

describe('where each provider puts the bytes', () => {
  it('disk: <root>/public/<key> and <root>/private/<key>, nothing left behind by the write', async () => {
    const root = mkdtempSync(join(tmpdir(), 'stayhub-disk-'));
    try {
      const storage = diskStorage(root);
      await storage.put('a-1280.webp', Buffer.from('pub'), { contentType: 'image/webp', visibility: 'public' });
      await storage.put('b.webp', Buffer.from('priv'), { contentType: 'image/webp', visibility: 'private' });
      expect(readFileSync(join(root, 'public', 'a-1280.webp'), 'utf8')).toBe('pub');
      expect(readFileSync(join(root, 'private', 'b.webp'), 'utf8')).toBe('priv');
      expect(existsSync(join(root, 'public', 'b.webp'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  describe('S3', () => {
    let server: TestS3;
    let raw: S3Client;
    beforeAll(async () => {
      server = await startS3Server('stayhub-layout');
      raw = new S3Client({ ...server.options });
    });
    afterAll(async () => {
      raw?.destroy();
      await server?.stop();
    });

    it('listens on 127.0.0.1 only', () => {
      expect(new URL(server.endpoint).hostname).toBe('127.0.0.1');
    });

    it('public/<key> with a one-year immutable Cache-Control, private/<key> with no-store', async () => {
      const storage = s3Storage(server.options);
      try {
        await storage.put('a-1280.webp', Buffer.from('pub'), { contentType: 'image/webp', visibility: 'public' });
        await storage.put('b.webp', Buffer.from('priv'), { contentType: 'image/webp', visibility: 'private' });
        const pub = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: 'public/a-1280.webp' }));
        expect(await pub.Body!.transformToString()).toBe('pub');
        expect(pub.CacheControl).toBe('public, max-age=31536000, immutable');
        expect(pub.ContentType).toBe('image/webp');
        const priv = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: 'private/b.webp' }));
        expect(await priv.Body!.transformToString()).toBe('priv');
        expect(priv.CacheControl).toBe('private, no-store');
      } finally {
        storage.destroy();
      }
    });

    it('fails loudly (not "missing") when the bucket does not exist', async () => {
      const noBucket = s3Storage({ ...server.options, bucket: 'no-such-bucket' });
      try {
        await expect(noBucket.get('a-1280.webp', 'public')).rejects.toMatchObject({ name: 'NoSuchBucket' });
        await expect(
          noBucket.put('a-1280.webp', Buffer.from('x'), { contentType: 'image/webp', visibility: 'public' }),
        ).rejects.toMatchObject({ name: 'NoSuchBucket' });
      } finally {
        noBucket.destroy();
      }
    });
  });
});
