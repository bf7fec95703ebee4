import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { homes } from './homes';

export const CONVERSATION_KINDS = ['inquiry', 'booking'] as const;

/**
 * A conversation between a guest and a host (ADR 0017): an inquiry about a home before
 * booking (one per home and guest), or the conversation of one booking (one per booking).
 * The home's title is copied so the conversation stays readable after the home is deleted.
 * `*_read_up_to` is the last message id each side has seen (unread = newer ones from the
 * other side); `*_mailed_at`/`*_mailed_up_to` keep the unread-message mail to once an hour.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    checkIn: date('check_in', { mode: 'string' }),
    checkOut: date('check_out', { mode: 'string' }),
    /** The booking's note was posted as its first message (it is posted once). */
    notePosted: boolean('note_posted').notNull().default(false),
    guestReadUpTo: bigint('guest_read_up_to', { mode: 'number' }).notNull().default(0),
    hostReadUpTo: bigint('host_read_up_to', { mode: 'number' }).notNull().default(0),
    guestMailedAt: timestamp('guest_mailed_at', { withTimezone: true }),
    hostMailedAt: timestamp('host_mailed_at', { withTimezone: true }),
    guestMailedUpTo: bigint('guest_mailed_up_to', { mode: 'number' }).notNull().default(0),
    hostMailedUpTo: bigint('host_mailed_up_to', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_booking_unique').on(t.bookingId),
    uniqueIndex('conversations_inquiry_unique')
      .on(t.homeId, t.guestId)
      .where(sql`${t.kind} = 'inquiry'`),
    index('conversations_guest_idx').on(t.guestId, t.lastMessageAt.desc()),
    index('conversations_host_idx').on(t.hostId, t.lastMessageAt.desc()),
    check('conversations_kind_valid', sql`${t.kind} in ('inquiry', 'booking')`),
    check('conversations_booking_kind', sql`(${t.kind} = 'booking') = (${t.bookingId} is not null)`),
    check('conversations_two_parties', sql`${t.guestId} <> ${t.hostId}`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;

/** Messages in insertion order: `id` is the paging cursor and the read marker. Text only, 1..2,000 characters. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Removed by moderation (issue 30): kept for the record, shown to neither party. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** Each time an admin read a conversation they are not part of (disputes): who, when, under which request id. */
export const conversationAdminReads = pgTable(
  'conversation_admin_reads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_admin_reads_conversation_idx').on(t.conversationId, t.readAt)],
);
