/**
 * Server rendering of the public pages (ADR 0021). The server (src/server/features/ssr) calls
 * renderPage for a GET of a page the route table marks `handle.ssr`: React Router's static handler
 * runs the same route modules and loaders as the browser, the loaders fill a per-request
 * QueryClient from the services (no HTTP to itself), and React renders the whole document so the
 * <title>/<meta>/<link> elements pages render are hoisted into <head>.
 */
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { createQueryClient } from './lib/query-client';
import { SESSION_QUERY_KEY } from './lib/session';
import { SiteOriginProvider } from './components/seo/site-origin';
import { Document, type AssetTag } from './document';
import type { PublicData } from '#shared/public-data';
import type { LoaderContext } from './features/browse/loaders';
import { buildRoutes } from './routes';
import { clientRenderedRoutePaths, serverRenderedPaths, serverRenderedRoutePaths } from './server-rendered-paths';
import { stateJson, type SsrState } from './ssr-state';

export type { AssetTag } from './document';
export { assetTagsOf } from './document';

export interface RenderRequest {
  /** Absolute URL of the page (origin + path + query). */
  url: string;
  data: PublicData;
  /** The request carries a session cookie: who is signed in is left to the browser to ask. */
  withSession: boolean;
  assets: AssetTag[];
  signal?: AbortSignal;
}

export type RenderResult =
  /** `error`: what a loader threw (status 500), for the server's log; the page shows none of it. */
  | { kind: 'page'; status: number; html: string; error?: unknown }
  | { kind: 'redirect'; status: number; location: string };

/** The routes' own context on the server: never used, every request hands in its own. */
const noContext: LoaderContext = {
  get queryClient(): never {
    throw new Error('a server loader ran without its request context');
  },
  data: {
    home: () => Promise.reject(new Error('no request context')),
    homesPage: () => Promise.reject(new Error('no request context')),
    experiences: () => Promise.reject(new Error('no request context')),
    homeReviews: () => Promise.reject(new Error('no request context')),
  },
  wait: true,
};

/**
 * One static handler for the process: the route table converted once, each lazy page module
 * loaded once (and kept on its route); per request only the QueryClient is new.
 */
const handler = createStaticHandler(buildRoutes(noContext));

/** True when the server renders `path`; other pages (signed-in, dashboard, checkout) get the client shell. */
export const isServerRendered = serverRenderedPaths(handler.dataRoutes);

/** The server-rendered pages' route paths (`/`, `/details/:id`, ...), the catch-all aside. */
export const serverRenderedRoutes = serverRenderedRoutePaths(handler.dataRoutes);

/** The route paths of the pages the server answers with the client shell (`/login`, `/dashboard/my-booking`, ...). */
export const clientRenderedRoutes = clientRenderedRoutePaths(handler.dataRoutes);

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' };
    // The message only: a stack or SQL must not reach the page.
    else if (error instanceof Error) out[id] = { message: 'Internal error', __type: 'Error' };
    else out[id] = error;
  }
  return out;
}

function html(context: StaticHandlerContext, queryClient: QueryClient, assets: AssetTag[], origin: string) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const state: SsrState = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    query: dehydrate(queryClient),
  };
  return renderToString(
    <Document assets={assets} state={stateJson(state)}>
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* Canonical, og:url and og:image start with the configured origin (PUBLIC_URL), never the Host header. */}
          <SiteOriginProvider origin={origin}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SiteOriginProvider>
        </QueryClientProvider>
      </StrictMode>
    </Document>,
  );
}

export async function renderPage(req: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  // No session cookie: nobody is signed in, the header renders its signed-out links at once.
  if (!req.withSession) queryClient.setQueryData(SESSION_QUERY_KEY, null);
  const requestContext: LoaderContext = { queryClient, data: req.data, wait: true };
  const context = await handler.query(new Request(req.url, { signal: req.signal }), { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const page = html(context, queryClient, req.assets, new URL(req.url).origin);
  queryClient.clear();
  const error = Object.values(context.errors ?? {}).find((e) => !isRouteErrorResponse(e));
  return { kind: 'page', status: context.statusCode, html: `<!doctype html>${page}`, error };
}
