/**
 * /dashboard/messages/:id: one conversation, oldest message first, older pages on request,
 * and the composer. New messages arrive through the live stream (header) and are announced
 * by the log region. An admin reads (the read is recorded on the server) but cannot write.
 */
import { useInfiniteQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { Conversation, Message } from '#shared/schemas/messages';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { isApiError } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { Avatar } from '../components/avatar';
import { Composer } from '../components/composer';
import { fetchMessages, messageKeys, sendMessage } from '../lib/messages-api';
import { aboutLine, authorOf, messageTime, otherPerson } from '../lib/present';
import { Button } from '#client/components/ui/button';
import { BlockButton } from '../../moderation/components/block-button';
import { ReportButton } from '../../moderation/components/report-button';

interface Thread {
  conversation: Conversation;
  /** Oldest first. */
  messages: Message[];
}

function MessageItem({ message, c }: { message: Message; c: Conversation }) {
  const author = authorOf(message, c);
  const mine = author === 'You';
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? 'bg-rose-700 text-white' : 'bg-gray-100 text-gray-900'}`}
      >
        <p className="text-xs font-semibold">
          {author} <span className="font-normal">· {messageTime(message.createdAt)}</span>
        </p>
        {/* Plain text: React escapes it, so markup and links show as written. */}
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
      </div>
      {!mine && c.viewer !== 'admin' && <ReportButton targetType="message" targetId={message.id} className="mt-1" />}
    </li>
  );
}

function ThreadView({
  thread,
  olderPages,
}: {
  thread: Thread;
  olderPages: { has: boolean; loading: boolean; load: () => void };
}) {
  const { conversation: c, messages } = thread;
  const queryClient = useQueryClient();
  const logRef = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    // Keep the newest message in view as messages arrive.
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);
  const other = otherPerson(c);
  const { user } = useSession();

  async function send(text: string) {
    await sendMessage(c.id, text);
    await queryClient.invalidateQueries({ queryKey: messageKeys.all });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-4">
        <Avatar person={other} />
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            {c.viewer === 'admin' ? `${c.guest.name} (guest) and ${c.host.name} (host)` : other.name}
          </p>
          <p className="text-sm text-gray-800">
            {c.home.id ? (
              <Link to={`/details/${c.home.id}`} className="underline">
                {c.home.title}
              </Link>
            ) : (
              c.home.title
            )}{' '}
            · {aboutLine(c)}
          </p>
        </div>
        {c.viewer !== 'admin' && (
          <div className="ml-auto flex flex-wrap items-center gap-3">
            <ReportButton targetType="user" targetId={other.id} />
            <BlockButton userId={other.id} name={other.name} />
          </div>
        )}
      </div>
      {olderPages.has && (
        <div>
          <Button
            variant="secondary"

            onClick={olderPages.load}
            disabled={olderPages.loading}
          >
            {olderPages.loading ? 'Loading older messages…' : 'Show older messages'}
          </Button>
        </div>
      )}
      {/* Its own scroll region, focusable so the keyboard can scroll it (as ScrollTable). */}
      <div
        ref={logRef}
        role="region"
        aria-label={`Conversation with ${other.name}`}
        tabIndex={0}
        className="max-h-[60vh] overflow-y-auto rounded-xl border border-gray-200 bg-white p-4"
      >
        <div role="log" aria-live="polite" aria-label={`Messages with ${other.name}`}>
          <ol className="flex flex-col gap-3">
            {messages.length === 0 && <li className="text-gray-700">No messages yet.</li>}
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} c={c} />
            ))}
          </ol>
        </div>
      </div>
      {c.viewer === 'admin' ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900">
          You are reading this conversation as an admin; your reading is recorded. Admins cannot write here.
        </p>
      ) : (
        <Composer label={`Message to ${other.name}`} onSend={send} draftKey={user ? `${user.id}:${c.id}` : undefined} />
      )}
    </div>
  );
}

export function ThreadPage() {
  const { id = '' } = useParams();
  const query = useInfiniteQuery({
    queryKey: messageKeys.thread(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Reading a thread marks it read: the header's total changes with it.
    select: (data): Thread => ({
      conversation: data.pages[0]!.conversation,
      messages: data.pages.flatMap((p) => p.messages).reverse(),
    }),
  });
  const queryClient = useQueryClient();
  const fetchedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!fetchedAt) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    void queryClient.invalidateQueries({ queryKey: messageKeys.list });
  }, [fetchedAt, queryClient]);

  return (
    <Screen title="Conversation">
      <p className="-mt-3 mb-4">
        <Link to="/dashboard/messages" className="font-semibold text-rose-800 underline">
          All messages
        </Link>
      </p>
      <QueryView
        query={query as UseQueryResult<Thread>}
        loadingLabel="Loading the conversation"
        renderError={(error) =>
          isApiError(error) && (error.status === 404 || error.status === 400) ? (
            <p role="alert" className="rounded-lg bg-gray-50 p-6 text-gray-900">
              This conversation does not exist, or it is not yours.
            </p>
          ) : undefined
        }
      >
        {(thread) => (
          <ThreadView
            thread={thread}
            olderPages={{
              has: query.hasNextPage,
              loading: query.isFetchingNextPage,
              load: () => void query.fetchNextPage(),
            }}
          />
        )}
      </QueryView>
    </Screen>
  );
}

export { ThreadPage as Component };
