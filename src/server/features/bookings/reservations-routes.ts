/** The host's reservations: GET /api/host/reservations and POST /api/host/reservations/:id/cancel. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#shared/schemas/common';
import { acceptRequestSchema, declineRequestSchema } from '#shared/schemas/bookings';
import {
  hostDecisionResponseSchema,
  hostCancelRequestSchema,
  hostCancelResponseSchema,
  openRequestCountSchema,
  reservationListSchema,
  reservationsQuerySchema,
} from '#shared/schemas/reservations';
import type { AppContext } from '#server/app-context';
import { requireRole, sameEmail, withRole } from '#server/auth/guards';
import { forbidden } from '#server/domain-errors';
import { hostCancelBooking } from './host-cancellation';
import { acceptRequest, declineRequest } from './booking-requests';
import { countOpenRequests, listReservations } from './reservations-queries';

export function reservationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/host/reservations',
      {
        preValidation: withRole('host', 'admin'),
        schema: {
          tags: ['reservations'],
          summary: "The signed-in host's reservations across their homes (an admin names the host with ?hostEmail=)",
          description:
            'Confirmed stays and cancelled ones that had been confirmed, with the guest, dates, guests, message and ' +
            'amount; current and upcoming first (by check-in), then past ones newest first. `when` and `homeId` filter.',
          querystring: reservationsQuerySchema,
          response: { 200: reservationListSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
        },
      },
      async (request, reply) => {
        const me = requireRole(request, 'host', 'admin');
        const { hostEmail, homeId, when } = request.query;
        if (hostEmail !== undefined && me.role !== 'admin' && !sameEmail(hostEmail, me.email)) {
          throw forbidden("Only an admin can see another host's reservations");
        }
        reply.header('cache-control', 'private, no-store');
        const reservations = await listReservations(
          ctx.db,
          ctx.clock.now(),
          {
            hostEmail: hostEmail ?? me.email,
            ...(homeId !== undefined && { homeId }),
            ...(when !== undefined && { when }),
          },
          ctx.ledger?.payoutDelayHours,
        );
        return { reservations };
      },
    );

    app.get(
      '/host/requests/count',
      {
        preValidation: withRole('host', 'admin'),
        schema: {
          tags: ['reservations'],
          summary: "How many requests to book at the signed-in host's homes wait for an answer",
          description:
            'The header polls it (every 30 s while visible). Counts status `requested` whose `respondBy` has not ' +
            'passed, so a request the sweeper has not expired yet is not counted.',
          response: { 200: openRequestCountSchema, 401: errorResponse, 403: errorResponse },
        },
      },
      async (request, reply) => {
        const me = requireRole(request, 'host', 'admin');
        reply.header('cache-control', 'private, no-store');
        return { count: await countOpenRequests(ctx.db, ctx.clock.now(), me.email) };
      },
    );

    app.post(
      '/host/reservations/:id/cancel',
      {
        config: { audit: { action: 'booking.cancel_for_host', targetType: 'booking', targetParam: 'id' } },
        preValidation: withRole('host', 'admin'),
        schema: {
          tags: ['reservations'],
          summary: 'The host cancels a confirmed stay with a reason: the guest is refunded in full, both are mailed',
          description:
            'The nights are free again at once. A repeat answers the cancelled reservation again (a refund that ' +
            'failed is retried). 409 not_confirmed for a booking that is not confirmed, 409 stay_over once the guest ' +
            "checked out; 404 for a booking at another host's home, as for an unknown id.",
          params: idParam,
          body: hostCancelRequestSchema,
          response: {
            200: hostCancelResponseSchema,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) =>
        hostCancelBooking(ctx, requireRole(request, 'host', 'admin'), request.params.id, request.body.reason),
    );

    registerRequestDecisions(app, ctx);
  };
}

/** POST /api/host/reservations/:id/accept and /decline: the host's answer to a booking request (ADR 0050). */
function registerRequestDecisions(app: Parameters<FastifyPluginAsyncZod>[0], ctx: AppContext) {
  const decisionResponses = {
    200: hostDecisionResponseSchema,
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    404: errorResponse,
    409: errorResponse,
    503: errorResponse,
  };

  app.post(
    '/host/reservations/:id/accept',
    {
      config: { audit: { action: 'booking.accept', targetType: 'booking', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['reservations'],
        summary: "The host accepts a booking request: the guest's card is charged and the stay is confirmed",
        description:
          'Captures the authorisation, then requested -> confirmed; the guest and the host are mailed. 409 ' +
          'not_requested when the booking is no longer requested (answered, withdrawn, or past respondBy), 409 ' +
          "authorisation_lapsed when the card's authorisation ended; 404 for another host's booking, as for an unknown id.",
        params: idParam,
        body: acceptRequestSchema,
        response: decisionResponses,
      },
    },
    async (request) => acceptRequest(ctx, requireRole(request, 'host', 'admin'), request.params.id),
  );

  app.post(
    '/host/reservations/:id/decline',
    {
      config: { audit: { action: 'booking.decline', targetType: 'booking', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['reservations'],
        summary: 'The host declines a booking request, with an optional message: the authorisation is released',
        description:
          'requested -> declined; the dates are free again and the guest is mailed with the message (plain text, at ' +
          "most 1000 characters). 409 not_requested when the booking is no longer requested; 404 for another host's booking.",
        params: idParam,
        body: declineRequestSchema,
        response: decisionResponses,
      },
    },
    async (request) =>
      declineRequest(ctx, requireRole(request, 'host', 'admin'), request.params.id, request.body.message),
  );
}
