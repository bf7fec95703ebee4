import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '#server/env';
import { startS3Server } from '#server/test/s3-server';
import { storageFromEnv } from './storage-from-env';

const problems = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
};

const r2 = {
  S3_BUCKET: 'stayhub-uploads',
  S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
  S3_REGION: 'auto',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 settings (env.ts)', () => {
  it('are all optional: without S3_BUCKET uploads stay on disk', () => {
    const env = loadEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
    expect(storageFromEnv(env, '/srv/stayhub').name).toBe(join('/srv/stayhub', 'uploads'));
  });

  it('take a complete R2/MinIO style configuration', () => {
    const env = loadEnv({ ...r2, S3_FORCE_PATH_STYLE: 'true' });
    expect(env).toMatchObject({ ...r2, S3_FORCE_PATH_STYLE: true });
    expect(storageFromEnv(env, './data').name).toBe('bucket stayhub-uploads (0123abcd.r2.cloudflarestorage.com)');
  });

  it('on AWS (no S3_ENDPOINT) may leave the keys to the instance or task role', () => {
    const env = loadEnv({ S3_BUCKET: 'stayhub-uploads', S3_REGION: 'eu-central-1' });
    expect(storageFromEnv(env, './data').name).toBe('bucket stayhub-uploads (AWS S3 eu-central-1)');
  });

  it('refuse S3_BUCKET without the settings it needs, naming each one', () => {
    expect(problems({ S3_BUCKET: 'stayhub-uploads' })).toEqual([expect.stringMatching(/^S3_REGION: is required/)]);
    expect(problems({ ...r2, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID: .*required with S3_ENDPOINT/),
    ]);
    expect(problems({ ...r2, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/),
    ]);
  });

  it('refuse S3 settings without S3_BUCKET (they would be ignored and uploads would go to disk)', () => {
    expect(problems({ S3_ENDPOINT: r2.S3_ENDPOINT, S3_REGION: 'auto' })).toEqual([
      expect.stringMatching(/^S3_BUCKET: is required when S3_ENDPOINT, S3_REGION are set/),
    ]);
    expect(problems({ S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      expect.stringMatching(/^S3_BUCKET: is required when S3_FORCE_PATH_STYLE is set/),
    ]);
    expect(problems({ S3_FORCE_PATH_STYLE: 'false' })).toEqual([]);
  });

  it('refuse malformed values', () => {
    const bad = problems({
      ...r2,
      S3_BUCKET: 'Uploads_Bucket',
      S3_ENDPOINT: 'minio:9000',
      S3_REGION: 'EU Central',
      S3_FORCE_PATH_STYLE: 'sometimes',
    });
    for (const key of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'])
      expect(
        bad.some((p) => p.startsWith(`${key}:`)),
        key,
      ).toBe(true);
    expect(problems({ ...r2, S3_ENDPOINT: 'ftp://files.example' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: must be an http\(s\) URL/),
    ]);
  });

  it('make a working bucket storage', async () => {
    const s3 = await startS3Server();
    const dataDir = mkdtempSync(join(tmpdir(), 'stayhub-env-'));
    const { storage } = storageFromEnv(
      loadEnv({
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
      dataDir,
    );
    try {
      await storage.put('a-1280.webp', Buffer.from('in the bucket'), {
        contentType: 'image/webp',
        visibility: 'public',
      });
      expect(await storage.head('a-1280.webp', 'public')).toMatchObject({ size: 13 });
    } finally {
      storage.destroy?.();
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
