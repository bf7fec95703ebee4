/**
 * The header's link to the Messages screen with the unread total ("Messages, 2 unread"), and the
 * count the closed phone menu's button shows, for a signed-in user; the header keeps the live stream open (live.ts), so it updates
 * without reloading. No zod here: it is on every page.
 */
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { apiRequestTrusted } from '#client/lib/api';
import { messageKeys } from '../lib/message-keys';

const MESSAGES_PATH = '/dashboard/messages';

async function fetchUnread(signal?: AbortSignal): Promise<number> {
  const { data } = await apiRequestTrusted<{ unread: number }>('/api/conversations/unread', { signal });
  return data.unread;
}

function unreadLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

/** The signed-in user's unread total (0 until known); one query shared by the header's link and Menu button. */
export function useUnreadCount(enabled = true): number {
  const query = useQuery({ queryKey: messageKeys.unread, queryFn: ({ signal }) => fetchUnread(signal), enabled });
  // Signed out, a count cached for the last user is not shown.
  return enabled ? (query.data ?? 0) : 0;
}

/** The red count beside "Messages" and on the phone's Menu button ("99+" past 99); for the eyes only. */
export function UnreadBadge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <span aria-hidden="true" className="rounded-full bg-rose-700 px-2 py-0.5 text-xs font-bold text-white">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

export function UnreadLink({
  className,
  onNavigate,
}: {
  className: (s: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const unread = useUnreadCount();
  return (
    <NavLink to={MESSAGES_PATH} onClick={onNavigate} className={className} aria-label={unreadLabel(unread)}>
      <span aria-hidden="true" className="inline-flex items-center gap-1.5">
        Messages
        <UnreadBadge unread={unread} />
      </span>
    </NavLink>
  );
}
