/**
 * Share previews (og:image): every public picture `<name>-1280.webp` has a 1200×630 JPEG cover
 * crop `<name>-1200x630.jpg` beside it (ADR 0022). New uploads and demo pictures write it with
 * the other sizes; a picture stored before share crops existed gets it made from its 1280 px
 * rendition the first time someone asks for it (ensureShareImage), then it is an ordinary stored
 * object like the others, in whichever storage the app was given (disk or bucket).
 */
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_SUFFIX, SHARE_IMAGE_WIDTH } from '#shared/images';
import { MAX_UPLOAD_PIXELS } from '#shared/schemas/uploads';
import type { StorageProvider } from '#server/providers/storage/storage';
import { withSlot } from './image-pipeline';

const DETAIL_SUFFIX = '-1280.webp';
/** JPEG: WhatsApp, Slack, iMessage and Facebook previewers all read it; not all read WebP. */
const JPEG = { quality: 80, mozjpeg: true } as const;

/** The share crop's key of a 1280 px picture's key, or null for any other key. */
export function shareKeyOf(detailKey: string): string | null {
  return detailKey.endsWith(DETAIL_SUFFIX) ? detailKey.slice(0, -DETAIL_SUFFIX.length) + SHARE_IMAGE_SUFFIX : null;
}

/** The 1280 px picture a share crop is made from, or null when the key is not a share crop's. */
export function detailKeyOfShare(shareKey: string): string | null {
  return shareKey.endsWith(SHARE_IMAGE_SUFFIX) && shareKey.length > SHARE_IMAGE_SUFFIX.length
    ? shareKey.slice(0, -SHARE_IMAGE_SUFFIX.length) + DETAIL_SUFFIX
    : null;
}

/**
 * 1200×630 JPEG, filled (the middle of the picture, cut to 1.91:1; a small picture is enlarged,
 * since previewers want the full size). The source is always a picture this app already
 * re-encoded, but the decode limits stay as a second guard. Transparency is laid on white.
 */
export async function renderShareImage(source: Buffer): Promise<Buffer> {
  return withSlot(() =>
    sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
      .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg(JPEG)
      .toBuffer(),
  );
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Crops being made right now, by key: a burst of requests for one new preview makes it once. */
const making = new Map<string, Promise<boolean>>();

/**
 * Makes and stores the share crop `shareKey` from its 1280 px picture when it is not stored yet.
 * True when the crop exists afterwards; false when there is no such picture to make it from.
 * Only keys of pictures that exist can cause work, so a stranger cannot make the server store
 * anything new beyond one crop per existing picture.
 */
export async function ensureShareImage(storage: StorageProvider, shareKey: string): Promise<boolean> {
  const detailKey = detailKeyOfShare(shareKey);
  if (!detailKey) return false;
  const pending = making.get(shareKey);
  if (pending) return pending;
  const job = (async () => {
    if (await storage.head(shareKey, 'public')) return true;
    const source = await storage.get(detailKey, 'public');
    if (!source) return false;
    const data = await renderShareImage(await readAll(source.body));
    await storage.put(shareKey, data, { contentType: 'image/jpeg', visibility: 'public' });
    return true;
  })().finally(() => making.delete(shareKey));
  making.set(shareKey, job);
  return job;
}
