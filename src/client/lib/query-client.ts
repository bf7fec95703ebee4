import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isPermanentFailure } from './api';
import { SESSION_QUERY_KEY } from './session';

/**
 * One QueryClient for the app. A 4xx answer is final; other failures are retried twice.
 * A 401 means the session ended on the server (e.g. a role change, ADR 0008): the session
 * is asked for again, so the guards send the user to /login at once (and say why).
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = (error: unknown) => {
    // Several calls can fail with 401 at once: they share one session check. Cancelling a check in
    // flight would lose its answer's reason (x-session-ended) while its Set-Cookie still clears
    // the cookie, so the next check could no longer say why the session ended.
    if (isApiError(error) && error.status === 401) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }, { cancelRefetch: false });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: sessionEnded }),
    mutationCache: new MutationCache({ onError: sessionEnded }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermanentFailure(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
