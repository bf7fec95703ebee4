import type { JobOptions, ServiceLog } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { publishDueReviews, type ReviewDeps } from './reviews-write';

export type ReviewsPublisher = PeriodicJob<{ published: number }>;

/**
 * Marks reviews whose window closed as published, so the ratings kept on homes (cards) count them.
 * Review pages decide visibility from the clock themselves; this only catches the stored ratings up.
 */
export function startReviewsPublisher(
  deps: ReviewDeps & { log?: ServiceLog },
  options: { intervalMs: number } & JobOptions<{ published: number }>,
): ReviewsPublisher {
  return startPeriodicJob({
    ...options,
    name: 'reviews publish',
    pass: () => publishDueReviews(deps),
    worthLogging: (result) => result.published > 0,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
