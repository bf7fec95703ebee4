import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#shared/schemas/common';
import {
  placeSuggestionsSchema,
  placesQuerySchema,
  priceHistogramQuerySchema,
  priceHistogramSchema,
} from '#shared/schemas/search';
import type { AppContext } from '#server/app-context';
import { refuseArrivalInPast } from '../homes/homes-search';
import { placesToWalk } from './places-to-walk';
import { priceHistogram } from './search-service';

/** The same key for the same question, whatever the order of the query string. */
function cacheKey(kind: string, query: Record<string, unknown>): string {
  const fields = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${kind}:${JSON.stringify(fields)}`;
}

/**
 * Narrowing a search (issue 13): place suggestions for the location field and the price histogram
 * the results' price slider is drawn over. Both are public reads, like GET /api/homes, and go
 * through the search cache (cleared on every write).
 */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/places',
      {
        schema: {
          tags: ['search'],
          summary:
            'Places that have homes, best match first (the city is the term, starts with it, a word starts with it)',
          description:
            'Matched as a place search matches (substring or a close spelling, `%` and `_` are literal) and ranked ' +
            'the same way; within a rank, places with more homes first.',
          querystring: placesQuerySchema,
          response: { 200: placeSuggestionsSchema, 400: errorResponse },
        },
      },
      async (request) => {
        const { q, limit } = request.query;
        return ctx.searchCache.get(cacheKey('places', request.query), () => ctx.places.suggest(q, limit));
      },
    );

    app.get(
      '/homes/price-histogram',
      {
        schema: {
          tags: ['search', 'homes'],
          summary: 'How many homes a search finds at each price, in equal-width buckets (for a price slider)',
          description:
            'The filters of GET /api/homes without the price range, order and paging. With a `location` the counts ' +
            'are exact (the homes the search finds). Without one they come from a per-price summary kept by the ' +
            'database: exact without dates; with dates they count the homes that fit guests and bedrooms whether ' +
            'or not they are free then (`exact: false`), so 1,000,000 homes are never read for a slider (ADR 0023).',
          querystring: priceHistogramQuerySchema,
          response: { 200: priceHistogramSchema, 400: errorResponse },
        },
      },
      async (request) => {
        const query = request.query;
        const now = ctx.clock.now();
        // As GET /api/homes: the grace of a search across homes, and the same refusal.
        refuseArrivalInPast(query.checkIn, now);
        return ctx.searchCache.get(cacheKey('price-histogram', query), async () =>
          priceHistogram(
            ctx.db,
            query,
            now,
            undefined,
            query.location ? await placesToWalk(ctx.places, query.location) : undefined,
          ),
        );
      },
    );
  };
}
