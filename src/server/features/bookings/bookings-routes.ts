import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingListSchema,
  bookingsQuerySchema,
  createBookingRequestSchema,
  unavailableDatesSchema,
} from '#shared/schemas/bookings';
import { acknowledgedDelete, acknowledgedInsert, errorResponse, idParam } from '#shared/schemas/common';
import { paymentIntentRequestSchema, paymentIntentResponseSchema } from '#shared/schemas/payments';
import { addDays, calendarDate } from '#shared/stay';
import type { AppContext } from '#server/app-context';
import { authenticated, requireRole, requireSelfOrAdmin, requireUser } from '#server/auth/guards';
import { notFound } from '#server/http/errors';
import { findHome } from '../homes/homes-service';
import { cancelBooking } from './bookings-cancellation';
import { confirmBooking } from './bookings-confirmation';
import { placeHold } from './bookings-holds';
import { listBookings, unavailableRanges } from './bookings-queries';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export function bookingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
          summary: 'Dates of this home already held or booked, so the date picker can grey them out',
          params: idParam,
          response: { 200: unavailableDatesSchema, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const home = await findHome(ctx.db, request.params.id);
        if (!home) throw notFound('No home with this id');
        reply.header('cache-control', 'no-cache');
        const since = addDays(calendarDate(ctx.clock.now(), 'UTC'), -1);
        return { ranges: await unavailableRanges(ctx, home.id, since) };
      },
    );

    app.delete(
      '/bookings/:id',
      {
        preValidation: authenticated,
        schema: {
          tags: ['bookings'],
          summary: 'Cancel a booking (the guest or an admin); the payment is refunded and the dates are free again',
          params: idParam,
          response: { 200: acknowledgedDelete, 401: errorResponse, 403: errorResponse, 404: errorResponse },
        },
      },
      async (request) => cancelBooking(ctx, requireUser(request), request.params.id),
    );
  };
}
