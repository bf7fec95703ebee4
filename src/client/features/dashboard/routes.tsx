/**
 * /dashboard/* (login required). The layout and every screen are lazy modules;
 * admin and host screens sit behind RequireRole.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth, RequireRole } from '../auth/guards';

type Module = { Component: ComponentType };
const page = (load: () => Promise<Module>) => async () => ({ Component: (await load()).Component });

export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    element: <RequireAuth />,
    children: [
      {
        lazy: page(() => import('./dashboard-layout')),
        children: [
          { index: true, lazy: page(() => import('./pages/welcome')) },
          { path: 'my-booking', lazy: page(() => import('../bookings/pages/my-booking')) },
          { path: 'become-host', lazy: page(() => import('./pages/become-host')) },
          { path: 'messages', lazy: page(() => import('../messages/pages/messages-page')) },
          { path: 'messages/:id', lazy: page(() => import('../messages/pages/thread-page')) },
          { path: 'wishlist', lazy: page(() => import('../wishlist/pages/wishlist-page')) },
          { path: 'profile', lazy: page(() => import('../profile/profile-page')) },
          { path: 'reviews', lazy: page(() => import('../reviews/pages/reviews-screen')) },
          { path: 'bookings/:id/review', lazy: page(() => import('../reviews/pages/review-page')) },
          { path: 'guests/:id', lazy: page(() => import('../reviews/pages/guest-profile-page')) },
          { path: 'history', lazy: page(() => import('../bookings/pages/history')) },
          { path: 'receipt/:id', lazy: page(() => import('../bookings/pages/receipt')) },
          {
            element: <RequireRole allow="admin" />,
            children: [
              { path: 'alluser', lazy: page(() => import('./pages/all-users')) },
              { path: 'allbooking', lazy: page(() => import('../bookings/pages/all-booking')) },
              { path: 'damage-claims', lazy: page(() => import('../deposits/pages/damage-claims-page')) },
              { path: 'finance', lazy: page(() => import('../finance/pages/finance-page')) },
              { path: 'audit', lazy: page(() => import('../audit/pages/audit-page')) },
              { path: 'moderation', lazy: page(() => import('../moderation/pages/moderation-page')) },
            ],
          },
          {
            element: <RequireRole allow="host" />,
            children: [
              { path: 'add-home', lazy: page(() => import('../hosting/pages/add-home')) },
              { path: 'manage-home', lazy: page(() => import('../hosting/pages/manage-home')) },
              { path: 'updateHomeForm/:id', lazy: page(() => import('../hosting/pages/update-home')) },
              { path: 'reservations', lazy: page(() => import('../reservations/pages/reservations-page')) },
              { path: 'payouts', lazy: page(() => import('../payouts/pages/payouts-page')) },
              { path: 'calendar/:id', lazy: page(() => import('../hosting/pages/home-calendar')) },
            ],
          },
        ],
      },
    ],
  },
];
