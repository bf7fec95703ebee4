import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '../../../shared/schemas/common';
import { homeListSchema, homeSchema, homesQuerySchema } from '../../../shared/schemas/homes';
import { badRequest, notFound } from '../../http/errors';
import type { AppContext } from '../../app-context';
import { decodeCursor, findHome, listHomes, toHome } from './homes-service';

export function homesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/homes', {
      schema: {
        tags: ['homes'],
        summary: 'Homes, newest first, paged; filter by place, free dates and guests',
        querystring: homesQuerySchema,
        response: {
          200: homeListSchema.describe('One page; the next page URL is in the Link header (rel="next")'),
          400: errorResponse,
        },
      },
    }, async (request, reply) => {
      const query = request.query;
      let afterSeq: number | undefined;
      if (query.cursor !== undefined) {
        const seq = decodeCursor(query.cursor);
        if (seq === null) throw badRequest('The cursor is not valid');
        afterSeq = seq;
      }
      const page = await listHomes(ctx.db, { ...query, afterSeq }, ctx.clock.now());
      if (page.nextCursor) {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) {
          if (value !== undefined && key !== 'cursor') params.set(key, String(value));
        }
        params.set('cursor', page.nextCursor);
        reply.header('link', `</api/homes?${params.toString()}>; rel="next"`);
      }
      return page.homes;
    });

    app.get('/home/:id', {
      schema: {
        tags: ['homes'],
        summary: 'One home, with the host email under both hostEmail and email',
        params: idParam,
        response: { 200: homeSchema, 404: errorResponse },
      },
    }, async (request) => {
      const row = await findHome(ctx.db, request.params.id);
      if (!row) throw notFound('No home with this id');
      return toHome(row);
    });
  };
}

