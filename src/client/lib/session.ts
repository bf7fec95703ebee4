/**
 * The signed-in user, as the server sees it. Sessions live on the server (an
 * httpOnly cookie); the browser only asks `GET /api/auth/get-session`.
 * A 401/404, a network error or a `null` answer all mean "signed out".
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

export interface SessionUser {
  id: string;
  email: string;
  name?: string;
  image?: string | null;
  emailVerified?: boolean;
  /** 'host', 'admin', 'requested' or null (a guest); a role change ends the session (ADR 0008). */
  role?: string | null;
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** The spec's token key; removed on sign-out so no stale token outlives the session. */
const LEGACY_TOKEN_KEY = 'airbnb-token';

function readUser(body: unknown): SessionUser | null {
  if (!body || typeof body !== 'object') return null;
  const user = (body as { user?: unknown }).user;
  if (!user || typeof user !== 'object') return null;
  const { id, email, name, image, emailVerified, role } = user as Record<string, unknown>;
  // The header shows Sign Out only when both an email and an id are present (spec, section 2).
  if (typeof id !== 'string' || !id || typeof email !== 'string' || !email) return null;
  return {
    id,
    email,
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof image === 'string' || image === null ? { image } : {}),
    ...(typeof emailVerified === 'boolean' ? { emailVerified } : {}),
    ...(typeof role === 'string' || role === null ? { role } : {}),
  };
}

/**
 * Why the server ended this browser's session itself (ADR 0008: a role change signs the
 * user out). `GET /api/auth/get-session` says so in `x-session-ended`; it is kept for
 * this tab (sessionStorage) until the next sign-in, so the login page can tell the user.
 */
export type SessionEndReason = 'role_changed';
const SESSION_END_KEY = 'stayhub-session-ended';

export function sessionEndReason(): SessionEndReason | null {
  try {
    return window.sessionStorage.getItem(SESSION_END_KEY) === 'role_changed' ? 'role_changed' : null;
  } catch {
    return null;
  }
}

function rememberSessionEnd(reason: SessionEndReason | null) {
  try {
    if (reason) window.sessionStorage.setItem(SESSION_END_KEY, reason);
    else window.sessionStorage.removeItem(SESSION_END_KEY);
  } catch {
    // storage may be unavailable (private mode): the login page then says nothing
  }
}

export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return null;
    const user = readUser(await response.json());
    if (user) rememberSessionEnd(null);
    else if (response.headers.get('x-session-ended') === 'role_changed') rememberSessionEnd('role_changed');
    return user;
  } catch {
    return null;
  }
}

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    staleTime: 60_000,
    retry: false,
    // Coming back to the tab asks again (TanStack's focus manager: visibilitychange), so a session
    // ended elsewhere (another browser, expiry, an admin) shows as signed out before the next action fails.
    refetchOnWindowFocus: 'always',
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * Tabs of this browser share the session cookie but not their caches: a sign-in or sign-out in one
 * tab is announced to the others on this channel (no storage is written, nothing outlives the tabs).
 * `signing-out` comes before the server ends the session, so the other tabs stop what needs it first
 * (the live stream would otherwise reconnect into 401s); `changed` after any change: ask the server.
 */
const SESSION_CHANNEL = 'stayhub-session';
type SessionSignal = 'signing-out' | 'changed';

export function announceSession(signal: SessionSignal): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(signal);
  channel.close();
}

/** Shows signed out at once, stopping what runs only while signed in, before the session really ends. */
async function showSignedOut(queryClient: QueryClient) {
  await queryClient.cancelQueries();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** Forgets everything read as the previous user (a refetch would earn 401s, or show their data to the next one). */
async function forgetPreviousUser(queryClient: QueryClient) {
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
}

/** Follows the other tabs' sign-ins and sign-outs (mounted once, by the header). */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    // Who this tab showed before a `signing-out` made it show nobody: `changed` compares with them.
    let shownBefore: string | null | undefined;
    channel.onmessage = async (event: MessageEvent<unknown>) => {
      const shown = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)?.id ?? null;
      if (event.data === 'signing-out') {
        if (shownBefore === undefined) shownBefore = shown;
        return showSignedOut(queryClient);
      }
      if (event.data !== 'changed') return;
      const before = shownBefore === undefined ? shown : shownBefore;
      shownBefore = undefined;
      const user = await queryClient.fetchQuery({
        queryKey: SESSION_QUERY_KEY,
        queryFn: ({ signal }) => fetchSessionUser(signal),
        staleTime: 0,
      });
      if ((user?.id ?? null) !== before) {
        await forgetPreviousUser(queryClient);
        queryClient.setQueryData(SESSION_QUERY_KEY, user);
      }
    };
    return () => channel.close();
  }, [queryClient]);
}

/** Ends the server session, forgets the legacy token and refreshes everything that depends on the user. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Signed out on screen first: what runs only while signed in (the live message stream, the
    // unread count) stops before the server ends the session. Otherwise the stream, closed by the
    // sign-out, reconnects and refreshes the unread count once more, earning a 401.
    announceSession('signing-out');
    await showSignedOut(queryClient);
    try {
      await fetch('/api/auth/sign-out', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{}',
      });
    } finally {
      try {
        window.localStorage.removeItem(LEGACY_TOKEN_KEY);
      } catch {
        // storage may be unavailable (private mode); nothing to remove then
      }
      await dropSignedOutUser(queryClient);
    }
  }, [queryClient]);
}

/**
 * After the server ended the session (sign-out, a deleted account): drop everything read as the previous
 * user instead of refetching it, since a refetch would only earn 401s (and must not show their data to
 * whoever uses the browser next); the other tabs follow.
 */
export async function dropSignedOutUser(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  announceSession('changed');
}
