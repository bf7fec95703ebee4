import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '#shared/api-error';
import { readExperiences, type Experience } from '#shared/experiences';
import { homesUrl, type PublicData } from '#shared/public-data';
import { homeListSchema, homeSchema, homesQuerySchema } from '#shared/schemas/homes';
import { homeReviewsSchema } from '#shared/schemas/reviews';
import type { AppContext } from '#server/app-context';
import { DomainError } from '#server/domain-errors';
import { searchPublicHomes } from '../homes/homes-search';
import { findHomeView } from '../homes/homes-service';
import { homeReviews } from '../reviews/reviews-read';

/**
 * The public pages' data port (#shared/public-data) on the server: the services called directly (no
 * HTTP to this process), answering what GET /api/home/:id and GET /api/homes answer (parsed by the
 * same shared response schemas; the homes through the same searchPublicHomes). Failures are the
 * shared ApiErrors, so the route loaders handle both sides alike.
 */
export function serverPublicData(ctx: AppContext, clientDir: string): PublicData {
  let experiences: Experience[] | null = null;
  return {
    async home(id) {
      const found = await findHomeView(ctx.db, id, ctx.clock.now());
      // Unlisted by moderation: the public page is gone (its host sees it through the API, ADR 0060).
      if (!found || found.unlisted) throw new ApiError(404, 'not_found', 'No home with this id');
      return homeSchema.parse({ ...JSON.parse(found.json), host: found.host });
    },
    async homesPage(filter) {
      // The API's own query schema reads the filter, exactly as it would read the URL.
      const url = new URL(homesUrl(filter), 'http://x');
      const parsed = homesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) throw new ApiError(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid');
      try {
        const page = await searchPublicHomes(ctx, parsed.data);
        return { homes: homeListSchema.parse(JSON.parse(page.json)), next: page.next, match: page.match };
      } catch (error) {
        // The search refuses a query only as invalid (400), as GET /api/homes answers it.
        if (error instanceof DomainError && error.kind === 'invalid')
          throw new ApiError(400, error.code, error.message);
        throw error;
      }
    },
    async homeReviews(homeId) {
      // Only the home's page asks, and it reads the home itself (a 404 page without it).
      return homeReviewsSchema.parse(await homeReviews(ctx, homeId, undefined, { homeRead: true }));
    },
    async experiences() {
      // The same static file the browser fetches (/expdata.json), read once.
      experiences ??= readExperiences(JSON.parse(readFileSync(join(clientDir, 'expdata.json'), 'utf8')));
      return experiences;
    },
  };
}
