/**
 * /dashboard/history (any signed-in user): bookings that are over, cancelled
 * (with the refund made) or past, each with its receipt. A guest sees their own
 * stays; a host can switch to their homes' bookings; an admin to everyone's.
 * The spec's My Bookings list stays as it was (active bookings).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import type { Booking } from '#shared/schemas/bookings';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { useRole } from '#client/features/auth/use-role';
import { bookingKeys, fetchHistory, type HistoryView } from '../lib/bookings-api';
import { cancelledLabel, statusLabel } from '../lib/present';

const VIEW_LABELS: Record<HistoryView, string> = {
  guest: 'My stays',
  host: "My homes' bookings",
  admin: 'All bookings',
};

const cell = 'px-3 py-3 lg:px-2.5 text-gray-800';

function HistoryRow({ booking, view }: { booking: Booking; view: HistoryView }) {
  const showGuest = view !== 'guest';
  const titleId = `history-title-${booking._id}`;
  return (
    <tr className="border-t border-gray-200 align-middle" data-booking-id={booking._id}>
      <th scope="row" id={titleId} className="px-3 py-3 lg:px-2.5 text-left font-semibold text-gray-900">
        {booking.title}
        <span className="block text-sm font-normal text-gray-700">{booking.location}</span>
      </th>
      <td data-label="Dates" className={`${cell} whitespace-nowrap`}>
        {formatDay(booking.from)} – {formatDay(booking.to)}
      </td>
      {showGuest && (
        <td data-label="Guest" className={`${cell} break-all`}>
          {booking.guestEmail}
        </td>
      )}
      <td data-label="Status" className={cell}>
        {booking.status === 'confirmed'
          ? 'Stayed'
          : booking.status === 'cancelled'
            ? cancelledLabel(booking, view)
            : statusLabel(booking)}
      </td>
      <td data-label="Total paid" className={`${cell} tabular-nums`}>
        {formatCents(booking.breakdown.totalCents)}
      </td>
      <td data-label="Refund" className={`${cell} tabular-nums`}>
        {booking.refund ? (
          <>
            {formatCents(booking.refund.amountCents)}
            {booking.refund.status === 'pending' && <span className="block text-sm">being processed</span>}
            {booking.refund.status === 'failed' && (
              <span className="block text-sm font-semibold text-red-800">
                refund failed
                {view === 'admin' && booking.refund.failureReason ? `: ${booking.refund.failureReason}` : ''}
              </span>
            )}
          </>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        )}
      </td>
      <td data-label="Receipt" className={cell}>
        <Link
          to={`/dashboard/receipt/${encodeURIComponent(booking._id)}`}
          aria-describedby={titleId}
          className="font-semibold text-rose-800 underline"
        >
          Receipt
        </Link>
      </td>
    </tr>
  );
}

export function Component() {
  const { role } = useRole();
  const views: HistoryView[] = role === 'admin' ? ['guest', 'admin'] : role === 'host' ? ['guest', 'host'] : ['guest'];
  const [params, setParams] = useSearchParams();
  const asked = params.get('as') as HistoryView | null;
  const view: HistoryView = asked && views.includes(asked) ? asked : 'guest';
  const history = useQuery({
    queryKey: bookingKeys.history(view),
    queryFn: ({ signal }) => fetchHistory(view, signal),
  });
  const showGuest = view !== 'guest';
  const columns: ScrollTableColumn[] = [
    { label: 'Home' },
    { label: 'Dates' },
    ...(showGuest ? [{ label: 'Guest' }] : []),
    { label: 'Status' },
    { label: 'Total paid' },
    { label: 'Refund' },
    { label: 'Receipt' },
  ];
  return (
    <Screen
      title="History"
      intro="Cancelled and past bookings, newest stay first, with what was paid and refunded. Open a receipt to print it."
    >
      {views.length > 1 && (
        <div role="group" aria-label="Whose bookings" className="mb-4 flex flex-wrap gap-2">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={v === view}
              onClick={() => setParams({ as: v }, { replace: true })}
              className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${
                v === view ? 'border-rose-700 bg-rose-700 text-white' : 'border-gray-400 text-gray-900 hover:bg-gray-50'
              }`}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
      )}
      <QueryView
        query={history}
        loadingLabel="Loading the history"
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">
            Nothing here yet: cancelled and past bookings show up here.
          </p>
        }
      >
        {(list) => (
          <ScrollTable
            label={`History: ${VIEW_LABELS[view]}`}
            caption={VIEW_LABELS[view]}
            columns={columns}
            minWidthClass="sm:min-w-[48rem]"
          >
            {list.map((booking) => (
              <HistoryRow key={booking._id} booking={booking} view={view} />
            ))}
          </ScrollTable>
        )}
      </QueryView>
    </Screen>
  );
}
