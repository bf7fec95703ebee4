/** /dashboard/allbooking (admin): every booking on StayHub, each cancellable while held or confirmed. */
import { TEXTS } from '#shared/texts';
import { BookingsScreen } from '../components/bookings-screen';

export function AllBookingPage() {
  return (
    <BookingsScreen
      title="All Bookings"
      intro="Every booking, newest first. Cancelling one refunds the guest and frees the dates."
      email={null}
      cancelledNotice={TEXTS.adminBookingCancelled}
      showGuest
      empty={
        <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">
          There are no bookings yet.
        </p>
      }
    />
  );
}

export { AllBookingPage as Component };
