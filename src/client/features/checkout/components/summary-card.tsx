import { cardImage } from '#shared/images';
import { formatCents } from '#shared/money';
import type { CancellationPolicy } from '#shared/cancellation';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import { formatDay } from '#shared/dates';
import { PolicyTerms } from '#client/components/pricing/policy-terms';
import { REQUEST_TO_BOOK_NOTE } from '#shared/booking-requests';
import { PriceBreakdownList } from '#client/components/pricing/price-breakdown';
import type { CheckoutStay } from '../lib/steps';

/**
 * The stay at a glance: the home, the dates, nightly price, nights, the
 * server's price lines (the spec's VAT line shows the tax) with the total that
 * is charged, and the cancellation policy, all before paying.
 */
export function SummaryCard({
  home,
  stay,
  breakdown,
  policy,
  request = false,
}: {
  home: { title: string; location: string; image: string; timeZone: string };
  stay: CheckoutStay;
  /** The server's: its quote, then the hold's own (the amount the card is charged). */
  breakdown: PriceBreakdown;
  policy: CancellationPolicy;
  /** A request to book: said beside the stay from the first step (the pay step alone said it). */
  request?: boolean;
}) {
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="h-fit rounded-2xl border border-gray-200 bg-white p-5 shadow-lg lg:sticky lg:top-24"
    >
      <div className="flex gap-4">
        <img
          src={cardImage(home.image)}
          alt=""
          width={112}
          height={84}
          decoding="async"
          className="h-21 w-28 shrink-0 rounded-lg bg-gray-100 object-cover"
        />
        <div className="min-w-0">
          <h2 id="checkout-summary-title" className="font-semibold text-gray-900">
            {home.title}
          </h2>
          <p className="text-sm text-gray-700">{home.location}</p>
        </div>
      </div>
      {request && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">{REQUEST_TO_BOOK_NOTE}</p>
      )}
      <dl className="mt-5 space-y-2 border-t border-gray-200 pt-4 text-gray-900">
        <div className="flex justify-between gap-4">
          <dt>Dates</dt>
          <dd className="text-right">
            {formatDay(stay.checkIn, { weekday: true })} – {formatDay(stay.checkOut, { weekday: true })}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Guests</dt>
          <dd>{stay.guests}</dd>
        </div>
        <div className="flex justify-between gap-4">
          {/* Nights priced differently (weekend, price periods): their average, before discounts; the lines below say each. */}
          <dt>
            {new Set(breakdown.nightly.map((n) => n.cents)).size > 1 ? 'Average price per night' : 'Price per night'}
          </dt>
          <dd>{formatCents(breakdown.nightlyCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Nights</dt>
          <dd>{breakdown.nights}</dd>
        </div>
      </dl>
      <PriceBreakdownList breakdown={breakdown} totalTestId="checkout-total" className="mt-2" />
      <PolicyTerms
        policy={policy}
        timeZone={home.timeZone}
        heading="h3"
        className="mt-5 border-t border-gray-200 pt-4 text-sm"
      />
    </aside>
  );
}
