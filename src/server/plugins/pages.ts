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
 * The public site: pictures from storage, robots.txt and sitemaps, the built client's files, and the
 * pages (ADR 0042): a route per server-rendered page (ADR 0021), per client-rendered page (the app
 * shell) and a catch-all for every other GET, so compression and the metrics' route label apply to
 * each. The not-found handler answers what is not a page: a JSON 404.
 */
export function pages(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Public pictures from storage (disk or bucket), cached for a year (ADR 0012).
    await app.register(publicUploadsRoutes(ctx));
    // robots.txt, sitemaps and the site's share card (ADR 0022).
    await app.register(seoRoutes(ctx));

    const clientDir = ctx.clientDir;
    const shell = clientDir && existsSync(join(clientDir, 'index.html')) ? clientDir : null;
    if (shell) {
      // Registered here, not in a child plugin: the page routes below send the shell with its `sendFile`.
      await builtClient(shell)(app, {});
      // Public pages are rendered on the server with their data (ADR 0021); other pages get the shell.
      await app.register(pageRoutes(shell, await pageRenderer(ctx, shell)));
    }

    app.setNotFoundHandler(async (request, reply) =>
      reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathOf(request)}`)),
    );
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
 * The pages, one GET (and HEAD) route each, inside the scope of @fastify/compress, so it compresses what
 * they answer and the metrics name them by route (`/details/:id`, `/dashboard/my-booking`): the
 * server-rendered pages, the client-rendered ones (the shell), and `/*` for every other path: the
 * catch-all not-found page (rendered, status 404) and spellings the router accepts but these routes do
 * not (`/All-Home/`). A path that is no page (a file, /api, /uploads) goes to the not-found handler.
 */
function pageRoutes(shell: string, renderer: PageRenderer): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request);
      // A script answered with HTML would fail obscurely instead of letting the router reload.
      const isPage =
        !looksLikeFile(path) && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/uploads/');
      if (!isPage) {
        reply.callNotFound();
        return reply;
      }
      if (renderer.handles(path)) return renderer.send(request, reply);
      // Client-side routes (/login, /dashboard/...) all load the app shell.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', shell);
    };
    for (const url of new Set([...renderer.routes, ...renderer.shellRoutes, '/*'])) {
      app.get(url, { schema: { hide: true } }, page);
    }
  };
}
