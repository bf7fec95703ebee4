/**
 * A bookings table (index, thumbnail, Title, Location, Price, From, To, Status,
 * Action) with the "Cancle" confirm dialog. Used by the guest's my-bookings and
 * the admin's all-bookings screens, which differ in the list, the notice and the
 * empty state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { cardImage } from '#shared/images';
import type { Booking } from '#shared/schemas/bookings';
import { formatDay } from '#shared/dates';
import { formatAmount, formatCents } from '#shared/money';
import { bookingDepositState, depositLine, priceLines } from '#shared/price-lines';
import { TEXTS } from '#shared/texts';
import { QueryView } from '#client/components/ui/query-view';
import { PictureCell, ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { bookingKeys, cancelBooking, fetchBookings } from '../lib/bookings-api';
import { Link } from 'react-router';
import { awaitsPayment, checkoutHref, isCancellable, requestPollInterval, statusLabel } from '../lib/present';
import { CancelBookingDialog } from './cancel-booking-dialog';

const STATUS_STYLES: Record<Booking['status'], string> = {
  held: 'bg-amber-100 text-amber-900',
  requested: 'bg-blue-100 text-blue-900',
  declined: 'bg-gray-200 text-gray-800',
  confirmed: 'bg-green-100 text-green-900',
  cancelled: 'bg-gray-200 text-gray-800',
  expired: 'bg-gray-200 text-gray-800',
};

const COLUMNS: ScrollTableColumn[] = [
  { label: 'Number', short: '#' },
  { label: 'Picture', srOnly: true },
  { label: 'Title' },
  { label: 'Location' },
  { label: 'Price' },
  { label: 'From' },
  { label: 'To' },
  { label: 'Status' },
  { label: 'Action' },
];

export interface BookingsScreenProps {
  title: string;
  intro: ReactNode;
  /** The guest's email for their own list; null for every booking (admin). */
  email: string | null;
  /** The notice after a cancellation (the spec's two spellings). */
  cancelledNotice: string;
  /** Which of the server's bookings to show. */
  select?: (bookings: Booking[]) => Booking[];
  /** What shows when there is nothing to list. */
  empty: ReactNode;
  /** Adds the guest's email column (admin). */
  showGuest?: boolean;
  /** Another action of a row (the guest's "Write a review"), labelled by the row's title id. */
  rowAction?: (booking: Booking, titleId: string) => ReactNode;
  /** Refetch every 10 s and on window focus while a request is open (the guest's own list). */
  followRequests?: boolean;
}

function BookingRow({
  booking,
  index,
  showGuest,
  canPay,
  onCancel,
  rowAction,
  now,
}: {
  /** When the screen was opened: a stay whose check-in day has begun can no longer be cancelled. */
  now: Date;
  rowAction?: BookingsScreenProps['rowAction'];
  booking: Booking;
  index: number;
  showGuest: boolean;
  /** The guest's own list: a reservation waiting for payment offers "Continue to pay". */
  canPay: boolean;
  onCancel: (booking: Booking, opener: HTMLElement) => void;
}) {
  const titleId = `booking-title-${booking._id}`;
  const inactive = booking.status === 'cancelled' || booking.status === 'expired';
  // "held, not charged" only while the deposit is or will be held (ADR 0051).
  const deposit = depositLine(booking.breakdown, bookingDepositState(booking));
  return (
    <tr
      className={`border-t border-gray-200 align-middle ${inactive ? 'bg-gray-50' : ''}`}
      data-booking-id={booking._id}
    >
      <td data-label="Number" className="px-3 py-3 lg:px-2.5 text-gray-800">
        {index + 1}
      </td>
      <PictureCell src={cardImage(booking.image)} width={64} height={48} />
      <th scope="row" id={titleId} className="px-3 py-3 lg:px-2.5 text-left font-semibold text-gray-900">
        {booking.title}
      </th>
      <td data-label="Location" className="px-3 py-3 lg:px-2.5 text-gray-800">
        {booking.location}
      </td>
      <td data-label="Price" className="px-3 py-3 lg:px-2.5 text-gray-900">
        <span className="font-semibold">{formatAmount(booking.total)}</span>
        {/* The server's lines (src/shared/price-lines.ts); a zero fee or VAT is left out in this compact cell. */}
        {priceLines(booking.breakdown)
          .filter((line) => line.key === 'nights' || line.cents !== 0)
          .map((line) => (
            <span key={line.id} className="block text-sm text-gray-700">
              {line.key === 'nights' ? line.label : `${line.label} ${formatCents(line.cents)}`}
            </span>
          ))}
        {deposit && (
          <span className="block text-sm text-gray-700">
            {deposit.label} {formatCents(deposit.cents)}, {deposit.note}
          </span>
        )}
      </td>
      <td data-label="From" className="whitespace-nowrap px-3 py-3 lg:px-2.5 text-gray-800">
        {formatDay(booking.from)}
      </td>
      <td data-label="To" className="whitespace-nowrap px-3 py-3 lg:px-2.5 text-gray-800">
        {formatDay(booking.to)}
      </td>
      {showGuest && (
        <td data-label="Guest" className="break-all px-3 py-3 lg:px-2.5 text-gray-800">
          {booking.guestEmail}
        </td>
      )}
      <td data-label="Status" className="px-3 py-3 lg:px-2.5">
        <span
          // rounded-lg: "Requested — awaiting the host" wraps in the narrow column (a wrapped pill was a blob).
          className={`inline-block rounded-lg px-2.5 py-0.5 text-sm font-semibold ${booking.status === 'held' && booking.paymentReceived ? STATUS_STYLES.confirmed : STATUS_STYLES[booking.status]}`}
        >
          {statusLabel(booking)}
        </span>
      </td>
      <td data-label="Action" className="px-3 py-3 lg:px-2.5">
        <div className="flex flex-col items-start gap-2">
          {canPay && awaitsPayment(booking) && (
            <Link
              to={checkoutHref(booking)}
              aria-describedby={titleId}
              className="rounded-md bg-rose-700 px-3 py-1.5 text-center text-sm font-semibold text-white no-underline hover:bg-rose-800"
            >
              Continue to pay
            </Link>
          )}
          {rowAction?.(booking, titleId)}
          {booking.status !== 'expired' && (
            <Link
              to={`/dashboard/receipt/${encodeURIComponent(booking._id)}`}
              aria-describedby={titleId}
              className="text-sm font-semibold text-rose-800 underline"
            >
              Receipt
            </Link>
          )}
          {isCancellable(booking, now) ? (
            <button
              type="button"
              aria-describedby={titleId}
              onClick={(event) => onCancel(booking, event.currentTarget)}
              className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50"
            >
              {TEXTS.cancelBooking}
            </button>
          ) : (
            <span className="text-gray-700">
              <span aria-hidden="true">—</span>
              <span className="sr-only">No action</span>
            </span>
          )}
        </div>
      </td>
    </tr>
  );
}

export function BookingsScreen({
  title,
  intro,
  email,
  cancelledNotice,
  select,
  empty,
  showGuest = false,
  rowAction,
  followRequests = false,
}: BookingsScreenProps) {
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const [target, setTarget] = useState<Booking | null>(null);
  const focusHeading = useRef(false);
  // The dialog has no Radix Trigger (one dialog for all rows): it gives the focus back to the row's Cancle itself.
  const opener = useRef<HTMLElement | null>(null);
  const openFor = (booking: Booking, element: HTMLElement) => {
    opener.current = element;
    setTarget(booking);
  };
  const queryKey = email === null ? bookingKeys.everyone() : bookingKeys.mine(email);
  const bookings = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchBookings(email, signal),
    // Only the guest's list follows requests; others keep the app's defaults.
    ...(followRequests && {
      refetchInterval: (query: { state: { data?: Booking[] } }) => requestPollInterval(query.state.data),
      refetchOnWindowFocus: (query: { state: { data?: Booking[] } }) => requestPollInterval(query.state.data) !== false,
    }),
  });
  const shown = (all: Booking[]) => (select ? select(all) : all);

  const cancel = useMutation({
    mutationFn: (booking: Booking) => cancelBooking(booking._id),
    onSuccess: async (answer) => {
      if (answer.acknowledged) {
        toast.success(cancelledNotice);
        // The row's Cancle button goes away: focus continues at the screen's heading.
        focusHeading.current = true;
      } else {
        toast.error('The booking could not be cancelled. Please try again.');
      }
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError: (error) => {
      toast.error(errorText(error));
      setTarget(null);
    },
  });

  return (
    <Screen title={title} intro={intro}>
      <QueryView
        query={bookings}
        loadingLabel="Loading bookings"
        isEmpty={(all) => shown(all).length === 0}
        empty={empty}
      >
        {(all) => (
          <ScrollTable
            // Not the screen's own name (its h1): two landmarks of one name cannot be told apart.
            label={`${title} table`}
            caption={title}
            columns={showGuest ? [...COLUMNS.slice(0, -2), { label: 'Guest' }, ...COLUMNS.slice(-2)] : COLUMNS}
            minWidthClass="sm:min-w-[52rem]"
          >
            {shown(all).map((booking, index) => (
              <BookingRow
                key={booking._id}
                booking={booking}
                index={index}
                showGuest={showGuest}
                canPay={email !== null}
                onCancel={openFor}
                rowAction={rowAction}
                now={now}
              />
            ))}
          </ScrollTable>
        )}
      </QueryView>
      <CancelBookingDialog
        target={target}
        pending={cancel.isPending}
        onClose={() => setTarget(null)}
        onConfirm={(booking) => cancel.mutate(booking)}
        openerRef={opener}
        focusHeadingRef={focusHeading}
        payer={email === null ? 'guest' : 'you'}
      />
    </Screen>
  );
}
