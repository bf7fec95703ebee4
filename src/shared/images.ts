/**
 * Image URL helpers shared by the client and the server.
 *
 * Demo and uploaded pictures are stored in three widths: `<name>-1280.webp` (detail
 * pages), `<name>-960.webp` (a step between, for phones and tablets whose screens need
 * more than 640 px and less than 1280) and `<name>-640.webp` (cards). Any other URL
 * (the placeholder SVG, an external image) has no sibling and is returned unchanged.
 */
const FULL_SIZE_SUFFIX = /-1280\.webp$/;

export const CARD_IMAGE_WIDTH = 640;
export const CARD_IMAGE_HEIGHT = 480;
export const MEDIUM_IMAGE_WIDTH = 960;
export const MEDIUM_IMAGE_SUFFIX = '-960.webp';
export const FULL_IMAGE_WIDTH = 1280;
export const FULL_IMAGE_HEIGHT = 960;

/** The sibling of a 1280 px picture URL with another suffix, or the URL itself when it has none. */
function sibling(url: string, suffix: string): string {
  const [path = '', ...rest] = url.split(/(?=[?#])/);
  if (!FULL_SIZE_SUFFIX.test(path)) return url;
  return path.replace(FULL_SIZE_SUFFIX, suffix) + rest.join('');
}

/** The card-size (640 px) version of an image URL, or the URL itself when there is none. */
export function cardImage(url: string): string {
  return sibling(url, '-640.webp');
}

/** The 960 px version of an image URL, or the URL itself when there is none. */
export function mediumImage(url: string): string {
  return sibling(url, MEDIUM_IMAGE_SUFFIX);
}

/**
 * `srcSet`/`sizes` for a picture stored in its three widths (640, 960 and 1280 px), so the browser
 * picks the one the screen needs; nothing for a URL with a single size (the placeholder SVG,
 * external images).
 */
export function responsiveImage(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const card = cardImage(url);
  if (card === url) return {};
  return {
    srcSet: `${card} ${CARD_IMAGE_WIDTH}w, ${mediumImage(url)} ${MEDIUM_IMAGE_WIDTH}w, ${url} ${FULL_IMAGE_WIDTH}w`,
    sizes,
  };
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
