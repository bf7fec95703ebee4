/**
 * robots.txt and the sitemaps (issue 13, ADR 0022).
 *
 * /sitemap.xml is an index of /sitemap-homes-<n>.xml pages. Page n lists the homes whose `seq`
 * (insertion order, never reused, homes_seq_unique) falls in a fixed range, so:
 *   - each page is one range read of that index, at any table size (no OFFSET walk);
 *   - the index needs only max(seq), one index probe, to know how many pages there are;
 *   - a home stays on the same page for ever, so crawlers' knowledge of a page stays useful.
 * Page 1 also carries the public pages, and every range is shifted by their number, so no page
 * ever holds more than SITEMAP_MAX_URLS. Deleted homes leave gaps: a page may hold fewer.
 */
import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { homes } from '#server/db/schema';

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages worth indexing besides each home (the spec's public routes without their query-only variants). */
export const PUBLIC_PAGES = ['/', '/all-home', '/terms', '/coming-soon'] as const;

const HOMES_PER_PAGE = SITEMAP_MAX_URLS;
const SHIFT = PUBLIC_PAGES.length;

/** The seq range (lo, hi] of page n: page 1 leaves room for the public pages. */
function seqRange(page: number): { after: number; upTo: number } {
  return { after: (page - 1) * HOMES_PER_PAGE - SHIFT, upTo: page * HOMES_PER_PAGE - SHIFT };
}

/** How many pages: enough to reach the highest seq; at least one (the public pages). */
function pageCount(maxSeq: number | null): number {
  return Math.max(1, Math.ceil(((maxSeq ?? 0) + SHIFT) / HOMES_PER_PAGE));
}

async function sitemapPageCount(db: Db): Promise<number> {
  // max() over the unique index on seq: PostgreSQL answers it from the index's last entry.
  const [row] = await db.select({ maxSeq: sql<string | null>`max(${homes.seq})` }).from(homes);
  return pageCount(row?.maxSeq == null ? null : Number(row.maxSeq));
}

export interface SitemapUrl {
  loc: string;
  /** W3C date-time, e.g. 2026-11-20T08:30:00Z. */
  lastmod?: string;
}

/**
 * The homes of one page, in seq order: one range scan of homes_seq_unique. The date comes as
 * text made by PostgreSQL: 50,000 Date objects parsed and printed again cost more than the query.
 */
async function homesOfPage(db: Db, page: number): Promise<{ id: string; lastmod: string }[]> {
  const { after, upTo } = seqRange(page);
  return db
    .select({
      id: homes.id,
      lastmod: sql<string>`to_char(${homes.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(homes)
    .where(and(gt(homes.seq, after), lte(homes.seq, upTo)))
    .orderBy(asc(homes.seq));
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute (the sitemap protocol wants `&` in URLs written `&amp;`). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(urls: Iterable<SitemapUrl>): string {
  const parts = [`${XML_HEAD}<urlset xmlns="${NS}">\n`];
  for (const url of urls) {
    const lastmod = url.lastmod ? `<lastmod>${xmlEscape(url.lastmod)}</lastmod>` : '';
    parts.push(`<url><loc>${xmlEscape(url.loc)}</loc>${lastmod}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

function sitemapIndexXml(locs: Iterable<string>): string {
  const parts = [`${XML_HEAD}<sitemapindex xmlns="${NS}">\n`];
  for (const loc of locs) parts.push(`<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`);
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

const sitemapPagePath = (page: number) => `/sitemap-homes-${page}.xml`;

/** The whole page n of the sitemap, or null when there is no such page. */
export async function sitemapPage(db: Db, origin: string, page: number): Promise<string | null> {
  if (page > (await sitemapPageCount(db))) return null;
  const rows = await homesOfPage(db, page);
  const statics: SitemapUrl[] = page === 1 ? PUBLIC_PAGES.map((path) => ({ loc: `${origin}${path}` })) : [];
  const homeUrls = rows.map((r) => ({ loc: `${origin}/details/${r.id}`, lastmod: r.lastmod }));
  return urlsetXml([...statics, ...homeUrls]);
}

export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const count = await sitemapPageCount(db);
  return sitemapIndexXml(Array.from({ length: count }, (_, i) => `${origin}${sitemapPagePath(i + 1)}`));
}

/** Crawlers may read every public page; the signed-in areas, the checkout and the API are not for them. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /chackout',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
