import type { Readable } from 'node:stream';

export type Visibility = 'public' | 'private';

/** What is known about a stored object without reading it. */
export interface ObjectInfo {
  contentType: string;
  size: number;
  /** A strong validator of the bytes, quoted as HTTP wants it (`"…"`). */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/**
 * Where uploaded and generated images live: local disk (`diskStorage`, the default) or an
 * S3-compatible bucket (`s3Storage`). Keys are server-generated (never derived from a client's
 * file name) and never reused for other bytes. The app serves public objects at
 * `publicUrl(key)` (`/uploads/<key>`, streamed from `get`), private ones only through an
 * authorised route; neither provider exposes its own URLs.
 */
export interface StorageProvider {
  /** Writes the whole object; a reader never sees part of it. */
  put(key: string, data: Buffer, options: { contentType: string; visibility: Visibility }): Promise<void>;
  /** The object and its bytes as a stream (destroy the stream if you stop reading), or null when there is none. */
  get(key: string, visibility: Visibility): Promise<StoredObject | null>;
  /** The object's metadata without its bytes, or null when there is none. */
  head(key: string, visibility: Visibility): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string, visibility: Visibility): Promise<void>;
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,199}$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** The content type a key's extension stands for. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
