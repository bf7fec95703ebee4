import type { RouteObject } from 'react-router';

/** /login, /register, /reset-password (the password-reset mail's target) and /email-verified (the verification mail's). */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/login')).Component }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./pages/register')).Component }) },
  { path: 'email-verified', lazy: async () => ({ Component: (await import('./pages/email-verified')).Component }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('./pages/reset-password')).Component }) },
];
