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
