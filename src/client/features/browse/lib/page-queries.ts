/**
 * Each public page's queries, defined once: the route loaders (src/client/features/browse/loaders.ts)
 * fill the QueryClient with them, on the server and in the browser, and the pages read them with the
 * same options. A key the loader and the page spelled apart would make the hydrated page fetch again
 * what the server already rendered (e2e/ssr.e2e.ts watches for that).
 * `data`: where the first page comes from (the API in the browser, the services on the server);
 * later pages ("Load more") are always the API's `next` links, fetched by the browser.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { HOME_PAGE_HOMES } from '#shared/constants';
import type { HomesFilter, PublicData } from '#shared/public-data';
import { fetchHomesPage, homeKeys } from '#client/lib/api';
import { fetchHomeReviews, reviewKeys } from '#client/features/reviews/lib/reviews-public-api';
import { browserPublicData } from './public-data';

/** The home page's homes (one page, no paging). */
const HOME_PAGE_FILTER: HomesFilter = { limit: HOME_PAGE_HOMES };

/** /all-home lists every home (HomesGrid pages through them). */
export const ALL_HOMES_FILTER: HomesFilter = {};

export const homePageHomesQuery = (data: PublicData = browserPublicData) =>
  queryOptions({
    queryKey: homeKeys.list(HOME_PAGE_FILTER),
    queryFn: ({ signal }) => data.homesPage(HOME_PAGE_FILTER, signal),
  });

/** The static experiences file: it changes only with a deploy. */
export const experiencesQuery = (data: PublicData = browserPublicData) =>
  queryOptions({
    queryKey: ['experiences'],
    queryFn: ({ signal }) => data.experiences(signal),
    staleTime: Infinity,
  });

/** The pages of homes for a filter (a HomesGrid: /all-home, /searchresult), first page param null. */
export const homesPagesQuery = (filter: HomesFilter, data: PublicData = browserPublicData) =>
  infiniteQueryOptions({
    queryKey: homeKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      pageParam === null ? data.homesPage(filter, signal) : fetchHomesPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export const homeDetailQuery = (id: string, data: PublicData = browserPublicData) =>
  queryOptions({
    queryKey: homeKeys.detail(id),
    queryFn: ({ signal }) => data.home(id, signal),
  });

/** A home's published reviews, newest first, with the averages ("Show more" follows the cursor). */
export const homeReviewsQuery = (homeId: string, data: PublicData = browserPublicData) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.home(homeId),
    queryFn: ({ pageParam, signal }) =>
      pageParam === null ? data.homeReviews(homeId, signal) : fetchHomeReviews(homeId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
