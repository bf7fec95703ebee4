/**
 * What the messages modules share: their dependencies, who a caller is in a conversation,
 * and a conversation row as the API shows it.
 */
import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conversation, Message } from '#shared/schemas/messages';
import type { LiveEvent, MessageBus, ServiceLog } from '#server/app-context';
import type { Db } from '#server/db/client';
import { conversations, messages, users, type ConversationRow, type MessageRow } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import { PLACEHOLDER_IMAGE, isUuid } from '../homes/homes-service';

export interface MessageDeps {
  db: Db;
  clock: Clock;
  messageBus?: MessageBus;
  log?: ServiceLog;
}

/** The signed-in caller (the auth guards' Identity fits). */
export interface Caller {
  id: string;
  email: string;
  role: string | null;
}

type Side = 'guest' | 'host';
export type Viewer = Side | 'admin';

/** The caller's side of a conversation; admins who are not a party read as 'admin'; anyone else null. */
export function viewerOf(conversation: ConversationRow, caller: Caller): Viewer | null {
  if (conversation.guestId === caller.id) return 'guest';
  if (conversation.hostId === caller.id) return 'host';
  return caller.role === 'admin' ? 'admin' : null;
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export function toMessage(row: MessageRow, conversation: Pick<ConversationRow, 'hostId'>): Message {
  return {
    id: String(row.id),
    senderId: row.senderId,
    from: row.senderId !== null && row.senderId === conversation.hostId ? 'host' : 'guest',
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Tells the parties' open streams (on every process); the message is stored either way. */
export async function announce(deps: MessageDeps, event: LiveEvent): Promise<void> {
  try {
    await deps.messageBus?.publish(event);
  } catch (err) {
    const about = event.type === 'end' ? { userIds: event.userIds } : { conversationId: event.conversationId };
    deps.log?.warn({ err, ...about }, 'live messages: could not publish an event');
  }
}

/**
 * Ends the user's open live streams on every process (a suspension, an account deletion): a stream
 * checked the session only when it opened. Best effort, as every live event: a process Redis cannot
 * reach keeps the stream until its own end (minutes), and its reconnect then meets a 401.
 */
export function endLiveStreams(deps: MessageDeps, userId: string): Promise<void> {
  return announce(deps, { type: 'end', userIds: [userId] });
}

const guestUser = alias(users, 'guest_user');
const hostUser = alias(users, 'host_user');

/** The conversations `where` selects, as the caller sees them (newest activity first, at most `limit`). */
export async function summaries(db: Db, caller: Caller, where: SQL | undefined, limit = 200) {
  const me = caller.id;
  const rows = await db
    .select({
      c: conversations,
      guestName: guestUser.name,
      guestImage: guestUser.image,
      hostName: hostUser.name,
      hostImage: hostUser.image,
      lastId: sql<
        string | null
      >`(select max(m.id) from ${messages} m where m.conversation_id = ${conversations.id} and m.hidden_at is null)`,
      unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}
        and m.hidden_at is null and m.sender_id is distinct from ${me}
        and m.id > case when ${conversations.guestId} = ${me} then ${conversations.guestReadUpTo}
                        when ${conversations.hostId} = ${me} then ${conversations.hostReadUpTo}
                        else 9223372036854775807 end)`,
    })
    .from(conversations)
    .innerJoin(guestUser, eq(guestUser.id, conversations.guestId))
    .innerJoin(hostUser, eq(hostUser.id, conversations.hostId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  const lastIds = rows.map((r) => r.lastId).filter((id): id is string => id !== null);
  const last = lastIds.length
    ? await db
        .select()
        .from(messages)
        .where(inArray(messages.id, lastIds.map(Number)))
    : [];
  const byId = new Map(last.map((m) => [String(m.id), m]));
  return rows.map(({ c, guestName, guestImage, hostName, hostImage, lastId, unread }): Conversation => {
    const lastRow = lastId ? byId.get(String(lastId)) : undefined;
    return {
      id: c.id,
      kind: c.kind,
      viewer: viewerOf(c, caller) ?? 'admin',
      guest: { id: c.guestId, name: guestName, image: guestImage },
      host: { id: c.hostId, name: hostName, image: hostImage },
      home: { id: c.homeId, title: c.title, image: c.image || PLACEHOLDER_IMAGE },
      bookingId: c.bookingId,
      checkIn: c.checkIn,
      checkOut: c.checkOut,
      lastMessage: lastRow ? toMessage(lastRow, c) : null,
      unread: Number(unread),
    };
  });
}

/** WHERE part: the caller is one of the two parties. */
export const partyOf = (userId: string) => or(eq(conversations.guestId, userId), eq(conversations.hostId, userId));
