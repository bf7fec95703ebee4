import type { Readable } from 'node:stream';

export type Visibility = 'public' | 'private';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded and generated images live. Keys are server-generated
 * (never derived from a client's file name). Public objects are served under
 * `publicUrl(key)`; private ones only through an authorised route.
 */
export interface StorageProvider {
  put(key: string, data: Buffer, options: { contentType: string; visibility: Visibility }): Promise<void>;
  get(key: string, visibility: Visibility): Promise<StoredObject | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,199}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
