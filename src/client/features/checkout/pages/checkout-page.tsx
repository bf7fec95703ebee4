/**
 * /chackout (login required): three tabs (review the house rules, a message to
 * the host, confirm and pay) and a summary card. The stay comes from the URL, so
 * a reload or a direct link opens the same checkout; the server holds the dates
 * when the page asks for the payment intent and decides the price.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { plural } from '#shared/plural';
import type { Home } from '#shared/schemas/homes';
import type { StayQuote } from '#shared/schemas/bookings';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '#client/components/page-title';
import { fetchHome, homeKeys, isApiError } from '#client/lib/api';
import { fetchStayQuote, quoteKeys } from '#client/lib/pricing-api';
import { AllHomesLink, IntentProblem, linkButton, Problem } from '../components/checkout-problem';
import { GuestsStep, PayStep, RulesStep } from '../components/checkout-steps';
import { SummaryCard } from '../components/summary-card';
import { CHECKOUT_STEPS, detailsHref, parseCheckoutQuery, quoteCheckout, type CheckoutStay } from '../lib/steps';
import { useCheckout } from '../lib/use-checkout';
import { Button } from '#client/components/ui/button';

export function Component() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseCheckoutQuery(params), [params]);
  if (!parsed.ok) {
    return (
      <Problem title="This checkout cannot be opened" actions={<AllHomesLink />}>
        <p>{parsed.problem}</p>
        <p className="mt-2">Choose a home and its dates, then press {TEXTS.reserve}.</p>
      </Problem>
    );
  }
  const { stay } = parsed;
  return <CheckoutForStay key={`${stay.homeId}|${stay.checkIn}|${stay.checkOut}|${stay.guests}`} stay={stay} />;
}

function CheckoutForStay({ stay }: { stay: CheckoutStay }) {
  const home = useQuery({
    queryKey: homeKeys.detail(stay.homeId),
    queryFn: ({ signal }) => fetchHome(stay.homeId, signal),
  });

  if (home.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <PageTitle title={TEXTS.loading} />
        <p role="status" className="text-center text-lg text-gray-700">
          {TEXTS.loading}
        </p>
      </div>
    );
  }
  if (home.isError) {
    if (isApiError(home.error) && (home.error.status === 404 || home.error.status === 400)) {
      return (
        <Problem title="Home not found" actions={<AllHomesLink />}>
          <p>The home of this checkout does not exist or is no longer listed.</p>
        </Problem>
      );
    }
    return (
      <Problem
        title="The checkout could not be loaded"
        actions={
          <>
            <Button onClick={() => void home.refetch()}>Try again</Button>
            <AllHomesLink secondary />
          </>
        }
      >
        <p role="alert">{home.error.message}</p>
      </Problem>
    );
  }
  const quote = quoteCheckout(home.data, stay);
  if (!quote.ok) {
    return (
      <Problem
        title="These dates cannot be booked"
        actions={
          <>
            <Link to={detailsHref({ homeId: stay.homeId })} className={linkButton}>
              Choose other dates
            </Link>
            <AllHomesLink secondary />
          </>
        }
      >
        <p>{quote.problem}</p>
      </Problem>
    );
  }
  return <QuotedCheckout home={home.data} stay={stay} />;
}

/** The server's price of the stay comes first: the checkout shows it and asks the hold for exactly that total. */
function QuotedCheckout({ home, stay }: { home: Home; stay: CheckoutStay }) {
  const quote = useQuery({
    queryKey: quoteKeys.stay(stay.homeId, stay.checkIn, stay.checkOut, stay.guests),
    queryFn: ({ signal }) => fetchStayQuote(stay.homeId, stay.checkIn, stay.checkOut, stay.guests, signal),
  });
  if (quote.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <PageTitle title={TEXTS.loading} />
        <p role="status" className="text-center text-lg text-gray-700">
          {TEXTS.loading}
        </p>
      </div>
    );
  }
  if (quote.isError) {
    return (
      <Problem
        title="The price of this stay could not be loaded"
        actions={
          <>
            <Button onClick={() => void quote.refetch()}>Try again</Button>
            <AllHomesLink secondary />
          </>
        }
      >
        <p role="alert">{quote.error.message}</p>
      </Problem>
    );
  }
  return <Checkout home={home} stay={stay} quote={quote.data} />;
}

function Checkout({ home, stay, quote }: { home: Home; stay: CheckoutStay; quote: StayQuote }) {
  const checkout = useCheckout(stay, quote.breakdown);
  const nights = plural(quote.breakdown.nights, 'night');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle title={`Checkout · ${home.title}`} />
      <Link to={detailsHref(stay)} className="text-sm font-semibold text-rose-800 underline">
        ← Back to the home
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Confirm your stay</h1>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0">
          {checkout.intentError && checkout.step !== 2 && (
            <div className="mb-6">
              <IntentProblem error={checkout.intentError} stay={stay} onRetry={checkout.retryIntent} />
            </div>
          )}
          <Tabs.Root value={checkout.tab} onValueChange={checkout.selectTab}>
            <Tabs.List aria-label="Checkout steps" className="grid grid-cols-3 gap-1 rounded-xl bg-gray-100 p-1">
              {CHECKOUT_STEPS.map((s) => (
                <Tabs.Trigger
                  key={s.value}
                  value={s.value}
                  className="rounded-lg px-2 py-2.5 text-sm font-semibold text-gray-800 transition-colors hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-rose-800 data-[state=active]:shadow sm:text-base"
                >
                  {s.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <RulesStep home={home} stay={stay} nights={nights} checkout={checkout} />
            <GuestsStep stay={stay} checkout={checkout} />
            <PayStep stay={stay} checkout={checkout} />
          </Tabs.Root>
        </div>
        <SummaryCard
          home={home}
          stay={stay}
          breakdown={checkout.intent?.breakdown ?? quote.breakdown}
          policy={quote.cancellationPolicy}
          request={(checkout.intent?.bookingMode ?? quote.bookingMode) === 'request'}
        />
      </div>
    </div>
  );
}
