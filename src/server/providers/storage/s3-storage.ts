import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, type ObjectInfo, type StorageProvider, type Visibility } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** e.g. `us-east-1`; `auto` for Cloudflare R2. */
  region: string;
  /** Unset for AWS S3; the service's URL for R2, MinIO, Ceph (`https://<account>.r2.cloudflarestorage.com`). */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Ceph, most self-hosted services). */
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Written as the object's own Cache-Control, for anyone reading the bucket directly (a CDN with bucket access). */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/**
 * The object is not there: GetObject says NoSuchKey; HeadObject has no body, so only NotFound (404).
 * A missing bucket is NoSuchBucket on GET and fails loudly; HEAD cannot tell it from a missing object.
 */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

const quoted = (etag: string) => (etag.startsWith('"') || etag.startsWith('W/') ? etag : `"${etag}"`);

/**
 * Objects in one S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph) under `public/<key>` and
 * `private/<key>`, the layout of `diskStorage`. The bucket stays private: the app reads every object
 * with its credentials and serves public pictures at `/uploads/<key>` itself (ADR 0012).
 */
export function s3Storage(
  options: S3StorageOptions,
  publicPrefix = '/uploads/',
): StorageProvider & { destroy(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where the API requires them: the SDK's default CRC32 headers and trailers are not
    // understood by every S3-compatible service (older MinIO and Ceph, R2 in part). TLS guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string, visibility: Visibility) => {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  };
  const infoOf = (
    key: string,
    out: { ContentType?: string; ContentLength?: number; ETag?: string; LastModified?: Date },
  ): ObjectInfo => ({
    contentType: out.ContentType ?? contentTypeOf(key),
    size: out.ContentLength ?? 0,
    etag: quoted(out.ETag ?? ''),
    lastModified: out.LastModified ?? new Date(0),
  });

  return {
    async put(key, data, { contentType, visibility }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key, visibility),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: visibility === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE,
        }),
      );
    },
    async get(key, visibility) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key, visibility) }));
        if (!out.Body) return null;
        return { ...infoOf(key, out), body: out.Body as Readable };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async head(key, visibility) {
      try {
        return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key, visibility) })));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key, visibility) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key, visibility) }));
    },
    publicUrl: (key) => `${publicPrefix}${key}`,
    destroy: () => client.destroy(),
  };
}
