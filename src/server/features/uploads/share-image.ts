/**
 * Share previews (og:image): every public picture `<name>-1280.webp` has a 1200×630 JPEG cover
 * crop `<name>-1200x630.jpg` beside it (ADR 0022), one of the renditions of derived-images.ts.
 */
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_SUFFIX, SHARE_IMAGE_WIDTH } from '#shared/images';
import { MAX_UPLOAD_PIXELS } from '#shared/schemas/uploads';
import { withSlot } from './image-pipeline';

const DETAIL_SUFFIX = '-1280.webp';
/** JPEG: WhatsApp, Slack, iMessage and Facebook previewers all read it; not all read WebP. */
const JPEG = { quality: 80, mozjpeg: true } as const;

/** The share crop's key of a 1280 px picture's key, or null for any other key. */
export function shareKeyOf(detailKey: string): string | null {
  return detailKey.endsWith(DETAIL_SUFFIX) ? detailKey.slice(0, -DETAIL_SUFFIX.length) + SHARE_IMAGE_SUFFIX : null;
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
