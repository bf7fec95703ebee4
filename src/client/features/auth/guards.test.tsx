// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { json, renderRoutes, setUpComponentTests, stubFetch, userRecord } from '#client/test/render-routes';
import { RequireAuth, RequireRole } from './guards';

function LoginProbe() {
  const location = useLocation();
  return <p>{`login ${location.search} ${JSON.stringify(location.state)}`}</p>;
}

const session = { session: { id: 's1' }, user: { id: 'u1', email: 'guest@example.com', name: 'Guest' } };

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    path: '/dashboard',
    element: <RequireAuth />,
    children: [
      { index: true, element: <h1>Dashboard home</h1> },
      { path: 'my-booking', element: <h1>My bookings</h1> },
      { element: <RequireRole allow="admin" />, children: [{ path: 'alluser', element: <h1>All users</h1> }] },
    ],
  },
];

setUpComponentTests();

describe('RequireAuth', () => {
  it('shows a progress bar while the session loads', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => new Promise<Response>(() => {}) });
    await renderRoutes(routes, ['/dashboard/my-booking']);
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeDefined();
  });

  it('sends a signed-out visitor to /login remembering where they were', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    await renderRoutes(routes, ['/dashboard/my-booking?x=1']);
    const text = (await screen.findByText(/^login /)).textContent;
    expect(text).toContain('?from=%2Fdashboard%2Fmy-booking%3Fx%3D1');
    expect(text).toContain('"from":"/dashboard/my-booking?x=1"');
  });

  it('renders the page for a signed-in user', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    await renderRoutes(routes, ['/dashboard/my-booking']);
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeDefined();
  });
});

describe('RequireRole', () => {
  it('shows Loading... while the role is fetched, then redirects a guest to /dashboard', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const view = await renderRoutes(routes, ['/dashboard/alluser']);
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    const resolve = await waitFor(() => {
      if (!answer) throw new Error('role not requested yet');
      return answer;
    });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    resolve(json(userRecord({ role: null })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard home' })).toBeDefined();
    expect(view.router.state.location.pathname).toBe('/dashboard');
  });

  it('lets the matching role in', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(userRecord({ role: 'admin' })),
    });
    await renderRoutes(routes, ['/dashboard/alluser']);
    expect(await screen.findByRole('heading', { level: 1, name: 'All users' })).toBeDefined();
  });

  it('does not let a pending host request through the host or admin guard', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(userRecord({ role: 'requested' })),
    });
    const view = await renderRoutes(routes, ['/dashboard/alluser']);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });
});
