/**
 * /dashboard/receipt/:id: one booking as its guest, its host or an admin sees
 * it: the stay, the server's price lines (the same as everywhere else), the
 * policy it was booked under and, once cancelled, the refund. Print prints
 * only the receipt (the print stylesheet in styles.css).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import type { Booking } from '#shared/schemas/bookings';
import { zoneLabel } from '#shared/time-zones';
import { PageTitle } from '#client/components/page-title';
import { PolicyTerms } from '#client/components/pricing/policy-terms';
import { PriceBreakdownList } from '#client/components/pricing/price-breakdown';
import { bookingDepositState } from '#shared/price-lines';
import { QueryView } from '#client/components/ui/query-view';
import { isApiError } from '#client/lib/api';
import { bookingKeys, fetchReceipt } from '../lib/bookings-api';
import { moneyTaken, statusLabel } from '../lib/present';
import { Button, buttonClass } from '#client/components/ui/button';
import { HomeAddressMap } from '#client/features/map/components/home-address-map';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-1">
      <dt className="text-gray-700">{label}</dt>
      <dd className="break-all text-right font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/** An instant on the clocks of the home's zone (the booking's), named. */
const dateTime = (iso: string, timeZone: string) => (
  <>
    {new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))}{' '}
    {/* The row breaks anywhere (the booking reference); the zone's name stays whole. */}
    <span className="whitespace-nowrap break-normal">({zoneLabel(timeZone)})</span>
  </>
);

function RefundSection({ booking }: { booking: Booking }) {
  if (booking.status !== 'cancelled') return null;
  const refund = booking.refund;
  const kept = booking.breakdown.totalCents - (refund?.amountCents ?? 0);
  return (
    <section aria-labelledby="receipt-refund" className="mt-6 border-t border-gray-200 pt-4">
      <h2 id="receipt-refund" className="text-lg font-semibold text-gray-900">
        Cancellation
      </h2>
      <dl className="mt-2">
        {booking.cancelledAt && <Row label="Cancelled on">{dateTime(booking.cancelledAt, booking.timeZone)}</Row>}
        <Row label="Refund">
          <span data-testid="receipt-refund">{formatCents(refund?.amountCents ?? 0)}</span>
          {refund?.status === 'pending' && ' (being processed)'}
          {refund?.status === 'failed' && ' (the refund failed: StayHub settles it with you by hand)'}
        </Row>
        {refund && <Row label="Paid after the refund">{formatCents(kept)}</Row>}
      </dl>
      {!refund && <p className="mt-1 text-sm text-gray-700">No payment was taken, so nothing was refunded.</p>}
    </section>
  );
}

/** Where the money went (issue 28), from the ledger: shown once money was taken. */
function SplitSection({ booking }: { booking: Booking }) {
  const split = booking.split;
  if (!split) return null;
  return (
    <section aria-labelledby="receipt-split" className="mt-6 border-t border-gray-200 pt-4">
      <h2 id="receipt-split" className="text-lg font-semibold text-gray-900">
        Where the money goes
      </h2>
      <dl className="mt-2">
        <Row label="Paid by the guest">{formatCents(split.paidCents)}</Row>
        <Row label="Service fee (StayHub)">{formatCents(split.serviceFeeCents)}</Row>
        <Row label="Tax">{formatCents(split.taxCents)}</Row>
        <Row label="Host's payout">
          <span data-testid="receipt-host-payout">{formatCents(split.hostPayoutCents)}</span>
        </Row>
        {split.hostPayoutCents > 0 && (
          <Row label="Payable to the host from">{dateTime(split.hostPayoutAt, booking.timeZone)}</Row>
        )}
      </dl>
    </section>
  );
}

function Receipt({ booking }: { booking: Booking }) {
  return (
    <article
      aria-labelledby="dashboard-screen-title"
      className="print-root max-w-2xl rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <PageTitle title={`Receipt · ${booking.title}`} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-rose-800">StayHub</p>
          <h1 id="dashboard-screen-title" tabIndex={-1} className="text-2xl font-bold text-gray-900 outline-none">
            Receipt
          </h1>
        </div>
        <div className="no-print flex flex-wrap gap-2">
          <Button onClick={() => window.print()}>Print</Button>
          <Link to="/dashboard/history" className={buttonClass('secondary')}>
            History
          </Link>
        </div>
      </div>
      <dl className="mt-4">
        <Row label="Booking reference">{booking._id}</Row>
        <Row label="Booked on">{dateTime(booking.createdAt, booking.timeZone)}</Row>
        <Row label="Status">{statusLabel(booking)}</Row>
      </dl>
      <section aria-labelledby="receipt-stay" className="mt-6 border-t border-gray-200 pt-4">
        <h2 id="receipt-stay" className="text-lg font-semibold text-gray-900">
          {booking.title}
        </h2>
        <p className="text-gray-700">{booking.location}</p>
        <dl className="mt-2">
          <Row label="Check-in">{formatDay(booking.from, { weekday: true })}</Row>
          <Row label="Check-out">{formatDay(booking.to, { weekday: true })}</Row>
          <Row label="Guests">{booking.guests}</Row>
          <Row label="Guest">{booking.guestEmail}</Row>
          <Row label="Host">{booking.hostEmail}</Row>
        </dl>
      </section>
      {booking.status === 'confirmed' && booking.homeId && (
        <HomeAddressMap homeId={booking.homeId} location={booking.location} />
      )}
      <section aria-labelledby="receipt-price" className="mt-6 border-t border-gray-200 pt-4">
        <h2 id="receipt-price" className="text-lg font-semibold text-gray-900">
          Price
        </h2>
        <PriceBreakdownList
          breakdown={booking.breakdown}
          depositState={bookingDepositState(booking)}
          totalLabel={moneyTaken(booking) ? 'Total paid' : 'Total'}
          totalTestId="receipt-total"
          className="mt-2"
        />
      </section>
      <RefundSection booking={booking} />
      <SplitSection booking={booking} />
      <PolicyTerms
        policy={booking.cancellationPolicy}
        timeZone={booking.timeZone}
        heading="h2"
        className="mt-6 border-t border-gray-200 pt-4"
      />
    </article>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const receipt = useQuery({
    queryKey: bookingKeys.receipt(id),
    queryFn: ({ signal }) => fetchReceipt(id, signal),
    enabled: id.length > 0,
  });
  return (
    <QueryView
      query={receipt}
      loadingLabel="Loading the receipt"
      renderError={(error) =>
        isApiError(error) && (error.status === 404 || error.status === 400) ? (
          <section aria-labelledby="dashboard-screen-title">
            <PageTitle title="Receipt not found" />
            <h1 id="dashboard-screen-title" className="text-2xl font-bold text-gray-900">
              Receipt not found
            </h1>
            <p className="mt-2 text-gray-700">There is no booking with this reference that you may see.</p>
            <Link to="/dashboard/history" className={buttonClass('secondary', 'mt-4')}>
              History
            </Link>
          </section>
        ) : undefined
      }
    >
      {(booking) => <Receipt booking={booking} />}
    </QueryView>
  );
}
