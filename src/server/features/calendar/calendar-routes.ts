import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  blockParams,
  calendarQuerySchema,
  calendarResponseSchema,
  createBlockResponseSchema,
  createBlockSchema,
  deleteBlockResponseSchema,
  unblockNightsQuerySchema,
  unblockNightsResponseSchema,
} from '#shared/schemas/calendar';
import { errorResponse, idParam } from '#shared/schemas/common';
import type { AppContext } from '#server/app-context';
import { authenticated, isAdmin, requireUser } from '#server/auth/guards';
import { forbidden, notFound } from '#server/domain-errors';
import { findHome, isUuid } from '../homes/homes-service';
import { createBlock, deleteBlock, homeCalendar, unblockNights } from './calendar-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export function calendarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The home, when the caller is its host or an admin: 404 for an unknown home, 403 for anyone else. */
  async function ownHome(request: FastifyRequest, id: string) {
    const me = requireUser(request);
    const home = await findHome(ctx.db, id);
    if (!home) throw notFound('No home with this id');
    if (home.hostId !== me.id && !isAdmin(me)) throw forbidden("Only this home's host can see or change its calendar");
    return home;
  }

  return async (app) => {
    app.get(
      '/home/:id/calendar',
      {
        preValidation: authenticated,
        schema: {
          tags: ['calendar'],
          summary: "One home's nights with what takes each: a stay (guest name), a hold, a block (note), an import",
          description:
            'The host of the home or an admin. `from`..`to` (exclusive), at most 366 days. Blocks notes are private.',
          params: idParam,
          querystring: calendarQuerySchema,
          response: { 200: calendarResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const home = await ownHome(request, request.params.id);
        reply.header('cache-control', 'private, no-store');
        return homeCalendar(ctx, home, request.query.from, request.query.to);
      },
    );

    app.post(
      '/home/:id/blocks',
      {
        config: { audit: { action: 'home.block_add', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['calendar'],
          summary: 'Block nights [from, to) of a home (its host or an admin), with an optional private note',
          description:
            '409 dates_booked (naming the booking) over a confirmed stay or a reservation in progress; ' +
            "409 already_blocked over the host's own block.",
          params: idParam,
          body: createBlockSchema,
          response: { 201: createBlockResponseSchema, ...errors, 409: errorResponse },
        },
      },
      async (request, reply) => {
        const home = await ownHome(request, request.params.id);
        const created = await createBlock(ctx, home, request.body);
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/home/:id/blocks',
      {
        config: { audit: { action: 'home.block_remove', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['calendar'],
          summary: 'Unblock the nights [from, to) of a home (its host or an admin)',
          description:
            "The host's blocks there shrink, or split around the range, so their nights outside it stay blocked " +
            'with their notes. Imported nights stay (they go with their feed). `freedNights` 0: nothing was blocked there.',
          params: idParam,
          querystring: unblockNightsQuerySchema,
          response: { 200: unblockNightsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const home = await ownHome(request, request.params.id);
        return unblockNights(ctx, home.id, request.query.from, request.query.to);
      },
    );

    app.delete(
      '/home/:id/blocks/:blockId',
      {
        config: { audit: { action: 'home.block_remove', targetType: 'home', targetParam: 'id' } },
        preValidation: authenticated,
        schema: {
          tags: ['calendar'],
          summary: "Unblock: remove one of the host's blocks (imported ones go with their feed: 409)",
          params: blockParams,
          response: { 200: deleteBlockResponseSchema, ...errors, 409: errorResponse },
        },
      },
      async (request) => {
        const home = await ownHome(request, request.params.id);
        if (!isUuid(request.params.blockId)) throw notFound('No block with this id on this home');
        await deleteBlock(ctx, home.id, request.params.blockId);
        return { deleted: true };
      },
    );
  };
}
