/** /dashboard/bookings/:id/review: one stay's reviews for its guest or its host: the form, or where they stand. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDay } from '#shared/dates';
import { zoneLabel } from '#shared/time-zones';
import type { ReviewStay } from '#shared/schemas/reviews';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { isApiError } from '#client/lib/api';
import { ReviewCard } from '../components/review-card';
import { ReviewForm } from '../components/review-form';
import { fetchReviewStay } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';

/** The window's last minute, in the home's time zone and named (the window closes at midnight there). */
const deadline = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(new Date(iso).getTime() - 60_000),
  ) + ` (${zoneLabel(timeZone)})`;

function Status({ stay }: { stay: ReviewStay }) {
  if (stay.window === 'not_yet') {
    return <p className="text-gray-800">You can review this stay from its check-out date, {formatDay(stay.to)}.</p>;
  }
  if (stay.canWrite) {
    return (
      <p className="text-gray-800">
        Write your review by {deadline(stay.closesAt, stay.timeZone)}.{' '}
        {stay.theyWrote
          ? `${stay.otherParty.name} has written theirs: you will both see each other's once you publish yours.`
          : 'Neither of you sees the other\u2019s review until both have written, or the 14 days are over.'}
      </p>
    );
  }
  if (!stay.mine) return <p className="text-gray-800">The 14 days to review this stay are over.</p>;
  return null;
}

function StayReviews({ stay }: { stay: ReviewStay }) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-4 rounded-xl border border-gray-200 p-4">
        <img src={stay.image} alt="" width={96} height={72} className="h-18 w-24 rounded-lg bg-gray-100 object-cover" />
        <div>
          <p className="font-semibold text-gray-900">{stay.title}</p>
          <p className="text-gray-700">
            {stay.location} · {formatDay(stay.from)} – {formatDay(stay.to)}
          </p>
          <p className="text-gray-700">
            {stay.role === 'guest' ? 'Host' : 'Guest'}: <span className="font-semibold">{stay.otherParty.name}</span>
          </p>
        </div>
      </div>
      <Status stay={stay} />
      {stay.canWrite && <ReviewForm stay={stay} />}
      {stay.mine && (
        <section aria-labelledby="my-review">
          <h2 id="my-review" className="text-lg font-semibold text-gray-900">
            Your review {stay.mine.published ? '(published)' : '(not published yet)'}
          </h2>
          <div className="mt-2">
            <ReviewCard review={stay.mine} />
          </div>
        </section>
      )}
      {stay.mine && (
        <section aria-labelledby="their-review">
          <h2 id="their-review" className="text-lg font-semibold text-gray-900">
            {stay.otherParty.name}&apos;s review
          </h2>
          {stay.theirs ? (
            <div className="mt-2">
              <ReviewCard review={stay.theirs} />
            </div>
          ) : (
            <p className="mt-2 text-gray-800">
              {stay.theyWrote ? 'Written; it shows here once published.' : 'Not written yet.'}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

export function ReviewPage() {
  const { id = '' } = useParams();
  const stay = useQuery({ queryKey: reviewKeys.stay(id), queryFn: ({ signal }) => fetchReviewStay(id, signal) });
  return (
    <Screen
      title="Review your stay"
      intro={
        <Link to="/dashboard/reviews" className="underline">
          All stays to review
        </Link>
      }
    >
      <QueryView
        query={stay}
        loadingLabel="Loading the stay"
        renderError={(error) =>
          isApiError(error) && error.status === 404 ? (
            <p className="text-gray-800">This stay is not one of yours, or it does not exist.</p>
          ) : undefined
        }
      >
        {(data) => <StayReviews stay={data} />}
      </QueryView>
    </Screen>
  );
}

export { ReviewPage as Component };
