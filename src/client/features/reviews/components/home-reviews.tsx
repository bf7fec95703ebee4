/** The details page's reviews: average, count, category averages and the reviews, newest first, "Show more". */
import { useInfiniteQuery } from '@tanstack/react-query';
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from '#shared/reviews';
import { plural } from '#shared/plural';
import { ErrorPanel, LoadingBar, errorText } from '#client/components/ui/status';
import type { HomeReviews as ReviewsPage } from '#shared/schemas/reviews';
import { homeReviewsQuery } from '#client/features/browse/lib/page-queries';
import { ReplyForm } from './reply-form';
import { ReviewCard } from './review-card';
import { Button } from '#client/components/ui/button';

export function HomeReviews({ homeId, isHost }: { homeId: string; isHost: boolean }) {
  const query = useInfiniteQuery(homeReviewsQuery(homeId));
  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      {query.isPending ? (
        <>
          <h2 id="reviews-heading" className="text-xl font-semibold text-gray-900">
            Reviews
          </h2>
          <LoadingBar label="Loading reviews" />
        </>
      ) : query.isError ? (
        <>
          <h2 id="reviews-heading" className="text-xl font-semibold text-gray-900">
            Reviews
          </h2>
          <ErrorPanel message={errorText(query.error)} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <ReviewsBody
          data={query.data.pages}
          isHost={isHost}
          homeId={homeId}
          more={query.hasNextPage ? () => void query.fetchNextPage() : null}
          loadingMore={query.isFetchingNextPage}
        />
      )}
    </section>
  );
}

function ReviewsBody({
  data,
  isHost,
  homeId,
  more,
  loadingMore,
}: {
  data: ReviewsPage[];
  isHost: boolean;
  homeId: string;
  more: (() => void) | null;
  loadingMore: boolean;
}) {
  const first = data[0]!;
  const reviews = data.flatMap((page) => page.reviews);
  return (
    <>
      <h2 id="reviews-heading" className="text-xl font-semibold text-gray-900">
        {first.average === null ? (
          'Reviews'
        ) : (
          <>
            <span aria-hidden="true" className="text-rose-700">
              ★
            </span>{' '}
            {first.average.toFixed(1)}
            <span className="sr-only"> out of 5</span> · {plural(first.count, 'review')}
          </>
        )}
      </h2>
      {first.count === 0 ? (
        <p className="mt-2 text-gray-700">No reviews yet. Guests can review a stay after check-out.</p>
      ) : (
        <>
          <dl className="mt-4 grid max-w-xl grid-cols-2 gap-x-6 gap-y-1 text-sm">
            {REVIEW_CATEGORIES.map((category) => (
              <div key={category} className="flex justify-between gap-2">
                <dt className="text-gray-700">{REVIEW_CATEGORY_LABELS[category]}</dt>
                <dd className="font-semibold text-gray-900">{first.categories[category]?.toFixed(1) ?? '–'}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review}>
                  {isHost && !review.reply && <ReplyForm reviewId={review._id} homeId={homeId} />}
                </ReviewCard>
              </li>
            ))}
          </ul>
          {more && (
            <Button
              variant="secondary"
              onClick={more}
              disabled={loadingMore}
              aria-busy={loadingMore || undefined}
              className="mt-4"
            >
              {loadingMore ? 'Loading…' : 'Show more reviews'}
            </Button>
          )}
        </>
      )}
    </>
  );
}
