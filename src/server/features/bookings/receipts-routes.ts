/** The price before a hold, the refund before a cancellation, a booking's receipt and the history (ADR 0019). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingHistoryQuerySchema,
  bookingListSchema,
  bookingSchema,
  cancellationQuoteSchema,
  stayQuoteQuerySchema,
  stayQuoteSchema,
} from '#shared/schemas/bookings';
import { errorResponse, idParam } from '#shared/schemas/common';
import type { AppContext } from '#server/app-context';
import { authenticated, requireRole, requireUser } from '#server/auth/guards';
import { mayManage } from './bookings-cancellation';
import { cancellationQuote, quoteHomeStay } from './bookings-pricing';
import { findReceipt, listHistory } from './bookings-queries';
import { effectiveBookingMode } from './booking-requests';
import { findHome } from '../homes/homes-service';

export function receiptsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/home/:id/quote',
      {
        schema: {
          tags: ['bookings'],
          summary: 'The price of a stay at this home, line by line, as a hold placed now would charge it',
          description:
            "Each night's price (a price period, else the weekend price on Friday and Saturday nights, else the base " +
            'price), the length-of-stay and timing discounts, extra guests, the cleaning fee, the service fee ' +
            '(SERVICE_FEE_PERCENT) and the tax (TAX_PERCENT, the "VAT" line), in cents; each share rounded to the ' +
            'nearest cent, halves up; the security deposit apart (held, not charged). Public. 400 for dates that ' +
            "make no stay, more nights than a booking may have or more guests than the home's total_guest; " +
            "availability is not checked here. `bookingMode` is the caller's: request when the home asks for " +
            'requests or the signed-in caller misses one of its instant-book requirements.',
          params: idParam,
          querystring: stayQuoteQuerySchema,
          response: { 200: stayQuoteSchema, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        // The booking mode depends on who asks (ADR 0050): never shared between callers.
        reply.header('cache-control', 'private, no-cache');
        const quote = await quoteHomeStay(ctx, request.params.id, request.query);
        const home = await findHome(ctx.db, request.params.id);
        const bookingMode = home ? await effectiveBookingMode(ctx, request.identity?.id ?? null, home) : 'instant';
        return { ...quote, bookingMode };
      },
    );

    app.get(
      '/bookings/:id/cancellation',
      {
        preValidation: authenticated,
        schema: {
          tags: ['bookings'],
          summary:
            'What cancelling this booking now would refund (the cancel dialog shows it before the guest confirms)',
          description:
            "A guest's own cancellation follows the policy the booking was made with; an admin cancelling someone " +
            "else's booking refunds in full. Who may not cancel it gets 404, as for an unknown id.",
          params: idParam,
          response: { 200: cancellationQuoteSchema, 401: errorResponse, 404: errorResponse, 409: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return cancellationQuote(ctx, requireUser(request), request.params.id, mayManage);
      },
    );

    app.get(
      '/bookings/:id/receipt',
      {
        preValidation: authenticated,
        schema: {
          tags: ['bookings'],
          summary: 'One booking with its price breakdown, policy and refund: its guest, its host or an admin',
          params: idParam,
          response: { 200: bookingSchema, 401: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return findReceipt(ctx, requireUser(request), request.params.id);
      },
    );

    app.get(
      '/bookings/history',
      {
        preValidation: authenticated,
        schema: {
          tags: ['bookings'],
          summary:
            "Cancelled and past bookings, newest stay first: your own (as=guest), your homes' (as=host), all (as=admin)",
          querystring: bookingHistoryQuerySchema,
          response: { 200: bookingListSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
        },
      },
      async (request, reply) => {
        const { as } = request.query;
        const caller =
          as === 'admin'
            ? requireRole(request, 'admin')
            : as === 'host'
              ? requireRole(request, 'host', 'admin')
              : requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return listHistory(ctx, caller, as);
      },
    );
  };
}
