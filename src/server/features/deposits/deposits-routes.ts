/**
 * Security deposits (issue 27): each side's view of them, the host's damage claim, the admin's
 * list of claims and decision.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#shared/schemas/common';
import {
  bookingIdParam,
  damageClaimListSchema,
  damageClaimRequestSchema,
  damageDecisionSchema,
  depositListSchema,
  depositSchema,
  depositsQuerySchema,
} from '#shared/schemas/deposits';
import type { AppContext } from '#server/app-context';
import { authenticated, requireRole, requireUser, withRole } from '#server/auth/guards';
import { decideDamageClaim, fileDamageClaim, listDamageClaims, listDeposits } from './deposits-service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  503: errorResponse,
};

export function depositsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/deposits',
      {
        preValidation: authenticated,
        schema: {
          tags: ['deposits'],
          summary: "The security deposits of the caller's bookings (as=guest) or of their homes' bookings (as=host)",
          querystring: depositsQuerySchema,
          response: { 200: depositListSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
        },
      },
      async (request, reply) => {
        const as = request.query.as;
        const me = as === 'host' ? requireRole(request, 'host') : requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return { deposits: await listDeposits(ctx, me, as) };
      },
    );

    app.post(
      '/host/reservations/:id/damage-claim',
      {
        preValidation: withRole('host'),
        schema: {
          tags: ['deposits', 'reservations'],
          summary: "The home's host claims damage against the stay's security deposit: an amount and a reason",
          description:
            'Once per stay, from the check-in day until the deposit is released (check-out + DEPOSIT_RELEASE_DAYS). ' +
            'The amount (dollars) is at most the deposit; the deposit stays held until an admin decides. The guest ' +
            "is mailed. 404 for a booking at another host's home; 409 no_deposit, not_confirmed, stay_not_started, " +
            'claim_window_closed, already_claimed.',
          params: idParam,
          body: damageClaimRequestSchema,
          response: { 200: depositSchema, ...errors },
        },
      },
      async (request) => fileDamageClaim(ctx, requireRole(request, 'host'), request.params.id, request.body),
    );

    app.get(
      '/admin/damage-claims',
      {
        preValidation: withRole('admin'),
        schema: {
          tags: ['deposits', 'admin'],
          summary: 'Damage claims: undecided first (oldest first), then decided ones',
          response: { 200: damageClaimListSchema, 401: errorResponse, 403: errorResponse },
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'private, no-store');
        return { claims: await listDamageClaims(ctx) };
      },
    );

    app.post(
      '/admin/damage-claims/:bookingId/decide',
      {
        config: { audit: { action: 'claim.decide', targetType: 'claim', targetParam: 'bookingId' } },
        preValidation: withRole('admin'),
        schema: {
          tags: ['deposits', 'admin'],
          summary: 'Decide a damage claim: { capture: dollars } (at most the claim) or { release: true }',
          description:
            'Capture charges that much of the held deposit and lets the rest go; release lets all of it go. Guest and ' +
            'host are mailed. 409 no_claim, already_decided; 503 when the payment provider is unreachable.',
          params: bookingIdParam,
          body: damageDecisionSchema,
          response: { 200: depositSchema, ...errors },
        },
      },
      async (request) => decideDamageClaim(ctx, requireRole(request, 'admin'), request.params.bookingId, request.body),
    );
  };
}
