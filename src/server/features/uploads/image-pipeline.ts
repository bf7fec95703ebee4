/**
 * Turns untrusted uploaded bytes into clean WebP pictures, or refuses them.
 *
 * Order matters, each step guarding the next:
 *   1. the type is decided by the first bytes (JPEG, PNG, WebP), never by the
 *      file name or the declared type; SVG, HTML, PHP and the rest stop here
 *      and never reach a decoder;
 *   2. the header's dimensions are read (no pixel decoding) and anything above
 *      MAX_UPLOAD_PIXELS is refused before it can be decoded (pixel bombs);
 *   3. the whole image is decoded with sharp's `limitInputPixels` as a second
 *      guard and `failOn: 'warning'`, so truncated or corrupt data is refused;
 *   4. it is rotated by its EXIF orientation, resized and re-encoded to WebP.
 *      sharp writes no metadata unless asked, so EXIF, GPS, XMP, ICC and any
 *      bytes appended to the file (polyglot payloads) are gone.
 */
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '#shared/schemas/uploads';
import { invalid, tooLarge, unsupported } from '#server/domain-errors';

export type ImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type told by the file's magic bytes, or null for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

const unsupportedImage = () =>
  unsupported('Only JPEG, PNG or WebP pictures can be uploaded.', 'unsupported_media_type');
const damagedImage = () =>
  invalid('The picture is damaged or incomplete and could not be read. Try another file.', 'invalid_image');
const tooManyPixels = (width: number, height: number) =>
  tooLarge(
    `The picture is too large (${width}×${height}): at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`,
    'image_too_large',
  );
export const tooManyBytes = () =>
  tooLarge(`The file is too large: at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`, 'file_too_large');

export interface Rendition {
  /** Longest side the picture is fitted into (never enlarged). */
  maxSide: number;
  data: Buffer;
  width: number;
  height: number;
}

export const WEBP = { quality: 82, effort: 4 } as const;
export const DECODE_TIMEOUT_SECONDS = 20;

/** At most this many pictures are decoded at once (uploads, and the 960 px pictures and share crops made on request): a 40 MP decode holds ~160 MB. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

export async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Checks and re-encodes one uploaded picture into the given sizes (largest
 * first is fastest: smaller sizes are made from the largest rendition).
 * Throws a DomainError (unsupported, too_large or invalid: 415, 413 or 400) for anything that is not a sound
 * JPEG, PNG or WebP within the limits.
 */
export async function processImage(bytes: Buffer, maxSides: readonly number[]): Promise<Rendition[]> {
  if (bytes.length === 0) throw invalid('The file is empty.', 'invalid_image');
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooManyBytes();
  const type = sniffImageType(bytes);
  if (!type) throw unsupportedImage();

  // Header only: the dimensions are known before a single pixel is decoded.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw damagedImage();
  }
  if (header.format !== type) throw unsupportedImage();
  const { width, height } = header;
  if (!width || !height) throw damagedImage();
  if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels(width, height);

  const sides = [...maxSides].sort((a, b) => b - a);
  return withSlot(async () => {
    const out: Rendition[] = [];
    let source = bytes;
    let first = true;
    for (const maxSide of sides) {
      try {
        const { data, info } = await sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
          .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
          .rotate() // apply the EXIF orientation, then drop it with the rest of the metadata
          .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true });
        out.push({ maxSide, data, width: info.width, height: info.height });
        // Smaller sizes come from the clean, already-oriented largest one.
        if (first) source = data;
        first = false;
      } catch (err) {
        if (first) {
          if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels(width, height);
          throw damagedImage();
        }
        throw err;
      }
    }
    return out;
  });
}
