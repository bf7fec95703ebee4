/**
 * Image URL helpers shared by the client and the server.
 *
 * Demo and uploaded pictures are stored in two widths: `<name>-1280.webp` (detail
 * pages) and `<name>-640.webp` (cards). Any other URL (the placeholder SVG, an
 * external image) has no card-size sibling and is returned unchanged.
 */
const FULL_SIZE_SUFFIX = /-1280\.webp$/;

export const CARD_IMAGE_WIDTH = 640;
export const CARD_IMAGE_HEIGHT = 480;
export const FULL_IMAGE_WIDTH = 1280;
export const FULL_IMAGE_HEIGHT = 960;

/** The card-size (640 px) version of an image URL, or the URL itself when there is none. */
export function cardImage(url: string): string {
  const [path = '', ...rest] = url.split(/(?=[?#])/);
  if (!FULL_SIZE_SUFFIX.test(path)) return url;
  return path.replace(FULL_SIZE_SUFFIX, '-640.webp') + rest.join('');
}

/**
 * `srcSet`/`sizes` for a picture stored in both widths (640 and 1280 px), so the browser picks the
 * one the screen needs; nothing for a URL with a single size (the placeholder SVG, external images).
 */
export function responsiveImage(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const card = cardImage(url);
  if (card === url) return {};
  return { srcSet: `${card} ${CARD_IMAGE_WIDTH}w, ${url} ${FULL_IMAGE_WIDTH}w`, sizes };
}

/**
 * Share previews (og:image, twitter:image): a 1200×630 JPEG cover crop stored beside the two
 * WebP widths as `<name>-1200x630.jpg` (ADR 0022). JPEG because some chat apps' previewers still
 * ignore WebP. Pictures without a stored sibling (the placeholder SVG) share the site's card.
 */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SHARE_IMAGE_SUFFIX = '-1200x630.jpg';
/** The site-wide share card (served by the server's seo feature), for pages without a picture of their own. */
export const SITE_SHARE_IMAGE = '/og/stayhub-1200x630.jpg';

/** The 1200×630 share-preview version of a picture URL, or the site's share card when it has none. */
export function shareImage(url: string): string {
  const [path = ''] = url.split(/[?#]/);
  if (!path.startsWith('/uploads/') || !FULL_SIZE_SUFFIX.test(path)) return SITE_SHARE_IMAGE;
  return path.replace(FULL_SIZE_SUFFIX, SHARE_IMAGE_SUFFIX);
}
