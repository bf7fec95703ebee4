import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { s3Storage, type S3StorageOptions } from '../providers/storage/s3-storage';

/** s3rver's one built-in account; requests signed with other keys are refused. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** Settings for `s3Storage` pointing at this server. */
  options: S3StorageOptions;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, files in a temporary directory) on 127.0.0.1 and a free port,
 * with one empty bucket. Call `stop()` when done (`useS3Server` does it after the file).
 */
export async function startS3Server(bucket = 'stayhub-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'stayhub-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  server.silent = true;
  const { address, port } = await server.run();
  if (address !== '127.0.0.1') throw new Error(`s3rver listens on ${address}, not on loopback`);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    options: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { ...S3RVER_CREDENTIALS } },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Starts an S3 server before this file's tests and stops it after them, with an `s3Storage` on it.
 * Register it before `useTestApp`, so the server is up when the app is built and stops after the app.
 */
export function useS3Server(bucket?: string) {
  const holder = {} as { s3: TestS3; storage: ReturnType<typeof s3Storage> };
  beforeAll(async () => {
    holder.s3 = await startS3Server(bucket);
    holder.storage = s3Storage(holder.s3.options);
  });
  afterAll(async () => {
    holder.storage?.destroy();
    await holder.s3?.stop();
  });
  return holder;
}
