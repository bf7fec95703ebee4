import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#shared/schemas/common';
import {
  adminReportsQuerySchema,
  blockResponseSchema,
  moderationNoteSchema,
  reportAckSchema,
  reportGroupListSchema,
  reportRequestSchema,
  resolveReportRequestSchema,
  resolveReportResponseSchema,
  suspensionResponseSchema,
} from '#shared/schemas/moderation';
import type { AppContext } from '#server/app-context';
import { authenticated, requireRole, requireUser, withRole } from '#server/auth/guards';
import { HttpError } from '#server/http/errors';
import { perUserLimit } from '#server/http/rate-limits';
import { blockUser, isBlocked, unblockUser } from './blocks-service';
import { createReport, listReportGroups, resolveReport } from './reports-service';
import { suspendUser, unsuspendUser } from './suspension-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const NO_STORE = 'private, no-store';
/** Reports a user may file per hour (ADR 0060): plenty for honest use, little for a flood. */
export const REPORTS_PER_HOUR = 10;

/** Reports, moderation, suspensions and blocks (issue 30, ADR 0060). Admin routes declare their audit action. */
export function moderationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    reportRoutes(app, ctx);
    userRoutes(app, ctx);
  };
}

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Filing reports, and the admin's list and resolution. */
function reportRoutes(app: RouteApp, ctx: AppContext) {
  const reportLimit = perUserLimit(app, {
    name: 'reports',
    max: REPORTS_PER_HOUR,
    windowSeconds: 3600,
    refuse: (seconds) =>
      new HttpError(
        429,
        'too_many_reports',
        `You have sent many reports. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
      ),
  });

  app.post(
    '/reports',
    {
      preValidation: authenticated,
      preHandler: reportLimit,
      schema: {
        tags: ['moderation'],
        summary: 'Report a home, a user, a message or a review to the moderators',
        description:
          'Only something the caller can see (a message of their conversations, from the other party); else 404 ' +
          'report_target_not_found. 409 report_already_open for a second open report of the same target; 429 ' +
          'too_many_reports past the hourly limit. The reported person is never told who reported.',
        body: reportRequestSchema,
        response: { 201: reportAckSchema, ...errors, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await createReport(ctx, requireUser(request).id, request.body)),
  );

  app.get(
    '/admin/reports',
    {
      preValidation: withRole('admin'),
      schema: {
        tags: ['moderation', 'admin'],
        summary: 'Reports grouped by target, most reported first, with the reported content',
        description:
          "A message's conversation is read through GET /api/conversations/{id}/messages, which records the read.",
        querystring: adminReportsQuerySchema,
        response: { 200: reportGroupListSchema, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return { groups: await listReportGroups(ctx, request.query.status) };
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      preValidation: withRole('admin'),
      config: { audit: { action: 'report.resolve', targetType: 'report', targetParam: 'id' } },
      schema: {
        tags: ['moderation', 'admin'],
        summary: 'Resolve a report (and every open report on the same target): dismiss, remove, unlist or suspend',
        description:
          'remove hides a review or a message (kept for the record); unlist takes a home out of search and its ' +
          'page and refuses new holds (bookings kept, the host mailed the note); suspend suspends the target ' +
          'user or its author/host. The note is required. 400 action_not_applicable; 409 report_resolved.',
        params: idParam,
        body: resolveReportRequestSchema,
        response: { 200: resolveReportResponseSchema, ...errors, 409: errorResponse },
      },
    },
    async (request) => resolveReport(ctx, requireRole(request, 'admin').id, request.params.id, request.body),
  );
}

const SUSPENSION_ROUTES = [
  {
    verb: 'suspend',
    summary: 'Suspend a user: sessions end at once, sign-in refused, homes unlisted; answers their stays to come',
    description:
      'Their confirmed upcoming stays are answered for the admin to cancel (DELETE /api/bookings/{id}) or keep.',
    run: suspendUser,
  },
  {
    verb: 'unsuspend',
    summary: 'Lift a suspension: sign-in allowed, homes the suspension unlisted listed again',
    description: undefined,
    run: unsuspendUser,
  },
] as const;

/** Suspensions (admin) and blocks (any signed-in user): the block routes read and write the caller's own blocks. */
function userRoutes(app: RouteApp, ctx: AppContext) {
  // Suspending and lifting it take the same note and answer the same shape: one route each, from one table.
  for (const route of SUSPENSION_ROUTES) {
    app.post(
      `/admin/users/:id/${route.verb}`,
      {
        preValidation: withRole('admin'),
        config: { audit: { action: `user.${route.verb}`, targetType: 'user', targetParam: 'id' } },
        schema: {
          tags: ['moderation', 'admin'],
          summary: route.summary,
          ...(route.description ? { description: route.description } : {}),
          params: idParam,
          body: moderationNoteSchema,
          response: { 200: suspensionResponseSchema, ...errors },
        },
      },
      async (request) => route.run(ctx, request.params.id),
    );
  }

  app.get(
    '/users/:id/block',
    {
      preValidation: authenticated,
      schema: {
        tags: ['moderation'],
        summary: 'Whether the caller blocked this user (the Block button reads it on load)',
        description: 'An unknown user is simply not blocked.',
        params: idParam,
        response: { 200: blockResponseSchema, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return isBlocked(ctx.db, requireUser(request).id, request.params.id);
    },
  );

  app.post(
    '/users/:id/block',
    {
      preValidation: authenticated,
      schema: {
        tags: ['moderation'],
        summary: 'Block a user from messaging you (idempotent)',
        description: 'Their messages to you are refused with 403 blocked. 400 own_account; 404 for an unknown user.',
        params: idParam,
        response: { 200: blockResponseSchema, ...errors },
      },
    },
    async (request) => blockUser(ctx.db, requireUser(request).id, request.params.id),
  );

  app.delete(
    '/users/:id/block',
    {
      preValidation: authenticated,
      schema: {
        tags: ['moderation'],
        summary: 'Unblock a user (idempotent)',
        params: idParam,
        response: { 200: blockResponseSchema, ...errors },
      },
    },
    async (request) => unblockUser(ctx.db, requireUser(request).id, request.params.id),
  );
}
