/**
 * Every public picture `<name>-1280.webp` has renditions made from it and stored beside it: the
 * 960 px WebP of the srcset (for screens that need more than the 640 px card and less than 1280)
 * and the 1200×630 JPEG share crop (ADR 0022). New uploads and demo pictures write them with the
 * other sizes. A picture stored before a rendition existed gets it made from its 1280 px picture
 * the first time someone asks for it (ensureDerivedImage); then it is an ordinary stored object
 * like the others, in whichever storage the app was given (disk or bucket).
 */
import sharp from 'sharp';
import { MEDIUM_IMAGE_SUFFIX, MEDIUM_IMAGE_WIDTH, SHARE_IMAGE_SUFFIX } from '#shared/images';
import { MAX_UPLOAD_PIXELS } from '#shared/schemas/uploads';
import type { StorageProvider } from '#server/providers/storage/storage';
import { DECODE_TIMEOUT_SECONDS, WEBP, withSlot } from './image-pipeline';
import { renderShareImage } from './share-image';

const DETAIL_SUFFIX = '-1280.webp';

/**
 * The 960 px rendition of a 1280 px picture, as an upload makes it (fitted inside 960×960, never
 * enlarged). The source is a picture this app already re-encoded; the decode limit stays as a guard.
 */
async function renderMediumImage(detail: Buffer): Promise<Buffer> {
  return withSlot(() =>
    sharp(detail, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .resize({ width: MEDIUM_IMAGE_WIDTH, height: MEDIUM_IMAGE_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer(),
  );
}

const RENDITIONS = [
  { suffix: MEDIUM_IMAGE_SUFFIX, contentType: 'image/webp', render: renderMediumImage },
  { suffix: SHARE_IMAGE_SUFFIX, contentType: 'image/jpeg', render: renderShareImage },
] as const;

/** The keys of the renditions made from a 1280 px picture's key; none for any other key. */
export function derivedKeysOf(detailKey: string): string[] {
  if (!detailKey.endsWith(DETAIL_SUFFIX) || detailKey.length === DETAIL_SUFFIX.length) return [];
  const base = detailKey.slice(0, -DETAIL_SUFFIX.length);
  return RENDITIONS.map((r) => base + r.suffix);
}

/** Which rendition `key` is and the 1280 px picture it is made from, or null for any other key. */
function renditionOf(key: string): { detailKey: string; rendition: (typeof RENDITIONS)[number] } | null {
  const rendition = RENDITIONS.find((r) => key.endsWith(r.suffix) && key.length > r.suffix.length);
  return rendition ? { detailKey: key.slice(0, -rendition.suffix.length) + DETAIL_SUFFIX, rendition } : null;
}

/** The 1280 px picture a rendition is made from, or null when the key is not a rendition's. */
export function detailKeyOfDerived(key: string): string | null {
  return renditionOf(key)?.detailKey ?? null;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Renditions being made right now, by key: a burst of first requests for one makes it once. */
const making = new Map<string, Promise<boolean>>();

/**
 * Makes and stores the rendition `key` from its 1280 px picture when it is not stored yet. True
 * when it exists afterwards; false when there is no such picture to make it from. Only keys of
 * pictures that exist can cause work, so a stranger cannot make the server store anything beyond
 * one of each rendition per existing picture.
 */
export async function ensureDerivedImage(storage: StorageProvider, key: string): Promise<boolean> {
  const found = renditionOf(key);
  if (!found) return false;
  const pending = making.get(key);
  if (pending) return pending;
  const job = (async () => {
    if (await storage.head(key, 'public')) return true;
    const source = await storage.get(found.detailKey, 'public');
    if (!source) return false;
    const data = await found.rendition.render(await readAll(source.body));
    await storage.put(key, data, { contentType: found.rendition.contentType, visibility: 'public' });
    return true;
  })().finally(() => making.delete(key));
  making.set(key, job);
  return job;
}
