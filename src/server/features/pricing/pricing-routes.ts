/** A host's price periods (issue 27): list, add (cutting the periods it covers), change, remove. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponse, idParam } from '#shared/schemas/common';
import {
  createPricePeriodSchema,
  pricePeriodListSchema,
  pricePeriodParams,
  pricePeriodSchema,
  updatePricePeriodSchema,
} from '#shared/schemas/pricing';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { authenticated, isAdmin, requireUser } from '#server/auth/guards';
import { forbidden, notFound } from '#server/domain-errors';
import { findHome } from '../homes/homes-service';
import { createPricePeriod, deletePricePeriod, listPricePeriods, updatePricePeriod } from './price-periods-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export function pricingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The home, when the caller is its host or an admin: 404 for an unknown home, 403 for anyone else (as its calendar). */
  async function ownHome(request: FastifyRequest, id: string) {
    const me = requireUser(request);
    const home = await findHome(ctx.db, id);
    if (!home) throw notFound('No home with this id');
    if (home.hostId !== me.id && !isAdmin(me)) throw forbidden("Only this home's host can see or change its prices");
    return home;
  }

  return async (app) => {
    app.get(
      '/home/:id/price-periods',
      {
        preValidation: authenticated,
        schema: {
          tags: ['pricing'],
          summary: "A home's price periods, first nights first (its host or an admin)",
          description: 'Guests see the prices of their dates in the quote (GET /api/home/{id}/quote), night by night.',
          params: idParam,
          response: { 200: pricePeriodListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const home = await ownHome(request, request.params.id);
        reply.header('cache-control', 'private, no-store');
        return listPricePeriods(ctx.db, home.id);
      },
    );

    app.post(
      '/home/:id/price-periods',
      {
        config: { audit: { action: 'home.price_period_add', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['pricing'],
          summary: 'Set a nightly price for the nights [from, to) of a home (its host or an admin)',
          description:
            'Wins over the base and weekend prices for those nights. Nights already in another period take the new ' +
            'price: that period shrinks, or splits around the new one. Bookings keep the prices they were held with. ' +
            '400 dates_in_past for nights already over at the home.',
          params: idParam,
          body: createPricePeriodSchema,
          response: { 201: pricePeriodSchema, ...errors, 409: errorResponse },
        },
      },
      async (request, reply) => {
        const home = await ownHome(request, request.params.id);
        const created = await createPricePeriod(ctx, home, request.body);
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/home/:id/price-periods/:periodId',
      {
        config: { audit: { action: 'home.price_period_change', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['pricing'],
          summary: 'Change the nightly price and/or the nights of a price period (its host or an admin)',
          description:
            'The period keeps its id. Nights it gains are taken from other periods as in POST. Only nights not yet ' +
            'over may join or leave it: a period already under way may change its price and its end, not its start ' +
            '(400 dates_in_past). Bookings keep the prices they were held with. 404 for a period of another home.',
          params: pricePeriodParams,
          body: updatePricePeriodSchema,
          response: { 200: pricePeriodSchema, ...errors, 409: errorResponse },
        },
      },
      async (request) => {
        const home = await ownHome(request, request.params.id);
        return updatePricePeriod(ctx, home, request.params.periodId, request.body);
      },
    );

    app.delete(
      '/home/:id/price-periods/:periodId',
      {
        config: { audit: { action: 'home.price_period_remove', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['pricing'],
          summary: 'Remove a price period: its nights go back to the base and weekend prices',
          description: '404 for a period of another home, as for an unknown id.',
          params: pricePeriodParams,
          response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const home = await ownHome(request, request.params.id);
        await deletePricePeriod(ctx.db, home.id, request.params.periodId);
        return { deleted: true as const };
      },
    );
  };
}
