import type { RouteObject } from 'react-router';
import { NotFoundContent } from '#client/components/layout/root-layout';

/** Public browsing pages, children of the root layout. Each page is its own lazy chunk. */
export const browseRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home-page') },
  { path: 'all-home', lazy: () => import('./pages/all-homes-page') },
  { path: 'details/:id', lazy: () => import('./pages/details-page') },
  { path: 'searchresult', lazy: () => import('./pages/search-result-page') },
  { path: 'terms', lazy: () => import('./pages/terms-page') },
  { path: 'coming-soon', lazy: () => import('./pages/coming-soon-page') },
  // Any other path: the spec's wrong-path page (kept in the main bundle, it is tiny).
  { path: '*', Component: NotFoundContent },
];
