import { matchPath, type RouteObject } from 'react-router';

/** The whole path of `route` under a parent whose whole path is `base` (a layout without a path adds nothing). */
export function routePath(base: string, route: RouteObject): string {
  if (route.path === undefined) return base;
  return route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
}

const isServerRenderedRoute = (route: RouteObject) => Boolean((route.handle as { ssr?: boolean } | undefined)?.ssr);

/**
 * Tells, per path, whether the route table's match for it is a server-rendered page (`handle.ssr`),
 * as `matchRoutes` would, without matching against the whole table per request: `matchRoutes`
 * flattens, compiles and ranks every route on each call (0.4-0.6 ms, a tenth of a server render),
 * and the server asks this for every page request. The table is read once: the path of every route
 * that is not server-rendered (pages and layouts; the root layout aside, whose own path is the
 * index page's). A path that matches none of them lands on a server-rendered page: a public page
 * or the catch-all not-found page, which ranks below every other route. server-rendered-paths.test.ts
 * holds this to `matchRoutes` for every route of the table.
 */
export function serverRenderedPaths(routes: RouteObject[]): (path: string) => boolean {
  const clientRendered: { path: string; caseSensitive: boolean }[] = [];
  const walk = (list: RouteObject[], base: string, depth: number) => {
    for (const route of list) {
      const path = routePath(base, route);
      if (!isServerRenderedRoute(route) && depth > 0 && (route.path !== undefined || route.index)) {
        clientRendered.push({ path, caseSensitive: route.caseSensitive ?? false });
      }
      if (route.children) walk(route.children, path, depth + 1);
    }
  };
  walk(routes, '', 0);
  return (path) => !clientRendered.some((pattern) => matchPath({ ...pattern, end: true }, path) !== null);
}

/**
 * The whole path of every server-rendered page but the catch-all (`/`, `/details/:id`, ...): the
 * server registers a route for each, so its plugins (compression, metrics by route) see the page.
 * Paths outside them (the catch-all not-found page) are still rendered, from the not-found handler.
 */
export function serverRenderedRoutePaths(routes: RouteObject[]): string[] {
  const paths: string[] = [];
  const walk = (list: RouteObject[], base: string) => {
    for (const route of list) {
      const path = routePath(base, route);
      if (isServerRenderedRoute(route) && !path.includes('*')) paths.push(path);
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return paths;
}

/**
 * The whole path of every page the server answers with the client shell (`/login`, `/dashboard/my-booking`,
 * ...: the routes and layouts that are not server-rendered, the root layout aside, as in
 * serverRenderedPaths). The server registers a route for each too, so the metrics name the page.
 */
export function clientRenderedRoutePaths(routes: RouteObject[]): string[] {
  const paths = new Set<string>();
  const walk = (list: RouteObject[], base: string, depth: number) => {
    for (const route of list) {
      const path = routePath(base, route);
      if (!isServerRenderedRoute(route) && depth > 0 && (route.path !== undefined || route.index)) paths.add(path);
      if (route.children) walk(route.children, path, depth + 1);
    }
  };
  walk(routes, '', 0);
  return [...paths];
}
