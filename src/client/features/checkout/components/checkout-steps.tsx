/** The three panels of the checkout: house rules, a message to the host, confirm and pay. */
import * as Tabs from '@radix-ui/react-tabs';
import { REQUEST_TO_BOOK_NOTE } from '#shared/booking-requests';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LUGGAGE_STORAGE_DAYS } from '#shared/constants';
import { clockTime, formatDay } from '#shared/dates';
import { plural } from '#shared/plural';
import type { Home } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { zoneLabel } from '#shared/time-zones';
import type { CheckoutState } from '../lib/use-checkout';
import type { CheckoutStay } from '../lib/steps';
import { IntentProblem } from './checkout-problem';
import { SandboxCardForm } from './sandbox-card-form';
import { Button } from '#client/components/ui/button';

/** A tab panel is a focus stop (Radix, WAI-ARIA tabs): it shows the focus like every other one. */
// outline-solid, not outline: Tailwind 4's `outline` reads the style outline-none set to none, so the
// focused panel (a Tab stop) showed no ring at all.
const panelClass =
  'mt-6 rounded-md outline-none focus-visible:outline-solid focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-rose-700';

// Stripe's card form (and the script it loads from js.stripe.com) only when Stripe is the provider.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const panelHeading = 'text-xl font-semibold text-gray-900 outline-none';

export function RulesStep({
  home,
  stay,
  nights,
  checkout,
}: {
  home: Home;
  stay: CheckoutStay;
  nights: string;
  checkout: CheckoutState;
}) {
  const location = useLocation();
  return (
    <Tabs.Content value="rules" className={panelClass}>
      <h2 id={checkout.headingId(0)} tabIndex={-1} className={panelHeading}>
        Review house rules
      </h2>
      <p className="mt-3 text-lg text-gray-900">
        {nights} in {home.location}
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-gray-50 p-3">
          <dt className="text-sm text-gray-700">Check-in</dt>
          <dd className="font-semibold text-gray-900">
            {formatDay(stay.checkIn, { weekday: true })}, after {clockTime(home.checkInTime)} (
            {zoneLabel(home.timeZone)})
          </dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-3">
          <dt className="text-sm text-gray-700">Check-out</dt>
          <dd className="font-semibold text-gray-900">
            {formatDay(stay.checkOut, { weekday: true })}, by {clockTime(home.checkOutTime)} ({zoneLabel(home.timeZone)}
            )
          </dd>
        </div>
      </dl>
      <h3 className="mt-6 font-semibold text-gray-900">Things to keep in mind</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-800">
        <li>
          Check-in is after {clockTime(home.checkInTime)} ({zoneLabel(home.timeZone)}); arriving earlier needs the
          host’s agreement.
        </li>
        <li>
          Leave the home by {clockTime(home.checkOutTime)} ({zoneLabel(home.timeZone)}) on the departure day.
        </li>
        <li>
          At most {plural(home.total_guest, 'guest')}; you are booking for {stay.guests}.
        </li>
        <li>Luggage can be stored for up to {LUGGAGE_STORAGE_DAYS} days after departure where the host offers it.</li>
        <li>Pets only where the home’s description says so; assistance animals are always welcome.</li>
      </ul>
      {home.houseRules.trim() && (
        <>
          <h3 className="mt-6 font-semibold text-gray-900">The host’s house rules</h3>
          <p className="mt-2 whitespace-pre-line text-gray-800">{home.houseRules}</p>
        </>
      )}
      <p className="mt-4 text-gray-800">
        By continuing you agree to the{' '}
        <Link
          to={`/terms?${new URLSearchParams({ from: location.pathname + location.search }).toString()}`}
          className="font-semibold text-rose-800 underline"
        >
          terms and conditions
        </Link>
        .
      </p>
      <Button onClick={checkout.goNext} className="mt-6">
        {TEXTS.agreeAndContinue}
      </Button>
    </Tabs.Content>
  );
}

export function GuestsStep({ stay, checkout }: { stay: CheckoutStay; checkout: CheckoutState }) {
  return (
    <Tabs.Content value="guests" className={panelClass}>
      <h2 id={checkout.headingId(1)} tabIndex={-1} className={panelHeading}>
        Who is coming?
      </h2>
      <p className="mt-2 text-gray-700">
        {plural(stay.guests, 'guest')}. Say hello to your host and tell them about your trip.
      </p>
      <label htmlFor={checkout.messageId} className="mt-4 block font-semibold text-gray-900">
        Message to the host <span className="font-normal text-gray-700">(optional)</span>
      </label>
      <textarea
        id={checkout.messageId}
        cols={50}
        rows={10}
        maxLength={2000}
        value={checkout.message}
        onChange={(e) => checkout.setMessage(e.target.value)}
        className="mt-1 block w-full max-w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-rose-700"
      />
      <Button onClick={checkout.goNext} className="mt-6">
        {TEXTS.continue}
      </Button>
    </Tabs.Content>
  );
}

const loadingCardForm = (
  <p role="status" className="text-gray-700">
    Loading the card form…
  </p>
);

/** The card form of the configured provider, or why it cannot show. */
function CardForm({ stay, checkout }: { stay: CheckoutStay; checkout: CheckoutState }) {
  const { config, intentError } = checkout;
  if (intentError) return <IntentProblem error={intentError} stay={stay} onRetry={checkout.retryIntent} />;
  if (config.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <p>The card form could not be loaded: {config.error.message}</p>
        <Button onClick={() => void config.refetch()} className="mt-3">
          Try again
        </Button>
      </div>
    );
  }
  if (!config.data) return loadingCardForm;
  if (config.data.provider === 'stripe') {
    return (
      <Suspense fallback={loadingCardForm}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...checkout.cardProps} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...checkout.cardProps} />;
}

/**
 * The hold's end is an instant of the guest's own session (minutes from now), not a time at the
 * home: it is shown on the guest's clock, named as such, beside the home-zone times of the stay.
 */
const HOLD_CLOCK = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function PayStep({ stay, checkout }: { stay: CheckoutStay; checkout: CheckoutState }) {
  const holdUntil = checkout.intent ? new Date(checkout.intent.holdExpiresAt) : null;
  let hold: ReactNode = null;
  if (holdUntil) {
    hold = <> These dates are held for you until {HOLD_CLOCK.format(holdUntil)} (your time).</>;
  }
  return (
    <Tabs.Content value="pay" className={panelClass}>
      <h2 id={checkout.headingId(2)} tabIndex={-1} className={panelHeading}>
        Confirm and pay
      </h2>
      {checkout.intent?.bookingMode === 'request' && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 font-medium text-amber-900">{REQUEST_TO_BOOK_NOTE}</p>
      )}
      <p className="mt-2 text-gray-700">
        Paying as <span className="font-semibold text-gray-900">{checkout.billing.email}</span>.{hold}
      </p>
      {checkout.config.data?.provider === 'sandbox' && (
        <p className="mt-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          Test mode: no real money moves. Pay with the test card 4242 4242 4242 4242, any future expiry date and any
          CVC.
        </p>
      )}
      <div className="mt-4">
        <CardForm stay={stay} checkout={checkout} />
      </div>
    </Tabs.Content>
  );
}
