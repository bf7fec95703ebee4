import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#shared/schemas/common';
import {
  conversationListSchema,
  inquiryRequestSchema,
  inquiryResponseSchema,
  messagePageSchema,
  messagesQuerySchema,
  sendMessageRequestSchema,
  sentMessageSchema,
  unreadSchema,
} from '#shared/schemas/messages';
import type { AppContext } from '#server/app-context';
import { authenticated, requireUser } from '#server/auth/guards';
import { HttpError } from '#server/http/errors';
import { perUserLimit } from '#server/http/rate-limits';
import { MESSAGES_PER_MINUTE } from './messages-limits';
import type { LiveStreams } from './messages-stream';
import { listConversations, readMessages, sendMessage, unreadTotal } from './messages-service';
import { sendBookingMessage, sendInquiry } from './messages-threads';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const writeErrors = { ...errors, 409: errorResponse, 429: errorResponse };
const NO_STORE = 'private, no-store';
const STREAMS_FULL_RETRY_SECONDS = 60;

export function messagesRoutes(ctx: AppContext, streams: LiveStreams): FastifyPluginAsyncZod {
  return async (app) => {
    conversationRoutes(app, ctx, streams);
    messageRoutes(app, ctx);
  };
}

/**
 * The preHandler of every route that sends a message (inquiries and booking messages included): one
 * counter per user across them; 429 too_many_messages past the limit.
 */
function messagesLimit(app: FastifyInstance) {
  return perUserLimit(app, {
    name: 'messages',
    max: MESSAGES_PER_MINUTE,
    windowSeconds: 60,
    refuse: (seconds) =>
      new HttpError(
        429,
        'too_many_messages',
        `You are sending messages too quickly. Please wait ${seconds} seconds and try again.`,
      ),
  });
}

/** The caller's conversations: the list, the unread count and the live stream. */
function conversationRoutes(app: RouteApp, ctx: AppContext, streams: LiveStreams) {
  app.get(
    '/conversations',
    {
      preValidation: authenticated,
      schema: {
        tags: ['messages'],
        summary: "The caller's conversations, newest activity first (at most 200)",
        description: 'Each with the other person (name, photo), the home, the last message and the unread count.',
        response: { 200: conversationListSchema, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return listConversations(ctx, requireUser(request));
    },
  );

  app.get(
    '/conversations/unread',
    {
      preValidation: authenticated,
      schema: {
        tags: ['messages'],
        summary: "Unread messages over all the caller's conversations (the header's badge)",
        response: { 200: unreadSchema, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return unreadTotal(ctx, requireUser(request));
    },
  );

  app.get(
    '/conversations/stream',
    {
      preValidation: authenticated,
      // A compressed stream would be buffered until a block fills: never compress it.
      compress: false,
      schema: {
        tags: ['messages'],
        summary: 'Live events for the caller (Server-Sent Events; session cookie)',
        description:
          '`event: ready` first; then `event: message` (a new message) and `event: read` (the caller read a ' +
          'conversation elsewhere), each with `data: {"conversationId"}`; a comment line as heartbeat. The stream ' +
          "ends after some minutes and on shutdown; EventSource reconnects by itself. A user's stream beyond " +
          'the per-user cap ends their oldest; 503 `too_many_streams` when this process holds its cap.',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), 401: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const opened = streams.open(requireUser(request).id);
      if (!opened) {
        // EventSource does not retry a 503: the page polls instead (client live.ts), and the sockets left
        // serve ordinary requests. Retry-After is for other clients.
        return reply
          .status(503)
          .header('retry-after', String(STREAMS_FULL_RETRY_SECONDS))
          .send({
            error: {
              code: 'too_many_streams',
              message: 'Live updates are busy; this page checks for messages instead.',
            },
          });
      }
      const { stream } = opened;
      request.raw.once('close', () => stream.destroy());
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'private, no-cache, no-transform')
        // nginx and similar proxies would otherwise buffer the stream.
        .header('x-accel-buffering', 'no')
        // The socket closes with the stream (at shutdown too): it never idles in a keep-alive pool.
        .header('connection', 'close');
      // The 200 schema documents the stream; Fastify sends a stream as it is, never through a serializer.
      return reply.send(stream as unknown as string);
    },
  );
}

/** Messages in a conversation, and the first message about a home or a booking. */
function messageRoutes(app: RouteApp, ctx: AppContext) {
  // One sending counter per user across the three write routes.
  const sendingLimit = messagesLimit(app);
  app.get(
    '/conversations/:id/messages',
    {
      config: { audit: { action: 'conversation.read', targetType: 'conversation', targetParam: 'id' } },
      preValidation: authenticated,
      schema: {
        tags: ['messages'],
        summary: 'A page of messages, newest first; ?cursor= for older ones. Marks the conversation read',
        description:
          'Only its guest and host, and admins (read-only, each read recorded in the audit log); anyone ' +
          'else gets 404, as for an unknown id.',
        params: idParam,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return readMessages(ctx, requireUser(request), request.params.id, request.query.cursor, request.id);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      preValidation: authenticated,
      preHandler: sendingLimit,
      schema: {
        tags: ['messages'],
        summary: 'Write in a conversation (its guest or host; admins 403; anyone else 404)',
        description: '429 too_many_messages past the per-user sending limit.',
        params: idParam,
        body: sendMessageRequestSchema,
        response: { 201: sentMessageSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const sent = await sendMessage(ctx, requireUser(request), request.params.id, request.body.text);
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/home/:id/inquiries',
    {
      preValidation: authenticated,
      preHandler: sendingLimit,
      schema: {
        tags: ['messages'],
        summary: "Ask a home's host a question before booking (one conversation per home and guest)",
        description: "403 own_home for the home's host; 409 host_unavailable when the host's account is gone.",
        params: idParam,
        body: inquiryRequestSchema,
        response: { 201: inquiryResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const sent = await sendInquiry(ctx, requireUser(request), request.params.id, request.body);
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/bookings/:id/messages',
    {
      preValidation: authenticated,
      preHandler: sendingLimit,
      schema: {
        tags: ['messages'],
        summary: "Write in a booking's conversation (made when missing): its guest or host",
        description:
          '409 not_confirmed for a booking never confirmed; admins 403; anyone else 404, as for an unknown id.',
        params: idParam,
        body: sendMessageRequestSchema,
        response: { 201: sentMessageSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const sent = await sendBookingMessage(ctx, requireUser(request), request.params.id, request.body.text);
      return reply.status(201).send(sent);
    },
  );
}
