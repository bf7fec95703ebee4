// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '#shared/texts';
import { json, type RenderedRoutes, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import type * as AuthClientModule from '../auth-client';
import { LoginPage } from './login';

const authMocks = vi.hoisted(() => ({
  signInEmail: vi.fn(),
  signInSocial: vi.fn(),
  requestPasswordReset: vi.fn(),
}));

vi.mock('../auth-client', async (importOriginal) => {
  const original = await importOriginal<typeof AuthClientModule>();
  return {
    ...original,
    authClient: {
      signIn: { email: authMocks.signInEmail, social: authMocks.signInSocial },
      requestPasswordReset: authMocks.requestPasswordReset,
    },
  };
});

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard/my-booking', element: <h1>My bookings</h1> },
  { path: '/', element: <h1>Home</h1> },
];

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;
afterEach(() => {
  vi.clearAllMocks();
});

const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email');
const passwordInput = () => screen.getByLabelText<HTMLInputElement>('Password');
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

/** The session is empty until signIn.email is called, then holds the guest. */
function acceptSignIn() {
  let signedIn = false;
  stubFetch({
    'GET /api/auth/get-session': () =>
      json(signedIn ? { session: {}, user: { id: 'u1', email: 'guest@example.com' } } : null),
  });
  authMocks.signInEmail.mockImplementation(async () => {
    signedIn = true;
    return { data: { user: {} }, error: null };
  });
}

describe('LoginPage', () => {
  it('has labelled, required fields and a masked password with a toggle', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    view = await renderRoutes(routes, ['/login']);
    expect(emailInput().required).toBe(true);
    expect(emailInput().labels?.[0]?.textContent).toBe('Email');
    expect(passwordInput().type).toBe('password');
    const toggle = button('Show password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(passwordInput().type).toBe('text');
  });

  it('Forgot Password with an empty email focuses the email field and says it is needed', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    view = await renderRoutes(routes, ['/login']);
    await userEvent.click(button('Forgot Password'));
    await waitFor(() => expect(document.activeElement).toBe(emailInput()));
    const describedBy = emailInput().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/email/i);
    expect(authMocks.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('Forgot Password sends the reset mail for the typed email', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    authMocks.requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
    view = await renderRoutes(routes, ['/login']);
    await userEvent.type(emailInput(), 'guest@example.com');
    await userEvent.click(button('Forgot Password'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(TEXTS.passwordResetSent));
    expect(authMocks.requestPasswordReset).toHaveBeenCalledWith({
      email: 'guest@example.com',
      redirectTo: '/reset-password',
    });
  });

  it('signs in, toasts and returns to the page the user came from', async () => {
    acceptSignIn();
    view = await renderRoutes(routes, ['/login?from=%2Fdashboard%2Fmy-booking']);
    await userEvent.type(emailInput(), 'guest@example.com');
    await userEvent.type(passwordInput(), 'correct horse');
    await userEvent.click(button('Sign In'));
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/my-booking'));
    expect(toast.success).toHaveBeenCalledWith(TEXTS.loginSuccess);
    expect(authMocks.signInEmail).toHaveBeenCalledWith({ email: 'guest@example.com', password: 'correct horse' });
  });

  it('signs in from a plain /login and lands on /, even while the home page is still loading', async () => {
    acceptSignIn();
    // As in the app, the home page's code arrives after the navigation starts: the login page is still on screen then.
    const slowHome = {
      path: '/',
      lazy: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { Component: () => <h1>Home</h1> };
      },
    };
    view = await renderRoutes([routes[0]!, slowHome, { path: '/dashboard', element: <h1>Dashboard</h1> }], ['/login']);
    await userEvent.type(emailInput(), 'guest@example.com');
    await userEvent.type(passwordInput(), 'correct horse');
    await userEvent.click(button('Sign In'));
    await screen.findByRole('heading', { name: 'Home' });
    expect(view.router.state.location.pathname).toBe('/');
  });

  it("shows the provider's message on failure and clears the loading state", async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    authMocks.signInEmail.mockResolvedValue({
      data: null,
      error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    view = await renderRoutes(routes, ['/login']);
    await userEvent.type(emailInput(), 'guest@example.com');
    await userEvent.type(passwordInput(), 'wrong password');
    await userEvent.click(button('Sign In'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid email or password'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password');
    expect(button('Sign In').disabled).toBe(false);
    expect(view.router.state.location.pathname).toBe('/login');

    // The next attempt, refused by the form: only its own message shows.
    await userEvent.clear(emailInput());
    await userEvent.type(emailInput(), 'not-an-email');
    await userEvent.click(button('Sign In'));
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).toBeNull());
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('offers no Google button when Google sign-in is not configured', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/get-session': json(null),
      'GET /api/auth-config': json({ google: false }),
    });
    view = await renderRoutes(routes, ['/login']);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/auth-config'))).toBe(true),
    );
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Log In with Google' })).toBeNull();
    expect(button('Sign In')).toBeTruthy();
  });

  it('sends a signed-in user on to the origin, or to the dashboard', async () => {
    stubFetch({
      'GET /api/auth/get-session': json({ user: { id: 'u1', email: 'a@example.test', name: 'A' }, session: {} }),
      'GET /api/auth-config': json({ google: false }),
    });
    view = await renderRoutes([...routes, { path: '/dashboard', element: <h1>Dashboard</h1> }], ['/login']);
    await waitFor(() => expect(view!.router.state.location.pathname).toBe('/dashboard'));
  });

  it('starts the Google redirect when configured', async () => {
    stubFetch({ 'GET /api/auth-config': json({ google: true }) });
    authMocks.signInSocial.mockResolvedValue({
      data: { url: 'https://accounts.example/auth', redirect: true },
      error: null,
    });
    view = await renderRoutes(routes, ['/login?from=%2Fdashboard%2Fmy-booking']);
    await userEvent.click(await screen.findByRole('button', { name: 'Log In with Google' }));
    await waitFor(() =>
      expect(authMocks.signInSocial).toHaveBeenCalledWith({
        provider: 'google',
        callbackURL: '/dashboard/my-booking',
        errorCallbackURL: '/login?from=%2Fdashboard%2Fmy-booking',
      }),
    );
  });
});
