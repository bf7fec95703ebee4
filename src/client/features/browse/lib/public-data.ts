import type { Home } from '#shared/schemas/homes';
import type { HomeReviews } from '#shared/schemas/reviews';
import { fetchHome, fetchHomesPage, type HomesFilter, type HomesPage } from '#client/lib/api';
import { fetchHomeReviews } from '#client/features/reviews/lib/reviews-public-api';
import { fetchExperiences, type Experience } from './experiences';

/**
 * Where the public pages' loaders read their data. In the browser: the API. On the server: the
 * services, called directly (src/server/features/ssr/ssr-data.ts), so a render never makes an HTTP
 * call to its own process; both answer exactly the shared response schemas.
 * A missing home is an ApiError with status 404 on both sides.
 */
export interface PublicData {
  home(id: string): Promise<Home>;
  /** The first page of homes for a filter (`next`: the API URL of the following page). */
  homesPage(filter: HomesFilter): Promise<HomesPage>;
  experiences(): Promise<Experience[]>;
  /** The first page of a home's published reviews, with the averages. */
  homeReviews(homeId: string): Promise<HomeReviews>;
}

export const browserPublicData: PublicData = {
  home: (id) => fetchHome(id),
  homesPage: (filter) => fetchHomesPage(filter),
  experiences: () => fetchExperiences(),
  homeReviews: (homeId) => fetchHomeReviews(homeId, null),
};
