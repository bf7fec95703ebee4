/** The document title of a page (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · StayHub` : 'StayHub · Homes and stays for short trips'}</title>;
}
