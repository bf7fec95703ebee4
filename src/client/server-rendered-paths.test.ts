import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LoaderContext } from './features/browse/loaders';
import { buildRoutes } from './routes';
import { routePath, serverRenderedPaths } from './server-rendered-paths';

const routes = buildRoutes({} as LoaderContext);
const byMatchRoutes = (path: string) =>
  Boolean((matchRoutes(routes, path)?.at(-1)?.route.handle as { ssr?: boolean } | undefined)?.ssr);

/** Every path the table names, with its parameters filled in. */
function pathsOf(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const path = routePath(base, route);
    const own = path.replace(/:\w+/g, 'abc-123').replace(/\*$/, 'some/where') || '/';
    return [own, ...pathsOf(route.children ?? [], path)];
  });
}

describe('serverRenderedPaths', () => {
  const isServerRendered = serverRenderedPaths(routes);
  const paths = [...new Set(pathsOf(routes))];
  const variants = paths.flatMap((p) => [p, `${p.replace(/\/$/, '')}/`, p.toUpperCase(), `${p}/extra`]);
  const unknown = ['/nowhere', '/dashboard/nowhere', '/details', '/details/a/b', '/chackout/x', '/'];

  it('answers as matchRoutes does for every route of the table and for paths it does not know', () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of [...variants, ...unknown]) expect(isServerRendered(path), path).toBe(byMatchRoutes(path));
  });

  it('server-renders the public pages and the not-found page, not the signed-in ones', () => {
    expect(
      ['/', '/all-home', '/details/abc', '/searchresult', '/terms', '/coming-soon', '/nowhere'].map(isServerRendered),
    ).toEqual(Array(7).fill(true));
    expect(
      ['/login', '/chackout', '/dashboard', '/dashboard/my-booking', '/dashboard/messages/abc'].map(isServerRendered),
    ).toEqual(Array(5).fill(false));
  });
});
