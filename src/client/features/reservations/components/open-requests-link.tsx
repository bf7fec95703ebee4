/**
 * The header's "Requests" link for a signed-in host with booking requests waiting (ADR 0050), with
 * their count. It is on every page: no zod and nothing else from the Reservations screen here, and
 * nothing is fetched unless the session says the user is a host. A request arrives without the host
 * doing anything, so the count is asked again every OPEN_REQUESTS_POLL_MS while the tab is visible
 * (TanStack Query pauses the interval in a background tab) and when the window regains focus.
 */
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { apiRequestTrusted } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { UnreadBadge } from '#client/features/messages/components/unread-link';

/** Under the Reservations screen's key (['reservations']): an accept or decline there refreshes it. */
const OPEN_REQUESTS_KEY = ['reservations', 'open-count'] as const;

/** How often a host's open requests are counted again while the page is visible. */
export const OPEN_REQUESTS_POLL_MS = 30_000;

/** The server counts them (GET /api/host/requests/count): one small answer every 30 s, whatever the host's list. */
async function fetchOpenRequests(signal?: AbortSignal): Promise<number> {
  const { data } = await apiRequestTrusted<{ count?: number }>('/api/host/requests/count', { signal });
  return data.count ?? 0;
}

/** A signed-in host's requests waiting for an answer (0 for others, who never fetch it); one query for the link and the phone's Menu button. */
export function useOpenRequestCount(): number {
  const { user } = useSession();
  const host = user?.role === 'host';
  const query = useQuery({
    queryKey: OPEN_REQUESTS_KEY,
    queryFn: ({ signal }) => fetchOpenRequests(signal),
    enabled: host,
    refetchInterval: host ? OPEN_REQUESTS_POLL_MS : false,
    // Back to the tab after 10 s or more: counted again (the app's 30 s would skip most returns).
    staleTime: 10_000,
    refetchOnWindowFocus: host,
  });
  return host ? (query.data ?? 0) : 0;
}

export function OpenRequestsLink({
  className,
  onNavigate,
}: {
  className: (s: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const open = useOpenRequestCount();
  if (open <= 0) return null;
  return (
    <li>
      <NavLink
        to="/dashboard/reservations"
        onClick={onNavigate}
        className={className}
        aria-label={`Requests, ${open} waiting for your answer`}
      >
        <span aria-hidden="true" className="inline-flex items-center gap-1.5">
          Requests
          <UnreadBadge unread={open} />
        </span>
      </NavLink>
    </li>
  );
}
