import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { homeListSchema, homeSchema, homesQuerySchema } from '#shared/schemas/homes';
import { homeReviewsSchema } from '#shared/schemas/reviews';
import { addDays } from '#shared/stay';
import { ApiError, homesUrl, type HomesFilter } from '#client/lib/api';
import { readExperiences, type Experience } from '#client/features/browse/lib/experiences';
import type { PublicData } from '#client/features/browse/lib/public-data';
import type { AppContext } from '#server/app-context';
import { findHomeView, homesSearchKey, listHomes, today } from '../homes/homes-service';
import { homeReviews } from '../reviews/reviews-read';

/**
 * The public pages' data on the server: the services called directly (no HTTP to this process),
 * answering what GET /api/home/:id and GET /api/homes answer (parsed by the same shared response
 * schemas, the `next` link built the same way). Failures are the browser's ApiErrors, so the route
 * loaders handle both sides alike.
 */
export function serverPublicData(ctx: AppContext, clientDir: string): PublicData {
  let experiences: Experience[] | null = null;
  return {
    async home(id) {
      const found = await findHomeView(ctx.db, id, ctx.clock.now());
      if (!found) throw new ApiError(404, 'not_found', 'No home with this id');
      return homeSchema.parse({ ...JSON.parse(found.json), host: found.host });
    },
    async homesPage(filter: HomesFilter) {
      // The API's own query schema reads the filter, exactly as it would read the URL.
      const url = homesUrl(filter);
      const parsed = homesQuerySchema.safeParse(Object.fromEntries(new URL(url, 'http://x').searchParams));
      if (!parsed.success) throw new ApiError(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid');
      const query = parsed.data;
      if (query.email !== undefined || query.cursor !== undefined) {
        throw new ApiError(400, 'invalid_request', 'Public pages list public homes only');
      }
      const now = ctx.clock.now();
      if (query.checkIn !== undefined && query.checkIn < addDays(today(now), -1)) {
        throw new ApiError(400, 'arrival_in_past', 'Arrival is in the past: search from today on.');
      }
      const page = await ctx.searchCache.get(homesSearchKey(query), () => listHomes(ctx.db, query, now));
      let next: string | null = null;
      if (page.nextCursor) {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) {
          if (value !== undefined) params.set(key, String(value));
        }
        params.set('cursor', page.nextCursor);
        next = `/api/homes?${params.toString()}`;
      }
      return { homes: homeListSchema.parse(JSON.parse(page.json)), next, match: page.match };
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
