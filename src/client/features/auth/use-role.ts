import { useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/schemas/users';
import { useSession } from '#client/lib/session';
import { userKeys } from '#client/lib/user-keys';

export interface RoleState {
  /** null = no role (a guest); undefined while unknown. */
  role: Role | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/** The signed-in user's record from GET /api/user/:email (the spec reads the role per email). */
export function useCurrentUserRecord() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: userKeys.detail(email),
    // Loaded on demand: the guards sit in the entry chunk, the typed API client (zod) does not need to.
    queryFn: async ({ signal }) => (await import('#client/lib/users')).fetchUser(email, signal),
    enabled: Boolean(email),
  });
}

export function useRole(): RoleState {
  const query = useCurrentUserRecord();
  return {
    role: query.data ? query.data.role : undefined,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
