import { createHash, randomBytes } from 'node:crypto';
import { MEDIUM_IMAGE_SUFFIX, MEDIUM_IMAGE_WIDTH } from '#shared/images';
import { DOCUMENT_KEY, UPLOADED_IMAGE_URL, type UploadPurpose, type UploadResponse } from '#shared/schemas/uploads';
import type { Db } from '#server/db/client';
import { uploads } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import type { StorageProvider, Visibility } from '#server/providers/storage/storage';
import { processImage } from './image-pipeline';
import { derivedKeysOf } from './derived-images';
import { renderShareImage, shareKeyOf } from './share-image';

const DETAIL_SIDE = 1280;
const CARD_SIDE = 640;
const DOCUMENT_SIDE = 1600;

const newKey = () => randomBytes(16).toString('hex');

/**
 * Documents are private and only their owner (or an admin) may read them. The
 * owner is recorded in the key itself, as a hash of the user id: keys are only
 * ever made here, from the session's user, and private objects are written by
 * no one else, so an existing key is proof of who uploaded it. No table, and
 * the id itself is not exposed in the URL.
 */
export function ownerTag(userId: string): string {
  return createHash('sha256').update(`stayhub-document-owner:${userId}`).digest('hex').slice(0, 32);
}

function documentUrl(key: string): string {
  return `/api/documents/${key}`;
}

/** The owner tag of a document key, or null when the key is not one the server makes. */
export function documentOwnerTag(key: string): string | null {
  return DOCUMENT_KEY.test(key) ? key.slice(4, 36) : null;
}

/**
 * Is `url` a document uploaded by this user (`/api/documents/<key>` with their
 * owner tag)? For the host request, so nobody files someone else's document.
 */
export function isOwnDocumentUrl(url: string, userId: string): boolean {
  const prefix = '/api/documents/';
  return url.startsWith(prefix) && documentOwnerTag(url.slice(prefix.length)) === ownerTag(userId);
}

/** The storage key of a picture URL made by the upload endpoint (`/uploads/<key>`), or null. */
export function uploadedImageKey(url: string): string | null {
  return UPLOADED_IMAGE_URL.test(url) ? url.slice('/uploads/'.length) : null;
}

/** Is this uploaded picture really in storage? */
export async function uploadedImageExists(storage: StorageProvider, url: string): Promise<boolean> {
  const key = uploadedImageKey(url);
  if (!key) return false;
  return (await storage.head(key, 'public')) !== null;
}

/**
 * Checks, re-encodes and stores one upload. Nothing is written unless the
 * picture passed every check; if a write fails, what was written is removed.
 */
async function storeUpload(
  storage: StorageProvider,
  bytes: Buffer,
  options: { purpose: UploadPurpose; userId: string },
): Promise<UploadResponse> {
  if (options.purpose === 'document') {
    const [doc] = await processImage(bytes, [DOCUMENT_SIDE]);
    const key = `doc-${ownerTag(options.userId)}-${newKey()}.webp`;
    await storage.put(key, doc!.data, { contentType: 'image/webp', visibility: 'private' });
    return { data: { display_url: documentUrl(key) }, width: doc!.width, height: doc!.height };
  }

  const [detail, medium, card] = await processImage(bytes, [DETAIL_SIDE, MEDIUM_IMAGE_WIDTH, CARD_SIDE]);
  // The share preview (og:image) comes from the clean, already-oriented largest rendition.
  const share = await renderShareImage(detail!.data);
  const base = newKey();
  const detailKey = `${base}-${DETAIL_SIDE}.webp`;
  const written: string[] = [];
  try {
    for (const [key, data, contentType] of [
      [detailKey, detail!.data, 'image/webp'],
      [`${base}${MEDIUM_IMAGE_SUFFIX}`, medium!.data, 'image/webp'],
      [`${base}-${CARD_SIDE}.webp`, card!.data, 'image/webp'],
      [shareKeyOf(detailKey)!, share, 'image/jpeg'],
    ] as const) {
      await storage.put(key, data, { contentType, visibility: 'public' });
      written.push(key);
    }
  } catch (err) {
    await Promise.allSettled(written.map((key) => storage.delete(key, 'public')));
    throw err;
  }
  return {
    data: { display_url: storage.publicUrl(`${base}-${DETAIL_SIDE}.webp`) },
    width: detail!.width,
    height: detail!.height,
  };
}

/** The storage keys and visibility of the files behind an upload's URL. */
function filesOf(url: string): { keys: string[]; visibility: Visibility } | null {
  const image = uploadedImageKey(url);
  if (image) {
    const base = image.slice(0, -`-${DETAIL_SIDE}.webp`.length);
    return { keys: [image, `${base}-${CARD_SIDE}.webp`, ...derivedKeysOf(image)], visibility: 'public' };
  }
  const prefix = '/api/documents/';
  if (url.startsWith(prefix) && documentOwnerTag(url.slice(prefix.length))) {
    return { keys: [url.slice(prefix.length)], visibility: 'private' };
  }
  return null;
}

/**
 * storeUpload, then a row in `uploads` (who, when, which files), so the uploads
 * sweeper can remove it if nothing ever uses it. If the row cannot be written,
 * the files are removed and the error goes on.
 */
export async function storeAndRecordUpload(
  deps: { storage: StorageProvider; db: Db; clock: Clock },
  bytes: Buffer,
  options: { purpose: UploadPurpose; userId: string },
): Promise<UploadResponse> {
  const result = await storeUpload(deps.storage, bytes, options);
  const url = result.data.display_url;
  const files = filesOf(url)!;
  try {
    await deps.db.insert(uploads).values({ url, ...files, userId: options.userId, createdAt: deps.clock.now() });
  } catch (err) {
    await Promise.allSettled(files.keys.map((key) => deps.storage.delete(key, files.visibility)));
    throw err;
  }
  return result;
}
