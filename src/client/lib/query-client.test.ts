// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';
import { fetchSessionUser, SESSION_QUERY_KEY, sessionEndReason } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('a 401 from the API', () => {
  it('makes calls that fail together share one session check, whose reason for the ending is kept', async () => {
    // The server ended the session on a role change: get-session answers null and says why once;
    // after that the browser has no cookie left and a second check could not say it.
    const checks: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        checks.push(url);
        // The answer takes a moment (a network), so the second failing call comes while the first check is out.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const first = checks.length === 1;
        return new Response('null', {
          status: 200,
          headers: { 'content-type': 'application/json', ...(first ? { 'x-session-ended': 'role_changed' } : {}) },
        });
      }),
    );
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { id: 'u1', email: 'a@example.test', name: 'A', role: 'guest' });
    // The header's useSession: an active observer, so an invalidation refetches.
    const unsubscribe = new QueryObserver(client, {
      queryKey: SESSION_QUERY_KEY,
      queryFn: ({ signal }) => fetchSessionUser(signal),
      staleTime: 60_000,
    }).subscribe(() => {});
    const failing = (path: string) =>
      client
        .fetchQuery({
          queryKey: ['test', path],
          queryFn: () => Promise.reject(new ApiError(401, 'unauthenticated', 'Sign in first')),
          retry: false,
        })
        .catch(() => null);
    await Promise.all([failing('/api/bookings'), failing('/api/reviews/stays')]);
    await vi.waitFor(() => expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull());
    expect(checks).toEqual(['/api/auth/get-session']);
    expect(sessionEndReason()).toBe('role_changed');
    unsubscribe();
  });
});
