import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import { homeIdParam, wishlistQuerySchema, wishlistSchema } from '#shared/schemas/wishlist';
import type { AppContext } from '#server/app-context';
import { authenticated, requireUser } from '#server/auth/guards';
import { listWishlist, removeHome, saveHome } from './wishlist-service';

const noContent = z.null().describe('No content');

/** The signed-in user's saved homes (issue 12). */
export function wishlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wishlist',
      {
        preValidation: authenticated,
        schema: {
          tags: ['wishlist'],
          summary: 'Your saved homes, last saved first, with the current price and, for checkIn/checkOut, whether free',
          querystring: wishlistQuerySchema,
          response: { 200: wishlistSchema, 400: errorResponse, 401: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return listWishlist(ctx, requireUser(request).id, request.query);
      },
    );

    app.put(
      '/wishlist/:homeId',
      {
        preValidation: authenticated,
        schema: {
          tags: ['wishlist'],
          summary: 'Save a home (idempotent: 204 again when already saved; 404 for an unknown home)',
          params: homeIdParam,
          response: { 204: noContent, 401: errorResponse, 404: errorResponse, 409: errorResponse },
        },
      },
      async (request, reply) => {
        await saveHome(ctx, requireUser(request).id, request.params.homeId);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/wishlist/:homeId',
      {
        preValidation: authenticated,
        schema: {
          tags: ['wishlist'],
          summary: 'Remove a home from your wishlist (idempotent: 204 whether or not it was there)',
          params: homeIdParam,
          response: { 204: noContent, 401: errorResponse },
        },
      },
      async (request, reply) => {
        await removeHome(ctx, requireUser(request).id, request.params.homeId);
        return reply.status(204).send(null);
      },
    );
  };
}
