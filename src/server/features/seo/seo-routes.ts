import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_SHARE_IMAGE } from '#shared/images';
import type { AppContext } from '#server/app-context';
import { notFound } from '#server/domain-errors';
import { siteCard } from './site-card';
import { robotsTxt, sitemapIndex, sitemapPage } from './sitemap';

/** Crawlers come back daily; a CDN may serve a sitemap an hour old and a stale one while it refetches. */
const SITEMAP_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';
const DAILY = 'public, max-age=86400, stale-while-revalidate=604800';
/** No sitemap page is numbered this high (1,000,000 homes make 21); bigger numbers are refused before any query. */
const MAX_PAGE = 100_000;

/**
 * GET /robots.txt, /sitemap.xml (an index), /sitemap-homes-<n>.xml and the site's share card
 * (ADR 0022). Public on purpose, like the pages they describe: no session is read, and the
 * answers hold nothing a visitor could not see on /all-home. Absolute URLs start with PUBLIC_URL.
 */
export function seoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A sitemap page is megabytes of repetitive XML: compressed on the fly (gzip; brotli costs more CPU here).
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['gzip'] });
    const origin = ctx.publicUrl.replace(/\/+$/, '');

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', DAILY).type('text/plain; charset=utf-8').send(robotsTxt(origin)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', SITEMAP_CACHE)
        .type('application/xml; charset=utf-8')
        .send(await sitemapIndex(ctx.db, origin)),
    );

    app.get(
      '/sitemap-homes-:page(^\\d+).xml',
      {
        schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGE) }).strict() },
      },
      async (request, reply) => {
        const xml = await sitemapPage(ctx.db, origin, request.params.page);
        if (xml === null) throw notFound('No such sitemap page');
        return reply.header('cache-control', SITEMAP_CACHE).type('application/xml; charset=utf-8').send(xml);
      },
    );

    app.get(SITE_SHARE_IMAGE, { schema: { hide: true } }, async (request, reply) => {
      const { data, etag } = await siteCard();
      reply.header('cache-control', DAILY).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/jpeg').send(data);
    });
  };
}
