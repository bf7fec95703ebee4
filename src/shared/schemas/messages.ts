/**
 * Conversations between a guest and a host (an inquiry about a home, or a booking's
 * conversation) and their messages: the API contract of /api/conversations and friends.
 */
import { z } from 'zod';
import { dayNumber } from '../stay';
import { isoDate } from './common';

export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of GET /api/conversations/{id}/messages (newest first). */
export const MESSAGES_PAGE_SIZE = 30;

// C0 controls except tab, line feed and carriage return, DEL and the C1 controls: a message is text.
// eslint-disable-next-line no-control-regex
const MESSAGE_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** How many characters a message has, as the server counts them (code points, after trimming). */
export const messageLength = (text: string) => [...text.trim()].length;

/** A message's text: trimmed, 1..2,000 characters, line breaks allowed, no other control characters. */
export const messageTextSchema = z
  .string()
  .max(MESSAGE_MAX_LENGTH * 4)
  .refine((text) => messageLength(text) > 0, { message: 'Write a message first.', abort: true })
  .refine((text) => messageLength(text) <= MESSAGE_MAX_LENGTH, {
    message: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters long.`,
    abort: true,
  })
  .refine((text) => !MESSAGE_CONTROL_CHARS.test(text), {
    message: 'A message cannot contain control characters.',
    abort: true,
  })
  .transform((text) => text.trim())
  .meta({ description: 'Text only, 1 to 2,000 characters after trimming; links are shown as text' });

export const sendMessageRequestSchema = z.object({ text: messageTextSchema }).strict().meta({ id: 'SendMessage' });
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const inquiryRequestSchema = z
  .object({ text: messageTextSchema, checkIn: isoDate.optional(), checkOut: isoDate.optional() })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.checkIn === undefined) !== (q.checkOut === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Give both checkIn and checkOut, or neither' });
    } else if (q.checkIn && q.checkOut && (dayNumber(q.checkIn) ?? 0) >= (dayNumber(q.checkOut) ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'checkOut must be after checkIn' });
    }
  })
  .meta({ id: 'InquiryRequest' });
export type InquiryRequest = z.input<typeof inquiryRequestSchema>;

export const inquiryResponseSchema = z.object({ conversationId: z.string() }).meta({ id: 'InquiryResponse' });

export const personSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable().describe('The photo uploaded at sign-up (users.image), or null'),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const messageSchema = z
  .object({
    id: z.string().describe('Also the paging cursor'),
    senderId: z.string().nullable().describe('null when the sender deleted their account'),
    from: z.enum(['guest', 'host']),
    text: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['inquiry', 'booking']),
    viewer: z.enum(['guest', 'host', 'admin']).describe("The caller's side (admins read other people's conversations)"),
    guest: personSchema,
    host: personSchema,
    home: z.object({ id: z.string().nullable(), title: z.string(), image: z.string() }),
    bookingId: z.string().nullable(),
    checkIn: isoDate.nullable(),
    checkOut: isoDate.nullable(),
    lastMessage: messageSchema.nullable(),
    unread: z.number().int().describe('Messages from the other side the caller has not read (0 for an admin)'),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z
  .object({ conversations: z.array(conversationSchema) })
  .meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messagesQuerySchema = z
  .object({
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'cursor: a message id from nextCursor')
      .optional(),
  })
  .strict();

export const messagePageSchema = z
  .object({
    conversation: conversationSchema,
    messages: z.array(messageSchema).describe('Newest first'),
    nextCursor: z.string().nullable().describe('Pass as ?cursor= for older messages; null on the oldest page'),
  })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const sentMessageSchema = z
  .object({ conversationId: z.string(), message: messageSchema })
  .meta({ id: 'SentMessage' });
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const unreadSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadTotal' });

/** What the stream (GET /api/conversations/stream) says: `data` of its `message` and `read` events. */
export const streamEventSchema = z.object({ conversationId: z.string() });
export type StreamEvent = z.infer<typeof streamEventSchema>;
