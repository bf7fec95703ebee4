/**
 * /chackout (login required): three tabs (review the house rules, a message to
 * the host, confirm and pay) and a summary card. The stay comes from the URL, so
 * a reload or a direct link opens the same checkout; the server holds the dates
 * when the page asks for the payment intent and decides the price.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CHECK_IN_AFTER, LUGGAGE_STORAGE_DAYS } from '#shared/constants';
import { amountToCents, formatCents } from '#shared/money';
import type { Home } from '#shared/schemas/homes';
import type { StayPrice } from '#shared/stay';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '#client/components/page-title';
import { primaryButtonClass, secondaryButtonClass } from '#client/components/ui/form-field';
import { fetchHome, homeKeys, isApiError, type ApiError } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { SandboxCardForm } from '../components/sandbox-card-form';
import { SummaryCard } from '../components/summary-card';
import type { CardFormProps } from '../components/pay-controls';
import { checkoutKeys, createBooking, fetchPaymentsConfig } from '../lib/checkout-api';
import {
  CHECKOUT_STEPS,
  INITIAL_STEP,
  detailsHref,
  formatStayDay,
  nextStep,
  parseCheckoutQuery,
  quoteCheckout,
  stepOfValue,
  stepValue,
  type CheckoutStay,
  type StepIndex,
} from '../lib/steps';
import { usePaymentIntent } from '../lib/use-payment-intent';

// Stripe's card form (and the script it loads from js.stripe.com) only when Stripe is the provider.
const StripeCardForm = lazy(() =>
  import('../components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

/** The bookings lists' query keys start with this (features/bookings/lib/bookings-api.ts). */
const BOOKINGS_QUERY_ROOT = ['bookings'] as const;

const linkButton = `${primaryButtonClass} no-underline`;

function Problem({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <PageTitle title={title} />
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 text-gray-800">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}

const allHomesLink = (
  <Link to="/all-home" className={linkButton}>
    Browse all homes
  </Link>
);

export function Component() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseCheckoutQuery(params), [params]);
  if (!parsed.ok) {
    return (
      <Problem title="This checkout cannot be opened" actions={allHomesLink}>
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
        <Problem title="Home not found" actions={allHomesLink}>
          <p>The home of this checkout does not exist or is no longer listed.</p>
        </Problem>
      );
    }
    return (
      <Problem
        title="The checkout could not be loaded"
        actions={
          <>
            <button type="button" onClick={() => void home.refetch()} className={primaryButtonClass}>
              Try again
            </button>
            <Link to="/all-home" className={secondaryButtonClass}>
              Browse all homes
            </Link>
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
            <Link to="/all-home" className={secondaryButtonClass}>
              Browse all homes
            </Link>
          </>
        }
      >
        <p>{quote.problem}</p>
      </Problem>
    );
  }
  return <Checkout home={home.data} stay={stay} price={quote.price} />;
}

function IntentProblem({ error, stay, onRetry }: { error: Error; stay: CheckoutStay; onRetry: () => void }) {
  const api = isApiError(error) ? (error as ApiError) : null;
  // 4xx answers (dates taken, price changed, outside the window) need other choices; the rest may pass on retry.
  const permanent = api !== null && api.status >= 400 && api.status < 500;
  const tooManyHolds = api?.code === 'too_many_holds';
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-800">
        {api?.code === 'price_changed'
          ? 'The price has changed'
          : tooManyHolds
            ? 'You have other reservations in progress'
            : permanent
              ? 'These dates cannot be booked'
              : 'The payment could not be prepared'}
      </p>
      <p className="mt-1 text-red-800">{error.message}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {tooManyHolds && (
          <Link to="/dashboard/my-booking" className={linkButton}>
            Go to My Bookings
          </Link>
        )}
        {!permanent && (
          <button type="button" onClick={onRetry} className={primaryButtonClass}>
            Try again
          </button>
        )}
        <Link to={detailsHref(stay)} className={permanent ? linkButton : secondaryButtonClass}>
          Back to the home
        </Link>
      </div>
    </div>
  );
}

function Checkout({ home, stay, price }: { home: Home; stay: CheckoutStay; price: StayPrice }) {
  const location = useLocation();
  const id = useId();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<StepIndex>(INITIAL_STEP);
  const [message, setMessage] = useState('');
  const moveFocus = useRef(false);

  const request = useMemo(
    () => ({
      homeId: stay.homeId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      price: price.totalCents / 100,
    }),
    [stay, price.totalCents],
  );
  const { intent, error: intentError, retry } = usePaymentIntent(request);
  const config = useQuery({
    queryKey: checkoutKeys.paymentsConfig,
    queryFn: ({ signal }) => fetchPaymentsConfig(signal),
    staleTime: Infinity,
  });

  // "Agree and continue" / "Continue": the next panel's heading takes the focus (the button is gone).
  useEffect(() => {
    if (!moveFocus.current) return;
    // Radix mounts the newly selected panel one render later: focus after that.
    const frame = requestAnimationFrame(() => {
      moveFocus.current = false;
      document.getElementById(`${id}-step-${step}`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [id, step]);

  function goNext() {
    moveFocus.current = true;
    setStep((s) => nextStep(s));
  }

  const confirmedTotalCents = intent ? amountToCents(intent.amount) : null;
  const nights = `${price.nights} ${price.nights === 1 ? 'night' : 'nights'}`;
  const billing = { name: user?.name?.trim() || user?.email || '', email: user?.email ?? '' };

  async function onPaid(paymentIntentId: string): Promise<boolean> {
    if (!intent) return false;
    try {
      const trimmed = message.trim();
      const answer = await createBooking({
        bookingId: intent.bookingId,
        paymentIntentId,
        ...(trimmed ? { message: trimmed } : {}),
      });
      if (answer.acknowledged) {
        toast.success(TEXTS.bookingSuccess);
        void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_ROOT });
        await navigate('/dashboard/my-booking');
        return true;
      }
    } catch {
      // reported below
    }
    toast.error(TEXTS.bookingFailed);
    return false;
  }

  const cardProps: CardFormProps = {
    clientSecret: intent?.clientSecret ?? null,
    billing,
    amountLabel: formatCents(confirmedTotalCents ?? price.totalCents),
    onPaid,
  };

  let cardForm: ReactNode;
  if (intentError) {
    cardForm = <IntentProblem error={intentError} stay={stay} onRetry={retry} />;
  } else if (config.isError) {
    cardForm = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <p>The card form could not be loaded: {config.error.message}</p>
        <button type="button" onClick={() => void config.refetch()} className={`${primaryButtonClass} mt-3`}>
          Try again
        </button>
      </div>
    );
  } else if (!config.data) {
    cardForm = (
      <p role="status" className="text-gray-700">
        Loading the card form…
      </p>
    );
  } else if (config.data.provider === 'stripe') {
    cardForm = (
      <Suspense
        fallback={
          <p role="status" className="text-gray-700">
            Loading the card form…
          </p>
        }
      >
        <StripeCardForm publishableKey={config.data.publishableKey} {...cardProps} />
      </Suspense>
    );
  } else {
    cardForm = <SandboxCardForm {...cardProps} />;
  }

  const panelHeading = 'text-xl font-semibold text-gray-900 outline-none';
  const holdUntil = intent ? new Date(intent.holdExpiresAt) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle title={`Checkout · ${home.title}`} />
      <Link to={detailsHref(stay)} className="text-sm font-semibold text-rose-800 underline">
        ← Back to the home
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Confirm your stay</h1>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0">
          {intentError && step !== 2 && (
            <div className="mb-6">
              <IntentProblem error={intentError} stay={stay} onRetry={retry} />
            </div>
          )}
          <Tabs.Root value={stepValue(step)} onValueChange={(value) => setStep((s) => stepOfValue(value, s))}>
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

            <Tabs.Content value="rules" className="mt-6 outline-none">
              <h2 id={`${id}-step-0`} tabIndex={-1} className={panelHeading}>
                Review house rules
              </h2>
              <p className="mt-3 text-lg text-gray-900">
                {nights} in {home.location}
              </p>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2">
                <div className="rounded-lg bg-gray-50 p-3">
                  <dt className="text-sm text-gray-700">Check-in</dt>
                  <dd className="font-semibold text-gray-900">
                    {formatStayDay(stay.checkIn)}, after {CHECK_IN_AFTER}
                  </dd>
                </div>
                <div className="rounded-lg bg-gray-50 p-3">
                  <dt className="text-sm text-gray-700">Check-out</dt>
                  <dd className="font-semibold text-gray-900">{formatStayDay(stay.checkOut)}, by 11:00 AM</dd>
                </div>
              </dl>
              <h3 className="mt-6 font-semibold text-gray-900">Things to keep in mind</h3>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-800">
                <li>Check-in is after {CHECK_IN_AFTER}; arriving earlier needs the host’s agreement.</li>
                <li>Leave the home by 11:00 AM on the departure day.</li>
                <li>
                  At most {home.total_guest} {home.total_guest === 1 ? 'guest' : 'guests'}; you are booking for{' '}
                  {stay.guests}.
                </li>
                <li>
                  Luggage can be stored for up to {LUGGAGE_STORAGE_DAYS} days after departure where the host offers it.
                </li>
                <li>Pets only where the home’s description says so; assistance animals are always welcome.</li>
              </ul>
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
              <button type="button" onClick={goNext} className={`${primaryButtonClass} mt-6`}>
                {TEXTS.agreeAndContinue}
              </button>
            </Tabs.Content>

            <Tabs.Content value="guests" className="mt-6 outline-none">
              <h2 id={`${id}-step-1`} tabIndex={-1} className={panelHeading}>
                Who is coming?
              </h2>
              <p className="mt-2 text-gray-700">
                {stay.guests} {stay.guests === 1 ? 'guest' : 'guests'}. Say hello to your host and tell them about your
                trip.
              </p>
              <label htmlFor={`${id}-message`} className="mt-4 block font-semibold text-gray-900">
                Message to the host <span className="font-normal text-gray-700">(optional)</span>
              </label>
              <textarea
                id={`${id}-message`}
                cols={50}
                rows={10}
                maxLength={2000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                className="mt-1 block w-full max-w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-rose-700"
              />
              <button type="button" onClick={goNext} className={`${primaryButtonClass} mt-6`}>
                {TEXTS.continue}
              </button>
            </Tabs.Content>

            <Tabs.Content value="pay" className="mt-6 outline-none">
              <h2 id={`${id}-step-2`} tabIndex={-1} className={panelHeading}>
                Confirm and pay
              </h2>
              <p className="mt-2 text-gray-700">
                Paying as <span className="font-semibold text-gray-900">{billing.email}</span>.
                {holdUntil && (
                  <>
                    {' '}
                    These dates are held for you until{' '}
                    {holdUntil.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
                  </>
                )}
              </p>
              {config.data?.provider === 'sandbox' && (
                <p className="mt-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
                  Test mode: no real money moves. Pay with the test card 4242 4242 4242 4242, any future expiry date and
                  any CVC.
                </p>
              )}
              <div className="mt-4">{cardForm}</div>
            </Tabs.Content>
          </Tabs.Root>
        </div>
        <SummaryCard home={home} stay={stay} price={price} confirmedTotalCents={confirmedTotalCents} />
      </div>
    </div>
  );
}
