/** One group of reservations (staying now, upcoming, past) as a table; rows become cards under 640 px. */
import { Link } from 'react-router';
import type { Reservation } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import { ReservationSplit } from './reservation-split';
import { plural } from '#shared/plural';
import { BreakableEmail } from '#client/components/ui/breakable-email';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { Button } from '#client/components/ui/button';
import { answerByText, isHostCancellable, statusText } from '../lib/present';

const COLUMNS: ScrollTableColumn[] = [
  { label: 'Guest' },
  { label: 'Home' },
  { label: 'Dates' },
  { label: 'Guests' },
  { label: 'Message' },
  { label: 'Amount' },
  { label: 'Status' },
  { label: 'Action' },
];

/** What a row's buttons do: cancel a confirmed stay; accept or decline (opening a dialog) a request. */
export interface ReservationActions {
  onCancel: (r: Reservation, opener: HTMLElement) => void;
  onAccept: (r: Reservation) => void;
  onDecline: (r: Reservation, opener: HTMLElement) => void;
  /** The request whose acceptance is being sent: its buttons are busy. */
  accepting: string | null;
}

/**
 * A request waiting for the host in amber (it asks for something), a confirmed stay in green, an
 * ended one in grey (declined and expired requests were green, as if booked). rounded-lg, not
 * rounded-full: "Request: awaiting your answer" wraps in the narrow column, and a wrapped pill
 * was a blob.
 */
const STATUS_STYLES: Record<Reservation['status'], string> = {
  requested: 'bg-amber-100 text-amber-950',
  confirmed: 'bg-green-100 text-green-900',
  declined: 'bg-gray-200 text-gray-800',
  expired: 'bg-gray-200 text-gray-800',
  cancelled: 'bg-gray-200 text-gray-800',
};

/*
 * A title or a guest's note may hold a word longer than its column (max-width does not bind an
 * auto-width table): it breaks anywhere, so the table never scrolls sideways beside the menu.
 */
function Row({ r, actions }: { r: Reservation; actions: ReservationActions }) {
  const guestId = `reservation-guest-${r.id}`;
  const cancelled = r.status === 'cancelled';
  const answerBy = answerByText(r);
  const busy = actions.accepting === r.id;
  return (
    <tr className={`border-t border-gray-200 align-top ${cancelled ? 'bg-gray-50' : ''}`} data-reservation-id={r.id}>
      <th
        scope="row"
        id={guestId}
        className="px-3 py-3 lg:px-2.5 text-left font-semibold text-gray-900 sm:min-w-[9rem]"
      >
        {r.guestName}
        <span className="block break-words text-sm font-normal text-gray-700">
          <BreakableEmail email={r.guestEmail} />
        </span>
        {/* Hosts may read the profile (reviews from other hosts) of a guest who is coming or staying. */}
        {r.guestId && !cancelled && r.when !== 'past' && (
          <Link
            to={`/dashboard/guests/${encodeURIComponent(r.guestId)}`}
            aria-describedby={guestId}
            className="mt-1 inline-block text-sm font-semibold text-rose-800 underline"
          >
            Guest profile
          </Link>
        )}
      </th>
      <td data-label="Home" className="px-3 py-3 lg:px-2.5 text-gray-800 [overflow-wrap:anywhere]">
        {r.homeTitle}
        <span className="block text-sm text-gray-700">{r.location}</span>
      </td>
      <td data-label="Dates" className="px-3 py-3 lg:px-2.5 text-gray-800">
        <span className="whitespace-nowrap">{formatDay(r.from)}</span> –{' '}
        <span className="whitespace-nowrap">{formatDay(r.to)}</span>
        <span className="block text-sm text-gray-700">{plural(r.nights, 'night')}</span>
      </td>
      <td data-label="Guests" className="px-3 py-3 lg:px-2.5 text-gray-800">
        {r.guests}
      </td>
      <td
        data-label="Message"
        className="whitespace-pre-line px-3 py-3 lg:px-2.5 text-gray-800 sm:max-w-[13rem] [overflow-wrap:anywhere]"
      >
        {r.message || <span className="text-gray-700">No message</span>}
      </td>
      <td data-label="Amount" className="px-3 py-3 lg:px-2.5 font-semibold text-gray-900">
        <span className="whitespace-nowrap">{formatCents(r.amountCents)}</span>
        {r.split && <ReservationSplit split={r.split} />}
      </td>
      <td data-label="Status" className="px-3 py-3 lg:px-2.5">
        <span className={`inline-block rounded-lg px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLES[r.status]}`}>
          {statusText(r)}
        </span>
        {answerBy && <span className="mt-1 block text-sm font-semibold text-gray-900">{answerBy}</span>}
        {r.cancelReason && <span className="mt-1 block text-sm text-gray-700">Reason: {r.cancelReason}</span>}
      </td>
      <td data-label="Action" className="px-3 py-3 lg:px-2.5">
        {r.status === 'requested' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              aria-describedby={guestId}
              busy={busy}
              className="whitespace-nowrap text-sm"
              onClick={() => actions.onAccept(r)}
            >
              {busy ? 'Accepting…' : 'Accept'}
            </Button>
            <Button
              variant="secondary"
              aria-describedby={guestId}
              disabled={busy}
              className="whitespace-nowrap text-sm"
              onClick={(event) => actions.onDecline(r, event.currentTarget)}
            >
              Decline
            </Button>
          </div>
        ) : isHostCancellable(r) ? (
          <button
            type="button"
            aria-describedby={guestId}
            onClick={(event) => actions.onCancel(r, event.currentTarget)}
            className="whitespace-nowrap rounded-md border border-red-700 px-2.5 py-1.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50"
          >
            Cancel reservation
          </button>
        ) : (
          <span className="text-gray-700">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No action</span>
          </span>
        )}
      </td>
    </tr>
  );
}

export function ReservationsTable({
  title,
  reservations,
  actions,
}: {
  title: string;
  reservations: Reservation[];
  actions: ReservationActions;
}) {
  return (
    <ScrollTable label={title} caption={title} columns={COLUMNS} minWidthClass="sm:min-w-[58rem]">
      {reservations.map((r) => (
        <Row key={r.id} r={r} actions={actions} />
      ))}
    </ScrollTable>
  );
}
