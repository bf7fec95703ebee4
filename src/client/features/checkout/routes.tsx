import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';

/** /chackout (the spec's spelling), login required; the page is its own lazy chunk. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'chackout',
    element: <RequireAuth />,
    children: [{ index: true, lazy: () => import('./pages/checkout-page') }],
  },
];
