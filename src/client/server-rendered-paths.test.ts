import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LoaderContext } from './features/browse/loaders';
import { buildRoutes } from './routes';
import {
  clientRenderedRoutePaths,
  routePath,
  serverRenderedPaths,
  serverRenderedRoutePaths,
} from './server-rendered-paths';

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

describe('the route paths the server registers', () => {
  const isServerRendered = serverRenderedPaths(routes);
  const filled = (path: string) => path.replace(/:\w+/g, 'abc-123');

  it('name every page once: the server-rendered ones and the client-rendered ones (the shell)', () => {
    const server = serverRenderedRoutePaths(routes);
    const client = clientRenderedRoutePaths(routes);
    expect(server).toEqual(expect.arrayContaining(['/', '/all-home', '/details/:id', '/searchresult']));
    expect(client).toEqual(
      expect.arrayContaining(['/login', '/dashboard', '/dashboard/my-booking', '/dashboard/messages/:id']),
    );
    expect(new Set([...server, ...client]).size).toBe(server.length + client.length);
    for (const path of server) expect(isServerRendered(filled(path)), path).toBe(true);
    for (const path of client) expect(isServerRendered(filled(path)), path).toBe(false);
    // Every page of the table is among them, the catch-all aside (the server's `/*`).
    const named = new Set([...server, ...client].map(filled));
    for (const path of [...new Set(pathsOf(routes))].filter((p) => !p.includes('some/where')))
      expect(named.has(path), path).toBe(true);
  });
});
