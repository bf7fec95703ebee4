/** Reading and writing conversations: the caller's list, a page of messages (marking them read), a new message. */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { MESSAGES_PAGE_SIZE, type Message, type MessagePage } from '#shared/schemas/messages';
import { forbidden, notFound } from '#server/domain-errors';
import { assertNotBlocked } from '../moderation/blocks-service';
import { conversationAdminReads, conversations, messages, type ConversationRow } from '#server/db/schema';
import {
  announce,
  findConversation,
  partyOf,
  summaries,
  toMessage,
  viewerOf,
  type Caller,
  type MessageDeps,
} from './messages-model';

const NOT_FOUND = 'No conversation with this id';

/** GET /api/conversations: the caller's own conversations, newest activity first. */
export async function listConversations(deps: MessageDeps, caller: Caller) {
  return { conversations: await summaries(deps.db, caller, and(partyOf(caller.id))) };
}

/** The header's badge: unread messages over all the caller's conversations. */
export async function unreadTotal(deps: MessageDeps, caller: Caller): Promise<{ unread: number }> {
  const me = caller.id;
  const [row] = await deps.db
    .select({
      unread: sql<number>`count(*)::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        partyOf(me),
        isNull(messages.hiddenAt),
        sql`${messages.senderId} is distinct from ${me}`,
        sql`${messages.id} > case when ${conversations.guestId} = ${me} then ${conversations.guestReadUpTo} else ${conversations.hostReadUpTo} end`,
      ),
    );
  return { unread: Number(row?.unread ?? 0) };
}

/**
 * GET /api/conversations/{id}/messages: newest first, MESSAGES_PAGE_SIZE a page; `cursor` (a
 * message id) continues with older ones. The first page marks the conversation read for a party.
 * An admin who is not a party may read (disputes): each read is recorded in
 * conversation_admin_reads with the request id, and logged.
 */
export async function readMessages(
  deps: MessageDeps,
  caller: Caller,
  id: string,
  cursor: string | undefined,
  requestId: string,
): Promise<MessagePage> {
  const conversation = await findConversation(deps.db, id);
  const viewer = conversation && viewerOf(conversation, caller);
  if (!conversation || !viewer) throw notFound(NOT_FOUND);

  const rows = await deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        // Removed by moderation: gone for both parties; an admin still reads it, for the record.
        viewer === 'admin' ? undefined : isNull(messages.hiddenAt),
        cursor !== undefined ? lt(messages.id, Number(cursor)) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const nextCursor = rows.length > MESSAGES_PAGE_SIZE ? String(page[page.length - 1]!.id) : null;

  if (viewer === 'admin') {
    await deps.db.insert(conversationAdminReads).values({
      conversationId: conversation.id,
      adminId: caller.id,
      requestId,
      readAt: deps.clock.now(),
    });
    deps.log?.info({ conversationId: conversation.id, adminId: caller.id }, 'admin read a conversation');
  } else if (cursor === undefined && page[0]) {
    await markRead(deps, conversation, viewer, page[0].id, caller.id);
  }

  const [summary] = await summaries(deps.db, caller, and(eq(conversations.id, conversation.id)), 1);
  return { conversation: summary!, messages: page.map((m) => toMessage(m, conversation)), nextCursor };
}

async function markRead(
  deps: MessageDeps,
  conversation: ConversationRow,
  side: 'guest' | 'host',
  upTo: number,
  userId: string,
) {
  const column = side === 'guest' ? conversations.guestReadUpTo : conversations.hostReadUpTo;
  const changed = await deps.db
    .update(conversations)
    .set(side === 'guest' ? { guestReadUpTo: upTo } : { hostReadUpTo: upTo })
    .where(and(eq(conversations.id, conversation.id), lt(column, upTo)))
    .returning({ id: conversations.id });
  // The reader's other tabs and devices update their unread counts.
  if (changed.length) await announce(deps, { type: 'read', conversationId: conversation.id, userIds: [userId] });
}

/** Stores a message from `senderId` and tells both parties' streams. The caller checked the access. */
export async function postMessage(
  deps: MessageDeps,
  conversation: ConversationRow,
  senderId: string,
  text: string,
): Promise<Message> {
  await assertNotBlocked(
    deps.db,
    senderId,
    senderId === conversation.guestId ? conversation.hostId : conversation.guestId,
  );
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId, body: text, createdAt: now })
      .returning();
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
    return inserted!;
  });
  await announce(deps, {
    type: 'message',
    conversationId: conversation.id,
    userIds: [conversation.guestId, conversation.hostId],
  });
  return toMessage(row, conversation);
}

/** POST /api/conversations/{id}/messages: only the two parties write; an admin reads but never writes (403). */
export async function sendMessage(deps: MessageDeps, caller: Caller, id: string, text: string) {
  const conversation = await findConversation(deps.db, id);
  const viewer = conversation && viewerOf(conversation, caller);
  if (!conversation || !viewer) throw notFound(NOT_FOUND);
  if (viewer === 'admin') throw forbidden('Admins can read conversations but not write in them');
  return { conversationId: conversation.id, message: await postMessage(deps, conversation, caller.id, text) };
}
