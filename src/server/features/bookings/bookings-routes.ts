import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListSchema,
  bookingMessageRequestSchema,
  bookingsQuerySchema,
  createBookingRequestSchema,
  releaseHoldResponseSchema,
  unavailableDatesSchema,
} from '#shared/schemas/bookings';
import {
  acknowledgedDelete,
  acknowledgedInsert,
  acknowledgedUpdate,
  errorResponse,
  idParam,
} from '#shared/schemas/common';
import { paymentIntentRequestSchema, paymentIntentResponseSchema } from '#shared/schemas/payments';
import { addDays, calendarDate } from '#shared/stay';
import type { AppContext } from '#server/app-context';
import { authenticated, requireRole, requireSelfOrAdmin, requireUser } from '#server/auth/guards';
import { notFound } from '#server/domain-errors';
import { findHome } from '../homes/homes-service';
import { cancelBooking } from './bookings-cancellation';
import { confirmBooking } from './bookings-confirmation';
import { placeHold } from './bookings-holds';
import { releaseHold, saveHoldMessage } from './bookings-hold-release';
import { listBookings, unavailableRanges } from './bookings-queries';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export function bookingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    holdRoutes(app, ctx);
    bookingListRoutes(app, ctx);
  };
}

/** Placing a booking: the hold and its payment, releasing it, confirming it. */
function holdRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/payment-intent',
    {
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Hold the dates for 15 minutes and create the card payment for them',
        description:
          "The total comes from the home's stored price. 409 dates_unavailable when the dates are taken, " +
          '409 price_changed when `price` differs from the server total, 400 amount_too_large above $999,999.99, ' +
          '429 too_many_holds when the guest already has 2 live holds (opening the checkout of one of them again reuses it).',
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema, ...errors, 429: errorResponse, 502: errorResponse },
      },
    },
    async (request) => placeHold(ctx, requireUser(request), request.body),
  );

  app.post(
    '/payment-intent/:id/release',
    {
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'The guest left the checkout: their unpaid hold is given up and its payment cancelled',
        description:
          'The id is the `paymentIntentId` the payment intent answered. A paid hold is never released ' +
          "(`released: false`); an intent that is not the caller's answers 404. Sent by the browser with " +
          '`fetch(..., { keepalive: true })` when the checkout page is left.',
        params: z.object({ id: z.string().min(1).max(200) }).strict(),
        response: { 200: releaseHoldResponseSchema, 401: errorResponse, 404: errorResponse, 502: errorResponse },
      },
    },
    async (request) => releaseHold(ctx, requireUser(request), request.params.id),
  );

  app.patch(
    '/bookings/:id',
    {
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: "Keep the guest's note to the host with their hold, before it is paid",
        description: 'Only the guest of a held booking; 409 not_held once it is confirmed, cancelled or expired.',
        params: idParam,
        body: bookingMessageRequestSchema,
        response: { 200: acknowledgedUpdate, ...errors },
      },
    },
    async (request) => saveHoldMessage(ctx, requireUser(request), request.params.id, request.body.message),
  );

  app.post(
    '/bookings',
    {
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Confirm a paid hold (the server asks the payment provider); repeating it answers the same',
        body: createBookingRequestSchema,
        response: { 200: acknowledgedInsert, ...errors, 402: errorResponse, 502: errorResponse },
      },
    },
    async (request) => confirmBooking(ctx, requireUser(request), request.body),
  );
}

/** Reading and cancelling bookings, and the nights a home is taken. */
function bookingListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/bookings',
    {
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Bookings newest first: ?email= (yourself, or anyone for an admin), or all (admin)',
        querystring: bookingsQuerySchema,
        response: { 200: bookingListSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { email } = request.query;
      if (email !== undefined) requireSelfOrAdmin(request, email);
      else requireRole(request, 'admin');
      reply.header('cache-control', 'private, no-store');
      return listBookings(ctx, { guestEmail: email });
    },
  );

  app.get(
    '/home/:id/unavailable',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Dates of this home already held, booked or blocked (without saying why), so the date picker can grey them out',
        params: idParam,
        response: { 200: unavailableDatesSchema, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const home = await findHome(ctx.db, request.params.id);
      if (!home) throw notFound('No home with this id');
      const viewer = request.identity?.id;
      reply.header('cache-control', viewer ? 'private, no-cache' : 'no-cache');
      const since = addDays(calendarDate(ctx.clock.now(), 'UTC'), -1);
      return { ranges: await unavailableRanges(ctx, home.id, since, viewer) };
    },
  );

  app.delete(
    '/bookings/:id',
    {
      config: { audit: { action: 'booking.cancel', targetType: 'booking', targetParam: 'id' } },
      preValidation: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Cancel a booking (the guest or an admin); the payment is refunded and the dates are free again',
        description:
          'Mails the guest (and the host, for a confirmed or paid booking) with the refunded amount. A repeat answers ' +
          '`deletedCount: 0`; a booking the caller may not manage answers 404, as an unknown id. A confirmed ' +
          'stay whose check-in day has begun answers 409 `stay_started`.',
        params: idParam,
        response: {
          200: acknowledgedDelete,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => cancelBooking(ctx, requireUser(request), request.params.id),
  );
}
