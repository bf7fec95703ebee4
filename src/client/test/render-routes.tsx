/**
 * Renders routes in a memory router with a fresh QueryClient (jsdom component tests,
 * on Testing Library's `render`), plus a tiny fetch stub keyed by "METHOD path".
 * Query the page with Testing Library's `screen` and drive it with `userEvent`.
 *
 *   setUpComponentTests({ muteToasts: true });   // clean-up after each test, toasts silenced
 *   it('...', async () => {
 *     stubFetch({ 'GET /api/homes': json([]) });
 *     const view = await renderRoutes(routes, ['/']);
 *     await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
 *   });
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render } from '@testing-library/react';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '#shared/schemas/users';

// Vitest runs without globals, so Testing Library cannot switch React's act environment on by itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export async function renderRoutes(
  routes: RouteObject[],
  initialEntries: Array<string | { pathname: string; search?: string; state?: unknown }>,
  queryClient = testQueryClient(),
  { strict = false }: { strict?: boolean } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { reactStrictMode: strict },
  );
  // Let lazy route modules and the first effects settle.
  await act(async () => {});
  return { container: view.container as HTMLElement, router, queryClient, unmount: view.unmount };
}

export type RenderedRoutes = Awaited<ReturnType<typeof renderRoutes>>;

/**
 * The shared set-up of a component test file: after each test every view that
 * renderRoutes rendered is unmounted and stubbed globals (fetch) are restored;
 * with `muteToasts`, toast.success and toast.error are spies that show nothing
 * (assert on them with `expect(toast.success)...`).
 */
export function setUpComponentTests({ muteToasts = false }: { muteToasts?: boolean } = {}) {
  // findBy/waitFor give up after 1 s by default, which a whole-suite run on a loaded 2-core machine
  // overshoots (a render that waits on two stubbed queries); one that can never pass still fails.
  configure({ asyncUtilTimeout: 5_000 });
  if (muteToasts) {
    beforeEach(() => {
      vi.spyOn(toast, 'success').mockImplementation(() => '');
      vi.spyOn(toast, 'error').mockImplementation(() => '');
    });
  }
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** A user record as GET /api/user/:email answers it: the signed-in guest of the tests unless `fields` say otherwise. */
export function userRecord(fields: Partial<User> = {}): User {
  return {
    _id: 'u1',
    email: 'guest@example.com',
    name: 'Guest',
    role: null,
    location: null,
    docImage: null,
    image: null,
    emailVerified: true,
    ...fields,
  };
}

export type FetchHandler = (request: { method: string; url: URL; body: unknown }) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs global fetch: `routes` maps "METHOD /path" to a handler (or a fixed answer);
 * anything else answers 404. Returns the mock to inspect its calls.
 */
export function stubFetch(routes: Record<string, FetchHandler | Response | (() => Response)>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // leave as text
      }
    }
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    if (handler instanceof Response) return handler.clone();
    return handler({ method, url, body });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
