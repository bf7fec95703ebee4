import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { publicUploadsRoutes } from '../features/uploads/public-uploads-routes';
import { seoRoutes } from '../features/seo/seo-routes';
import { pageRenderer, type PageRenderer } from '../features/ssr/ssr-routes';
import { errorBody } from '../http/error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A missing file (an old hashed chunk after a deploy, /favicon.png) is a 404, never a page. */
const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/assets/');
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/**
 * The public site: pictures from storage, robots.txt and sitemaps, the built client's files, the
 * server-rendered pages (one route each, ADR 0021) and, for any other path, the app shell or a 404.
 */
export function pages(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Public pictures from storage (disk or bucket), cached for a year (ADR 0012).
    await app.register(publicUploadsRoutes(ctx));
    // robots.txt, sitemaps and the site's share card (ADR 0022).
    await app.register(seoRoutes(ctx));

    const clientDir = ctx.clientDir;
    const shell = clientDir && existsSync(join(clientDir, 'index.html')) ? clientDir : null;
    // Registered here, not in a child plugin: the not-found handler below sends the shell with its `sendFile`.
    if (shell) await builtClient(shell)(app, {});
    // Public pages are rendered on the server with their data (ADR 0021); other pages get the shell.
    const renderer = shell ? await pageRenderer(ctx, shell) : null;
    if (renderer) await app.register(renderedPages(renderer));

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request);
      // A script answered with HTML would fail obscurely instead of letting the router reload.
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !looksLikeFile(path) &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        !path.startsWith('/uploads/');
      // The catch-all not-found page and paths the routes do not spell the same way (`/All-Home/`).
      if (wantsPage && renderer?.handles(path)) return renderer.send(request, reply);
      if (wantsPage && shell) {
        // Client-side routes (/details/:id, /dashboard/...) all load the app shell.
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', shell);
      }
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${path}`));
    });
  };
}

/** The built client's files; dist/client holds .br and .gz siblings made at build time (scripts/client-build.mjs). */
function builtClient(clientDir: string): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes(`${join(clientDir, 'assets')}`) ? IMMUTABLE : 'no-cache');
      },
    });
  };
}

/**
 * One GET (and HEAD) route per server-rendered page, so @fastify/compress compresses the page and
 * the metrics name it by its route (`/details/:id`).
 */
function renderedPages(renderer: PageRenderer): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    const send = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!looksLikeFile(pathOf(request))) return renderer.send(request, reply);
      reply.callNotFound();
      return reply;
    };
    for (const url of renderer.routes) app.get(url, { schema: { hide: true } }, send);
  };
}
