/**
 * A stay's price, line by line, exactly as the server computed it (the same
 * lines as the mails: src/shared/price-lines.ts). Used by the booking widget,
 * the checkout's summary and the receipt. The security deposit comes after the
 * total, apart: it is held on the card, never charged with the stay.
 */
import { formatCents } from '#shared/money';
import { depositLine, priceLines } from '#shared/price-lines';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import type { DepositStatus } from '#shared/schemas/deposits';

export function PriceBreakdownList({
  breakdown,
  totalLabel = 'Total',
  totalTestId,
  className = '',
  depositState,
}: {
  breakdown: PriceBreakdown;
  /** A booking's deposit state (see depositLine); left out for a price not booked yet. */
  depositState?: DepositStatus | null | undefined;
  totalLabel?: string;
  totalTestId?: string;
  className?: string;
}) {
  const deposit = depositLine(breakdown, depositState);
  return (
    <dl className={`space-y-2 text-gray-900 ${className}`}>
      {priceLines(breakdown).map((line) => (
        <div
          key={line.id}
          className={`flex justify-between gap-4 ${line.key === 'discount' ? 'text-green-800' : ''}`}
          data-price-line={line.key}
        >
          <dt>{line.label}</dt>
          <dd className="tabular-nums">{formatCents(line.cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-lg font-bold">
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {formatCents(breakdown.totalCents)}
        </dd>
      </div>
      {deposit && (
        <div className="flex justify-between gap-4 text-sm text-gray-700" data-price-line="deposit">
          <dt>
            {deposit.label} <span className="italic">— {deposit.note}</span>
          </dt>
          <dd className="tabular-nums">{formatCents(deposit.cents)}</dd>
        </div>
      )}
    </dl>
  );
}
