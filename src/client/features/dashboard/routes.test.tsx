// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import {
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  userRecord,
} from '#client/test/render-routes';
import { dashboardRoutes } from './routes';

const session = { session: {}, user: { id: 'u1', email: 'pat@example.com', name: 'Pat' } };
const record = (role: User['role']) => userRecord({ email: 'pat@example.com', name: 'Pat', role });

const routes = [
  {
    path: '/',
    HydrateFallback: () => null,
    children: [...dashboardRoutes, { path: 'login', element: <h1>Login</h1> }],
  },
];

setUpComponentTests();
let view: RenderedRoutes | undefined;

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('dashboard routes', () => {
  it('shows the welcome heading, the email and the host menu for a host', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record('host')) });
    await renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard, Pat' })).toBeDefined();
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        'Manage Home',
        'Add Home',
        'Reservations',
        'Payouts',
        'My Bookings',
        'Messages',
        'Wishlist',
        'Reviews',
        'Profile',
        'History',
      ]),
    );
    expect(screen.getAllByText('pat@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeDefined();
  });

  it('sends a guest who opens /dashboard/alluser to /dashboard', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record(null)) });
    view = await renderRoutes(routes, ['/dashboard/alluser']);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        'My Bookings',
        'Messages',
        'Become A Host',
        'Wishlist',
        'Reviews',
        'Profile',
        'History',
      ]),
    );
  });

  it('sends a signed-out visitor to /login', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    view = await renderRoutes(routes, ['/dashboard/my-booking']);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.search).toBe('?from=%2Fdashboard%2Fmy-booking');
  });

  it('opens the menu drawer as a dialog and moves focus into it', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record('admin')) });
    await renderRoutes(routes, ['/dashboard']);
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        'All Bookings',
        'All Users',
        'Damage claims',
        'Finance',
        'Audit',
        'Moderation',
        'My Bookings',
        'Messages',
        'Wishlist',
        'Reviews',
        'Profile',
        'History',
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dashboard menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'All Users' })).toBeDefined();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
