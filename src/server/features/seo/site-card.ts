/**
 * The site's own share card (og:image of pages without a picture of their own: /, /all-home,
 * /terms...), 1200×630 JPEG. Drawn by StayHub like the demo pictures (a villa by the sea at golden
 * hour, no text: fonts differ from machine to machine), rendered once per process on first use.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/images';
import { exteriorSvg } from '#server/seed/demo-images';

export interface SiteCard {
  data: Buffer;
  etag: string;
}

let card: Promise<SiteCard> | null = null;

export function siteCard(): Promise<SiteCard> {
  card ??= (async () => {
    const svg = exteriorSvg({ seed: 2026, building: 'villa', backdrop: 'sea', time: 'golden' });
    const data = await sharp(Buffer.from(svg))
      .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { data, etag: `"${createHash('sha256').update(data).digest('hex').slice(0, 32)}"` };
  })().catch((err: unknown) => {
    card = null; // a failure is not remembered: the next request tries again
    throw err;
  });
  return card;
}
