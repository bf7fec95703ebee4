/**
 * /dashboard/my-booking (any signed-in user): the guest's own bookings, each cancellable while held
 * or confirmed. While a request waits for the host, the list refreshes itself (the host's answer).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Booking } from '#shared/schemas/bookings';
import { fetchReviewStays } from '#client/features/reviews/lib/reviews-api';
import { reviewKeys } from '#client/features/reviews/lib/reviews-public-api';
import { TEXTS } from '#shared/texts';
import { useSession } from '#client/lib/session';
import { BookingsScreen } from '../components/bookings-screen';
import { guestVisible } from '../lib/present';
import { buttonClass } from '#client/components/ui/button';
import { useGuestDepositNotes } from '#client/features/deposits/components/guest-deposit-note';

function NoBookings() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">You don&apos;t have any items yet.</p>
      <p className="mt-1 text-gray-700">Your bookings show up here once you have reserved a home.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        {TEXTS.clickHereToBook}
      </Link>
    </div>
  );
}

/** "Write a review" on each ended stay whose 14-day window is open (the server's clock decides). */
function useReviewLinks() {
  const stays = useQuery({ queryKey: reviewKeys.stays(), queryFn: ({ signal }) => fetchReviewStays(signal) });
  const writable = new Set((stays.data ?? []).filter((s) => s.role === 'guest' && s.canWrite).map((s) => s.bookingId));
  return (booking: Booking, titleId: string) =>
    writable.has(booking._id) ? (
      <Link
        to={`/dashboard/bookings/${encodeURIComponent(booking._id)}/review`}
        aria-describedby={titleId}
        className="rounded-md bg-rose-700 px-3 py-1.5 text-center text-sm font-semibold text-white no-underline hover:bg-rose-800"
      >
        Write a review
      </Link>
    ) : null;
}

export function MyBookingPage() {
  const { user } = useSession();
  const reviewLink = useReviewLinks();
  const depositNote = useGuestDepositNotes();
  const rowAction = (booking: Booking, titleId: string) => (
    <>
      {reviewLink(booking, titleId)}
      {depositNote(booking._id)}
    </>
  );
  // The dashboard sits behind RequireAuth, so the user is known here.
  const email = user?.email ?? '';
  return (
    <BookingsScreen
      title="My Bookings"
      intro="Your stays, newest first. Cancelling refunds what the booking's cancellation policy allows: the dialog shows the amount first."
      email={email}
      cancelledNotice={TEXTS.guestBookingCancelled}
      select={guestVisible}
      empty={<NoBookings />}
      rowAction={rowAction}
      followRequests
    />
  );
}

export { MyBookingPage as Component };
