import { TEXTS } from '#shared/texts';

/** "All homes · StayHub"; without a page title, the site's own. */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${TEXTS.brand}` : `${TEXTS.brand} · Homes and stays for short trips`;
}

/**
 * The document title of a signed-in or private page (React 19 hoists <title> into <head>).
 * Public pages use <PageMeta> (components/seo), which adds the description, canonical and share tags.
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{documentTitle(title)}</title>;
}
