import { resolve } from 'node:path';
import type { Env } from '#server/env';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import type { StorageProvider } from './storage';

/** An S3-compatible bucket when S3_BUCKET is set (env.ts checks the keys it needs), else `DATA_DIR/uploads` on disk. */
export function storageFromEnv(
  env: Pick<
    Env,
    'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
  >,
  dataDir: string,
): { storage: StorageProvider & { destroy?(): void }; name: string } {
  if (env.S3_BUCKET) {
    if (!env.S3_REGION) throw new Error('S3_REGION is required with S3_BUCKET');
    const storage = s3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
    const where = env.S3_ENDPOINT ? `${new URL(env.S3_ENDPOINT).host}` : `AWS S3 ${env.S3_REGION}`;
    return { storage, name: `bucket ${env.S3_BUCKET} (${where})` };
  }
  const dir = resolve(dataDir, 'uploads');
  return { storage: diskStorage(dir), name: dir };
}
