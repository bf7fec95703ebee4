/** /dashboard/guests/:id: a guest's profile and what hosts wrote about them, for the hosts of their upcoming stays. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { plural } from '#shared/plural';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { isApiError } from '#client/lib/api';
import { Avatar } from '#client/components/ui/avatar';
import { ReviewCard } from '../components/review-card';
import { fetchGuestProfile } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';

const joined = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

export function GuestProfilePage() {
  const { id = '' } = useParams();
  const profile = useQuery({ queryKey: reviewKeys.guest(id), queryFn: ({ signal }) => fetchGuestProfile(id, signal) });
  return (
    <Screen title="Guest profile">
      <QueryView
        query={profile}
        loadingLabel="Loading the guest's profile"
        renderError={(error) =>
          isApiError(error) && (error.status === 403 || error.status === 404) ? (
            <p className="text-gray-800">Only the hosts of this guest&apos;s upcoming stays can see their profile.</p>
          ) : undefined
        }
      >
        {(guest) => (
          <div className="grid gap-6">
            <div className="flex items-center gap-4">
              <Avatar name={guest.name} image={guest.image} size={64} />
              <div>
                <p className="text-xl font-semibold text-gray-900">{guest.name}</p>
                <p className="text-gray-700">
                  Joined {joined(guest.joinedAt)} · {plural(guest.count, 'review')} from hosts
                  {guest.average !== null && ` · ${guest.average.toFixed(1)} out of 5`}
                </p>
              </div>
            </div>
            {guest.reviews.length === 0 ? (
              <p className="text-gray-800">No host has reviewed this guest yet.</p>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {guest.reviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review}>
                      <p className="mt-2 text-sm text-gray-700">Stay: {review.homeTitle}</p>
                    </ReviewCard>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryView>
    </Screen>
  );
}

export { GuestProfilePage as Component };
