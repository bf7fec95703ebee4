import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context';
import { serverPublicData } from './ssr-data';

/**
 * Anonymous public pages may be kept by a CDN for a minute and served stale for ten while it
 * refreshes; browsers always ask again (max-age=0). Caches key them on the Cookie header too, so a
 * page rendered for a signed-in browser is never handed to another one; and any request with a
 * session cookie is answered private, no-store.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PRIVATE_PAGE_CACHE = 'private, no-store';
/** Better Auth's session cookie (`stayhub.session_token`, `__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?stayhub\.session_token=/;

const ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong · StayHub</title></head><body><main><h1>Something went wrong</h1><p>This page could not be shown. Try again, or go back to the <a href="/">home page</a>.</p></main></body></html>`;

export interface PageRenderer {
  /** True for the pages the server renders (the route table's `handle.ssr`); the rest get the shell. */
  handles(path: string): boolean;
  /** The route paths of the server-rendered pages (`/`, `/details/:id`, ...), the catch-all not-found page aside. */
  routes: readonly string[];
  /** The route paths of the client-rendered pages (`/login`, `/dashboard/my-booking`, ...), answered with the shell. */
  shellRoutes: readonly string[];
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Server rendering of the public pages (ADR 0021): the client's entry-server module, its loaders
 * reading the services directly, the built index.html's asset tags in the document's <head>.
 */
export async function pageRenderer(ctx: AppContext, clientDir: string): Promise<PageRenderer> {
  const entry = await import('#client/entry-server');
  const assets = entry.assetTagsOf(readFileSync(join(clientDir, 'index.html'), 'utf8'));
  const data = serverPublicData(ctx, clientDir);
  return {
    handles: entry.isServerRendered,
    routes: entry.serverRenderedRoutes,
    shellRoutes: entry.clientRenderedRoutes,
    async send(request, reply) {
      const withSession = SESSION_COOKIE.test(String(request.headers.cookie ?? ''));
      // Lower case, as @fastify/compress (plugins/pages.ts) looks for it before adding its own.
      reply.header('vary', 'Cookie, accept-encoding');
      try {
        const url = new URL(request.url, ctx.publicUrl);
        const result = await entry.renderPage({ url: url.href, data, withSession, assets });
        if (result.kind === 'redirect') {
          return reply.header('cache-control', PRIVATE_PAGE_CACHE).redirect(result.location, result.status);
        }
        if (result.error) request.log.error({ err: result.error }, 'server rendering: a loader failed');
        const cacheable = !withSession && result.status < 500;
        reply.header('cache-control', cacheable ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE);
        return reply.status(result.status).type('text/html; charset=utf-8').send(result.html);
      } catch (err) {
        request.log.error({ err }, 'server rendering failed');
        return reply
          .status(500)
          .header('cache-control', PRIVATE_PAGE_CACHE)
          .type('text/html; charset=utf-8')
          .send(ERROR_PAGE);
      }
    },
  };
}
