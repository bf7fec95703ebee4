import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, SITE_SHARE_IMAGE } from '#shared/images';
import { absoluteUrl } from '#shared/structured-data';
import { TEXTS } from '#shared/texts';
import { documentTitle } from '../page-title';
import { useSiteOrigin } from './site-origin';

/** Search engines show about this many characters of a description; longer ones are cut at a word. */
export const DESCRIPTION_MAX = 160;

/** A description for a meta tag: one line, at most DESCRIPTION_MAX characters, cut at a word with "…". */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface PageMetaProps {
  /** The page's own title ("All homes"); the document title adds " · StayHub". None: the site's title. */
  title?: string;
  /** og:title and twitter:title when they should say more than the title (a home's city). */
  shareTitle?: string;
  description: string;
  /** The page's canonical path and query ("/details/<id>"); made absolute with the site's origin. */
  path: string;
  /** A 1200×630 picture for share previews (a path or URL); none: the site's share card. */
  image?: { url: string; alt: string };
  /** og:type: a home's page is a place people book, still a "website" in Open Graph's short list. */
  type?: 'website' | 'article';
  /** Pages that must not be indexed (not-found). */
  noindex?: boolean;
}

/**
 * Everything a page says about itself in <head>: title, description, canonical link, Open Graph and
 * Twitter card. React 19 hoists these elements into <head>, on the server (ssr) and in the browser,
 * and removes them when the page unmounts, so each page renders exactly one <PageMeta>.
 */
export function PageMeta({
  title,
  shareTitle: shareTitleProp,
  description,
  path,
  image,
  type = 'website',
  noindex = false,
}: PageMetaProps) {
  const origin = useSiteOrigin();
  const fullTitle = documentTitle(title);
  const shareTitle = shareTitleProp ?? title ?? fullTitle;
  const text = metaDescription(description);
  const url = absoluteUrl(origin, path);
  const picture = absoluteUrl(origin, image?.url ?? SITE_SHARE_IMAGE);
  const alt = image?.alt ?? `${TEXTS.brand}: homes and stays for short trips`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={TEXTS.brand} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={shareTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={picture} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_WIDTH)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_HEIGHT)} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={shareTitle} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={picture} />
      <meta name="twitter:image:alt" content={alt} />
    </>
  );
}
