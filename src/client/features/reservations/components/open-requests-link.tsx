/**
 * The header's "Requests" link for a signed-in host with booking requests waiting (ADR 0050), with
 * their count. It is on every page: no zod and nothing else from the Reservations screen here, and
 * nothing is fetched unless the session says the user is a host.
 */
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { apiRequestTrusted } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { UnreadBadge } from '#client/features/messages/components/unread-link';

/** Under the Reservations screen's key (['reservations']): an accept or decline there refreshes it. */
const OPEN_REQUESTS_KEY = ['reservations', 'open-count'] as const;

async function fetchOpenRequests(signal?: AbortSignal): Promise<number> {
  const { data } = await apiRequestTrusted<{ reservations?: { status?: string }[] }>('/api/host/reservations', {
    signal,
  });
  return (data.reservations ?? []).filter((r) => r.status === 'requested').length;
}

export function OpenRequestsLink({
  className,
  onNavigate,
}: {
  className: (s: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const { user } = useSession();
  const host = user?.role === 'host';
  const query = useQuery({
    queryKey: OPEN_REQUESTS_KEY,
    queryFn: ({ signal }) => fetchOpenRequests(signal),
    enabled: host,
  });
  const open = host ? (query.data ?? 0) : 0;
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
