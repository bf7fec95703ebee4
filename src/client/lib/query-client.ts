import { QueryClient } from '@tanstack/react-query';
import { isPermanentFailure } from './api';

/** One QueryClient for the app. A 4xx answer is final; other failures are retried twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient();
