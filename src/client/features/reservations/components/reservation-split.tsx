/** Where a reservation's money went (issue 28): what the guest paid, the fee and tax, the host's payout and its date. */
import { formatCents } from '#shared/money';
import type { Reservation } from '#shared/schemas/reservations';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * Folded under the amount (a disclosure): open, its lines would widen the Amount column until the
 * table no longer fits a desktop screen beside the dashboard menu.
 */
export function ReservationSplit({ split }: { split: NonNullable<Reservation['split']> }) {
  const when = split.paidOutAt
    ? `Paid out ${day.format(new Date(split.paidOutAt))}`
    : split.hostPayoutCents > 0
      ? `Payable from ${day.format(new Date(split.hostPayoutAt))}`
      : null;
  const line = (label: string, cents: number) => (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
  return (
    <details className="mt-1 text-sm font-normal text-gray-700">
      <summary className="cursor-pointer text-rose-800 underline underline-offset-2">Split</summary>
      <dl className="mt-1 min-w-[12rem]" aria-label="Where the money goes">
        {line('Guest paid', split.paidCents)}
        {line('Service fee', -split.serviceFeeCents)}
        {split.taxCents !== 0 && line('Tax', -split.taxCents)}
        <div className="flex justify-between gap-3 font-semibold text-gray-900">
          <dt>Your payout</dt>
          <dd className="tabular-nums">{formatCents(split.hostPayoutCents)}</dd>
        </div>
        {when && (
          <div>
            <dt className="sr-only">Payout date</dt>
            <dd>{when}</dd>
          </div>
        )}
      </dl>
    </details>
  );
}
