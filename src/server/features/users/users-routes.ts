import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#shared/schemas/common';
import {
  approvalRequestSchema,
  emailParam,
  hostRequestSchema,
  putUserBodySchema,
  type PutUserBody,
  putUserResponseSchema,
  userListSchema,
  userSchema,
} from '#shared/schemas/users';
import type { AppContext } from '#server/app-context';
import type { Auth } from '#server/auth/auth';
import { authenticated, requireRole, requireSelfOrAdmin, requireUser, sameEmail, withRole } from '#server/auth/guards';
import { revokeUserSessions, rotateOwnSession, signSessionToken } from '#server/auth/sessions';
import { invalid, forbidden, notFound } from '#server/domain-errors';
import { auditAs, notAnAdminAction } from '../audit/audit-hook';
import { isOwnDocumentUrl } from '../uploads/uploads-service';
import { queueHostDecisionMail } from './users-mail';
import { decideHostRequest, findUserByEmail, listUsers, requestHost, toUser } from './users-service';

const DOCUMENT_PREFIX = '/api/documents/';

/**
 * The host request's document must be one the caller uploaded (POST /api/uploads?purpose=document):
 * its key carries the uploader's owner tag, and it must still be in storage.
 */
async function assertOwnDocument(ctx: AppContext, url: string, userId: string) {
  if (!isOwnDocumentUrl(url, userId)) throw forbidden('This document was not uploaded by you');
  const object = await ctx.storage.head(url.slice(DOCUMENT_PREFIX.length), 'private');
  if (!object) throw invalid('Your document was not found. Upload it again.', 'unknown_document');
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Users (spec section 7). PUT /api/user/:email has three uses:
 * - token `{email}`: the caller's own email only; answers a bearer token for the current session;
 * - host request `{email, location, docImage, role: "requested"}`: own email only, only from no role,
 *   docImage a document the caller uploaded (`/api/documents/<key>`, POST /api/uploads?purpose=document);
 *   the caller's session is rotated (new cookie, old sessions revoked);
 * - approval `{role: "host"}` / decline `{role: null}` (other fields of the user tolerated), with an optional
 *   `reason`: admin only, only for a user whose role is "requested"; that user's sessions are revoked (they
 *   sign in again, and their browser is told why) and they get a mail with the decision and the reason.
 * Role admin is never granted here; anything else is 403 (or 400 for a wrong shape / unknown field).
 */
export function usersRoutes(ctx: AppContext, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        preValidation: withRole('admin'),
        schema: { tags: ['users'], summary: 'All users (admin)', response: { 200: userListSchema, ...errors } },
      },
      async () => (await listUsers(ctx.db)).map(toUser),
    );

    app.get(
      '/user/:email',
      {
        preValidation: authenticated,
        schema: {
          tags: ['users'],
          summary: 'One user with their role (null = none); yourself or, for an admin, anyone',
          params: emailParam,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => {
        requireSelfOrAdmin(request, request.params.email);
        const row = await findUserByEmail(ctx.db, request.params.email);
        if (!row) throw notFound('No user with this email');
        return toUser(row);
      },
    );

    app.put(
      '/user/:email',
      {
        config: { audit: { action: 'host.decide', targetType: 'user' } },
        preValidation: authenticated,
        schema: {
          tags: ['users'],
          summary: 'Token for API clients, host request, or approval/decline of a host request (see description)',
          description:
            'Body {email}: own email only; answers {token} (send it as Authorization: Bearer <token>). ' +
            'Body {email, location, docImage, role: "requested"}: own email only, from no role. ' +
            'Body {role: "host"} or {role: null} (the user\'s other fields tolerated), optional reason (mailed to the user): ' +
            'admin only, for a requested user.',
          params: emailParam,
          body: putUserBodySchema,
          response: { 200: putUserResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const me = requireUser(request);
        const { email } = request.params;
        const body = request.body;
        if (body.email !== undefined && !sameEmail(body.email, email))
          throw invalid('The email in the body must be the one in the URL');

        if (body.role === 'admin') throw forbidden('Nobody becomes an admin through the API');
        // A token or a host request is the caller's own business, not an admin action (ADR 0059).
        if (body.role === undefined || body.role === 'requested') notAnAdminAction(request);
        if (body.role === undefined) {
          const fields = Object.keys(body);
          if (fields.length !== 1 || fields[0] !== 'email') throw invalid('Send {email} for a token, or a role change');
          if (!sameEmail(email, me.email)) throw forbidden('You can only get a token for yourself');
          return {
            acknowledged: true,
            modifiedCount: 0,
            upsertedCount: 0,
            token: signSessionToken(me.sessionToken, ctx.config.authSecret),
          };
        }

        if (body.role === 'requested') {
          if (!sameEmail(email, me.email)) throw forbidden('You can only ask to become a host for yourself');
          const parsed = hostRequestSchema.safeParse(body);
          if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid host request');
          if (me.role !== null) throw forbidden('Your request was already sent, or you already have a role');
          await assertOwnDocument(ctx, parsed.data.docImage, me.id);
          if (!(await requestHost(ctx.db, me.id, parsed.data.location, parsed.data.docImage))) {
            throw forbidden('Your request was already sent, or you already have a role');
          }
          await rotateOwnSession(auth, ctx.db, me.id, reply, ctx.config.authSecret);
          return { acknowledged: true, modifiedCount: 1, upsertedCount: 0 };
        }

        await decideHost(ctx, request, email, body);
        return { acknowledged: true, modifiedCount: 1, upsertedCount: 0 };
      },
    );
  };
}

/** An admin's approval `{role: "host"}` or decline `{role: null}` of a pending host request (audited). */
async function decideHost(ctx: AppContext, request: FastifyRequest, email: string, body: PutUserBody) {
  requireRole(request, 'admin');
  const parsed = approvalRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid approval');
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw notFound('No user with this email');
  const decision = {
    to: target.email,
    name: target.name,
    approved: parsed.data.role === 'host',
    reason: parsed.data.reason,
  };
  // The mail commits with the decision (ADR 0046): an admin who loses a race to decide mails nobody.
  const decided =
    target.role === 'requested' &&
    (await decideHostRequest(ctx, target.id, parsed.data.role, (tx) =>
      queueHostDecisionMail(ctx.mail, tx, decision, ctx.publicUrl),
    ));
  if (!decided) throw forbidden('Only a pending host request can be approved or declined');
  auditAs(request, { action: decision.approved ? 'host.approve' : 'host.decline', targetId: target.id });
  await revokeUserSessions(ctx.db, target.id, 'role_changed');
}
