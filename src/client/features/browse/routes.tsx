import type { RouteObject } from 'react-router';
import { NotFoundContent } from '#client/components/layout/root-layout';
import { browseLoaders, type LoaderContext } from './loaders';

/** Marks a route the server renders (with its data); every other page gets the client-rendered shell. */
const SERVER_RENDERED = { ssr: true } as const;

/**
 * Public browsing pages, children of the root layout. Each page is its own lazy chunk; its loader
 * (server and browser alike) puts the page's data into the QueryClient.
 */
export function browseRoutes(ctx: LoaderContext): RouteObject[] {
  const loaders = browseLoaders(ctx);
  return [
    { index: true, loader: loaders.home, handle: SERVER_RENDERED, lazy: () => import('./pages/home-page') },
    {
      path: 'all-home',
      loader: loaders.allHomes,
      handle: SERVER_RENDERED,
      lazy: () => import('./pages/all-homes-page'),
    },
    {
      path: 'details/:id',
      loader: loaders.details,
      handle: SERVER_RENDERED,
      lazy: () => import('./pages/details-page'),
    },
    {
      path: 'searchresult',
      loader: loaders.search,
      handle: SERVER_RENDERED,
      lazy: () => import('./pages/search-result-page'),
    },
    { path: 'terms', handle: SERVER_RENDERED, lazy: () => import('./pages/terms-page') },
    { path: 'coming-soon', handle: SERVER_RENDERED, lazy: () => import('./pages/coming-soon-page') },
    // Any other path: the spec's wrong-path page (kept in the main bundle, it is tiny).
    { path: '*', loader: loaders.notFound, handle: SERVER_RENDERED, Component: NotFoundContent },
  ];
}
