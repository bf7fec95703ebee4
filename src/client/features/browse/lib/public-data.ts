import type { PublicData } from '#shared/public-data';
import { fetchHome, fetchHomesPage } from '#client/lib/api';
import { fetchHomeReviews } from '#client/features/reviews/lib/reviews-public-api';
import { fetchExperiences } from './experiences';

/** The public pages' data port (#shared/public-data) in the browser: the API. */
export const browserPublicData: PublicData = {
  home: (id, signal) => fetchHome(id, signal),
  homesPage: (filter, signal) => fetchHomesPage(filter, signal),
  experiences: (signal) => fetchExperiences(signal),
  homeReviews: (homeId, signal) => fetchHomeReviews(homeId, null, signal),
};
