import type { Home } from '#shared/schemas/homes';
import { cardImage } from '#shared/images';
import { formatCents } from '#shared/money';
import type { StayPrice } from '#shared/stay';
import { formatDay } from '#shared/dates';
import { plural } from '#shared/plural';
import type { CheckoutStay } from '../lib/steps';

/** The stay at a glance: the home, the dates, nightly price, nights, VAT 0 and the total. */
export function SummaryCard({
  home,
  stay,
  price,
  confirmedTotalCents,
}: {
  home: Home;
  stay: CheckoutStay;
  price: StayPrice;
  /** The server's amount, once the payment intent has answered. */
  confirmedTotalCents: number | null;
}) {
  const total = confirmedTotalCents ?? price.totalCents;
  const nights = plural(price.nights, 'night');
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
          <dt>Price per night</dt>
          <dd>{formatCents(price.nightlyCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Nights</dt>
          <dd>{price.nights}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>
            {formatCents(price.nightlyCents)} × {nights}
          </dt>
          <dd>{formatCents(price.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>VAT</dt>
          <dd>{formatCents(price.vatCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-3 text-lg font-bold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatCents(total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
