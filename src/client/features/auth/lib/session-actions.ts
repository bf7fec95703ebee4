import type { QueryClient } from '@tanstack/react-query';
import { announceSession, fetchSessionUser, SESSION_QUERY_KEY, type SessionUser } from '#client/lib/session';

/**
 * Re-reads the session from the server into the app's one session query and waits
 * for it, so that a guard on the next page already sees the signed-in user.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  const user = await queryClient.fetchQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    staleTime: 0,
  });
  // Anything cached for the previous user (role, bookings) is stale now.
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  // The other tabs of this browser now share this session (the cookie): they ask for it too.
  announceSession('changed');
  return user;
}

/** GET /api/auth-config: which sign-in providers this server offers. Anything else counts as "not configured". */
export async function fetchGoogleConfigured(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth-config', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return Boolean(body && typeof body === 'object' && (body as { google?: unknown }).google === true);
  } catch {
    return false;
  }
}
