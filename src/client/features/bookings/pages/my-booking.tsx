/** /dashboard/my-booking (any signed-in user): the guest's own bookings, each cancellable while held or confirmed. */
import { Link } from 'react-router';
import { TEXTS } from '#shared/texts';
import { primaryButtonClass } from '#client/components/ui/form-field';
import { useSession } from '#client/lib/session';
import { BookingsScreen } from '../components/bookings-screen';
import { guestVisible } from '../lib/present';

function NoBookings() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">You don&apos;t have any items yet.</p>
      <p className="mt-1 text-gray-700">Your bookings show up here once you have reserved a home.</p>
      <Link to="/" className={`${primaryButtonClass} mt-6`}>
        {TEXTS.clickHereToBook}
      </Link>
    </div>
  );
}

export function MyBookingPage() {
  const { user } = useSession();
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
    />
  );
}

export { MyBookingPage as Component };
