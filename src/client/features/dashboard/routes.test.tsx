// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import {
  buttonByText,
  click,
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  userRecord,
  waitFor,
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
  [...view!.container.querySelectorAll('nav[aria-label="Dashboard"] a')].map((a) => a.textContent);

describe('dashboard routes', () => {
  it('shows the welcome heading, the email and the host menu for a host', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record('host')) });
    view = await renderRoutes(routes, ['/dashboard']);
    await waitFor(() =>
      expect(view?.container.querySelector('h1')?.textContent).toBe('Welcome to your dashboard, Pat'),
    );
    await waitFor(() => expect(menuLabels()).toEqual(['Manage Home', 'Add Home']));
    expect(view.container.textContent).toContain('pat@example.com');
    expect(buttonByText(view.container, 'Sign Out')).toBeDefined();
  });

  it('sends a guest who opens /dashboard/alluser to /dashboard', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record(null)) });
    view = await renderRoutes(routes, ['/dashboard/alluser']);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(menuLabels()).toEqual(['My Bookings', 'Become A Host']));
  });

  it('sends a signed-out visitor to /login', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    view = await renderRoutes(routes, ['/dashboard/my-booking']);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.search).toBe('?from=%2Fdashboard%2Fmy-booking');
  });

  it('opens the menu drawer as a dialog and moves focus into it', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/pat%40example.com': json(record('admin')) });
    view = await renderRoutes(routes, ['/dashboard']);
    await waitFor(() => expect(menuLabels()).toEqual(['All Bookings', 'All Users']));
    click(buttonByText(view.container, 'Dashboard menu'));
    const dialog = await waitFor(() => {
      const found = document.querySelector('[role="dialog"]');
      if (!found) throw new Error('no dialog');
      return found;
    });
    expect(dialog.textContent).toContain('All Users');
    expect(dialog.contains(document.activeElement)).toBe(true);
    click(dialog.querySelector('button[aria-label="Close menu"]'));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });
});
