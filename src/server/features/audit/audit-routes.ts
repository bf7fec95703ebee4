/** The audit log for admins (issue 30): GET /api/admin/audit. Rows are written by audit-hook.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '#shared/schemas/audit';
import { errorResponse } from '#shared/schemas/common';
import type { AppContext } from '#server/app-context';
import { requireRole, withRole } from '#server/auth/guards';
import { listAudit } from './audit-queries';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit',
      {
        preValidation: withRole('admin'),
        schema: {
          tags: ['admin', 'audit'],
          summary: "The audit log of admins' actions, newest first",
          description:
            'Each successful call of an audited route by an admin (approve/decline a host, cancel, refund, moderation, ' +
            'reading a conversation or a document, exports): who, what, when, to what and why. Filters combine; ' +
            '`from` inclusive, `to` exclusive (a date is its start, UTC). Pages of 50: pass `nextCursor` as `cursor`.',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'private, no-store');
        return listAudit(ctx.db, request.query);
      },
    );
  };
}
