import type { RouteObject } from 'react-router';

/** /login, /register and /reset-password (the target of the password-reset mail). */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/login')).Component }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./pages/register')).Component }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('./pages/reset-password')).Component }) },
];
