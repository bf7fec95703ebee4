/**
 * The route table. Each feature owns a `routes.tsx` exporting a `RouteObject[]`
 * whose pages are lazy modules (`lazy: () => import('./pages/x')`, the module
 * exporting `Component`), so a page's code is only downloaded when it is opened.
 *
 * To add a feature: import its array and spread it into the matching list below.
 */
import type { RouteObject } from 'react-router';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './components/layout/root-layout';
import { browseRoutes } from './features/browse/routes';
import type { LoaderContext } from './features/browse/loaders';
import { authRoutes } from './features/auth/routes';
import { checkoutRoutes } from './features/checkout/routes';
import { dashboardRoutes } from './features/dashboard/routes';

/**
 * Pages rendered inside the public layout (header + footer). Paths are relative
 * to `/` ('login', 'dashboard/my-booking') or absolute ('/login'); order does not
 * matter (React Router ranks matches), the catch-all `*` lives in browseRoutes.
 * The same table serves the browser router and the server's static handler
 * (src/client/entry-server.tsx); `ctx` gives the loaders their QueryClient and data source.
 */
function layoutRoutes(ctx: LoaderContext): RouteObject[] {
  return [
    ...browseRoutes(ctx), // /, /all-home, /details/:id, /searchresult, /terms, /coming-soon, *
    ...authRoutes, //        /login, /register, /reset-password
    ...checkoutRoutes, //    /chackout
    ...dashboardRoutes, //   /dashboard/*
  ];
}

export function buildRoutes(ctx: LoaderContext): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      HydrateFallback: RootHydrateFallback,
      children: layoutRoutes(ctx),
    },
  ];
}
