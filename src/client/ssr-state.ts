import type { DehydratedState } from '@tanstack/react-query';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';

/**
 * The state a server-rendered page hands to the browser: React Router's hydration data (loader
 * data, errors serialized the way StaticRouterProvider does) and the dehydrated QueryClient. It
 * travels as JSON in a non-executable <script type="application/json"> (the CSP allows no inline
 * script), read before hydrateRoot.
 */
export interface SsrState {
  router: {
    loaderData: HydrationState['loaderData'];
    actionData: HydrationState['actionData'];
    errors: Record<string, unknown> | null;
  };
  query: DehydratedState;
}

export const SSR_STATE_ID = 'stayhub-state';

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript chokes on. */
export function stateJson(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}

/**
 * Loads the lazy modules of the routes matching `path` and writes them into the route objects, so
 * the browser router starts initialized with the same components the server rendered (a pending
 * lazy route would render the HydrateFallback first: a hydration mismatch).
 */
export async function resolveLazyRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
}
