/**
 * /dashboard/reviews: the caller's stays whose 14-day review window is open, as guest and as host (the
 * host's entry to review their guests, until a reservations screen lists their homes' bookings).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDay } from '#shared/dates';
import type { ReviewStay } from '#shared/schemas/reviews';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { fetchReviewStays } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';

function StayRow({ stay }: { stay: ReviewStay }) {
  const titleId = `review-stay-${stay.bookingId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 p-4">
      <div>
        <p id={titleId} className="font-semibold text-gray-900">
          {stay.title}
        </p>
        <p className="text-sm text-gray-700">
          {formatDay(stay.from)} – {formatDay(stay.to)} ·{' '}
          {stay.role === 'guest' ? `You stayed; host ${stay.otherParty.name}` : `Your guest: ${stay.otherParty.name}`}
        </p>
      </div>
      <Link
        to={`/dashboard/bookings/${encodeURIComponent(stay.bookingId)}/review`}
        aria-describedby={titleId}
        className={
          stay.canWrite
            ? 'rounded-md bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white no-underline hover:bg-rose-800'
            : 'rounded-md border border-gray-400 px-3 py-1.5 text-sm font-semibold text-gray-900 no-underline hover:bg-gray-50'
        }
      >
        {stay.canWrite ? 'Write a review' : 'See reviews'}
      </Link>
    </li>
  );
}

export function ReviewsScreen() {
  const stays = useQuery({ queryKey: reviewKeys.stays(), queryFn: ({ signal }) => fetchReviewStays(signal) });
  return (
    <Screen
      title="Reviews"
      intro="Stays that ended in the last 14 days, as a guest and as a host. Reviews publish once both sides have written, or when the 14 days are over."
    >
      <QueryView
        query={stays}
        loadingLabel="Loading your stays"
        isEmpty={(all) => all.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">
            No stay to review right now. A stay can be reviewed for 14 days from its check-out date.
          </p>
        }
      >
        {(all) => (
          <ul className="grid gap-3">
            {all.map((stay) => (
              <StayRow key={`${stay.bookingId}-${stay.role}`} stay={stay} />
            ))}
          </ul>
        )}
      </QueryView>
    </Screen>
  );
}

export { ReviewsScreen as Component };
