/**
 * Renders routes in a memory router with a fresh QueryClient (jsdom component tests),
 * plus a tiny fetch stub keyed by "METHOD path". No testing-library needed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export async function renderRoutes(routes: RouteObject[], initialEntries: Array<string | { pathname: string; search?: string; state?: unknown }>, queryClient = testQueryClient()) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const router = createMemoryRouter(routes, { initialEntries });
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return {
    container,
    router,
    queryClient,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      queryClient.clear();
    },
  };
}

/** Polls `check` (inside act) until it stops throwing. */
export async function waitFor<T>(check: () => T, timeout = 2000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - start > timeout) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
  }
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
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
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

export function click(element: Element | null | undefined) {
  if (!element) throw new Error('click: no element');
  act(() => {
    (element as HTMLElement).click();
  });
}

export function buttonByText(container: ParentNode, text: string): HTMLButtonElement {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`No button "${text}"`);
  return button;
}
