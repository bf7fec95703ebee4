import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserPublicData } from './features/browse/lib/public-data';
import { queryClient } from './lib/query-client';
import { buildRoutes } from './routes';
import { readSsrState, resolveLazyRoutes } from './ssr-state';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A server-rendered page (ADR 0021) carries its data: the QueryClient starts with it (no second
// fetch), the router with the loaders' results, and React hydrates the markup instead of replacing it.
const state = readSsrState(document);
const routes = buildRoutes({ queryClient, data: browserPublicData, wait: false });
if (state) {
  hydrate(queryClient, state.query);
  await resolveLazyRoutes(routes, window.location.pathname);
  // createBrowserRouter reads this (and turns serialized errors back into errors).
  (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = state.router;
}
const router = createBrowserRouter(routes);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
if (state) hydrateRoot(container, app);
else createRoot(container).render(app);
