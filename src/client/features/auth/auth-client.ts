/**
 * The Better Auth browser client, used only for auth actions (sign in, sign up,
 * password reset, Google). The app's one source of the session stays
 * `lib/session.ts` (TanStack Query over GET /api/auth/get-session); after each
 * action the caller refreshes it (see `lib/session-actions.ts`).
 *
 * Google: Better Auth 1.7 registers OpenID Connect providers of its genericOAuth
 * plugin as ordinary social providers (there is no `genericOAuthClient` and no
 * `signIn.oauth2` any more), so the client calls `signIn.social({ provider: 'google' })`.
 */
import { createAuthClient } from 'better-auth/react';

function authBaseUrl(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/api/auth`;
}

export const authClient = createAuthClient({ baseURL: authBaseUrl() });

/** The message of a Better Auth client error, or a fallback. */
export function authErrorMessage(
  error: { message?: string | undefined; statusText?: string | undefined; status?: number } | null | undefined,
  fallback: string,
): string {
  if (!error) return fallback;
  if (error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (error.statusText) return error.statusText;
  return fallback;
}
