/**
 * The header's link to the Messages screen with the unread total ("Messages, 2 unread"),
 * for a signed-in user; the header keeps the live stream open (live.ts), so it updates
 * without reloading. No zod here: it is on every page.
 */
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { apiRequestTrusted } from '#client/lib/api';
import { messageKeys } from '../lib/message-keys';

export const MESSAGES_PATH = '/dashboard/messages';

async function fetchUnread(signal?: AbortSignal): Promise<number> {
  const { data } = await apiRequestTrusted<{ unread: number }>('/api/conversations/unread', { signal });
  return data.unread;
}

export function unreadLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

export function UnreadLink({
  className,
  onNavigate,
}: {
  className: (s: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const query = useQuery({ queryKey: messageKeys.unread, queryFn: ({ signal }) => fetchUnread(signal) });
  const unread = query.data ?? 0;
  return (
    <NavLink to={MESSAGES_PATH} onClick={onNavigate} className={className} aria-label={unreadLabel(unread)}>
      <span aria-hidden="true" className="inline-flex items-center gap-1.5">
        Messages
        {unread > 0 && (
          <span className="rounded-full bg-rose-700 px-2 py-0.5 text-xs font-bold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </NavLink>
  );
}
