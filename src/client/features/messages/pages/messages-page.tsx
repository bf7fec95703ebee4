/** /dashboard/messages: the user's conversations, newest activity first (the other person, the home, the last message, unread). */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Conversation } from '#shared/schemas/messages';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { Avatar } from '../components/avatar';
import { fetchConversations, messageKeys } from '../lib/messages-api';
import { aboutLine, authorOf, messageTime, otherPerson, unreadText } from '../lib/present';

function NoConversations() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">No messages yet.</p>
      <p className="mt-1 text-gray-700">
        Conversations with hosts and guests show up here: ask a host with &ldquo;Contact host&rdquo; on a home&apos;s
        page, or write about one of your bookings.
      </p>
    </div>
  );
}

function ConversationItem({ c }: { c: Conversation }) {
  const other = otherPerson(c);
  const last = c.lastMessage;
  return (
    <li>
      <Link
        to={`/dashboard/messages/${c.id}`}
        className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition-colors hover:bg-rose-50"
      >
        <Avatar person={other} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="font-semibold text-gray-900">{other.name}</p>
            {last && <p className="text-sm text-gray-700">{messageTime(last.createdAt)}</p>}
          </div>
          <p className="text-sm text-gray-800">
            {c.home.title} <span className="text-gray-700">· {aboutLine(c)}</span>
          </p>
          {last && (
            <p className={`mt-1 truncate ${c.unread ? 'font-semibold text-gray-900' : 'text-gray-700'}`}>
              {authorOf(last, c)}: {last.text}
            </p>
          )}
        </div>
        {c.unread > 0 && (
          <span className="self-center rounded-full bg-rose-700 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-white">
            {unreadText(c.unread)}
          </span>
        )}
      </Link>
    </li>
  );
}

export function MessagesPage() {
  const query = useQuery({ queryKey: messageKeys.list, queryFn: ({ signal }) => fetchConversations(signal) });
  return (
    <Screen
      title="Messages"
      intro="Your conversations with hosts and guests, newest first. New messages appear here as they arrive."
    >
      <QueryView
        query={query}
        loadingLabel="Loading messages"
        isEmpty={(list) => list.length === 0}
        empty={<NoConversations />}
      >
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label="Conversations">
            {list.map((c) => (
              <ConversationItem key={c.id} c={c} />
            ))}
          </ul>
        )}
      </QueryView>
    </Screen>
  );
}

export { MessagesPage as Component };
