/**
 * The checkout's state and its confirm logic: the step (and the focus moving to the
 * next panel's heading), the message to the host, the payment intent (the hold on the
 * dates), the payments config and what happens once the card has paid.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REQUEST_RESPONSE_HOURS } from '#shared/booking-requests';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { amountToCents, centsToAmount, formatCents } from '#shared/money';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import { TEXTS } from '#shared/texts';
import { isApiError } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import type { CardFormProps } from '../components/pay-controls';
import {
  checkoutKeys,
  createBooking,
  fetchBooking,
  fetchPaymentsConfig,
  releaseHold,
  saveHoldMessage,
} from './checkout-api';
import { checkoutDraftKey, clearCheckoutDraft, readCheckoutDraft, writeCheckoutDraft } from './checkout-draft';
import { nextStep, stepOfValue, stepValue, type CheckoutStay, type StepIndex } from './steps';
import { usePaymentIntent } from './use-payment-intent';

/** The bookings lists' query keys start with this (features/bookings/lib/bookings-api.ts). */
const BOOKINGS_QUERY_ROOT = ['bookings'] as const;

/**
 * What the guest reads once their request is sent: the host's deadline (the booking's `respondBy`) on
 * the guest's clock, in their locale; the general window only if the booking cannot be read now.
 */
async function requestSentText(bookingId: string): Promise<string> {
  const respondBy = await fetchBooking(bookingId).then(
    (b) => b.respondBy,
    () => null,
  );
  const when = respondBy
    ? `by ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(respondBy))}`
    : `within ${REQUEST_RESPONSE_HOURS} hours`;
  return `Request sent. The host answers ${when}; you are charged only if they accept.`;
}

/** The card was charged but the booking could not be confirmed from here: the server confirms it (sweeper). */
const PAYMENT_RECEIVED = 'Payment received — we are confirming your booking';

/**
 * Leaving the checkout (another route, back, closing the tab) gives the unpaid
 * hold up, so the dates are free again and the guest's 2-hold cap is not used
 * up by a page they left. Once the card was charged nothing is released.
 */
function useReleaseOnLeave(paymentIntentId: string | null, paid: { current: boolean }) {
  const current = useRef<string | null>(null);
  useEffect(() => {
    current.current = paymentIntentId;
  }, [paymentIntentId]);
  useEffect(() => {
    const leave = () => {
      const id = current.current;
      if (!id || paid.current) return;
      current.current = null;
      releaseHold(id);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [paid]);
}

/** `price`: the server's quote of the stay; the hold is asked for exactly its total (409 price_changed otherwise). */
export function useCheckout(stay: CheckoutStay, price: PriceBreakdown) {
  const id = useId();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draftKey = checkoutDraftKey(stay);
  // A reload keeps the step and the note to the host (this tab only: sessionStorage).
  const [draft] = useState(() => readCheckoutDraft(draftKey));
  const [step, setStep] = useState<StepIndex>(draft.step);
  const [message, setMessage] = useState(draft.message);
  useEffect(() => writeCheckoutDraft(draftKey, { step, message }), [draftKey, step, message]);
  const moveFocus = useRef(false);
  const paid = useRef(false);

  const request = useMemo(
    () => ({
      homeId: stay.homeId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      price: centsToAmount(price.totalCents),
    }),
    [stay, price.totalCents],
  );
  const { intent, error: intentError, retry } = usePaymentIntent(request);
  useReleaseOnLeave(intent?.paymentIntentId ?? null, paid);
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
      document.getElementById(headingId(id, step))?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [id, step]);

  function goNext() {
    moveFocus.current = true;
    setStep((s) => nextStep(s));
  }

  const confirmedTotalCents = intent ? amountToCents(intent.amount) : null;
  const billing = { name: user?.name?.trim() || user?.email || '', email: user?.email ?? '' };

  async function onPaid(paymentIntentId: string): Promise<boolean> {
    if (!intent) return false;
    // The card was charged: from here on the hold is never released.
    paid.current = true;
    try {
      const trimmed = message.trim();
      const answer = await createBooking({
        bookingId: intent.bookingId,
        paymentIntentId,
        ...(trimmed ? { message: trimmed } : {}),
      });
      if (answer.acknowledged) {
        clearCheckoutDraft(draftKey);
        if (intent.bookingMode === 'request')
          toast.success(await requestSentText(intent.bookingId), { duration: 8000 });
        else toast.success(TEXTS.bookingSuccess, { duration: 4000 });
        void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_ROOT });
        await navigate('/dashboard/my-booking');
        return true;
      }
    } catch (error) {
      // The server refused it (a 4xx answer: the hold ended and was refunded, the payment is not complete ...):
      // nothing is kept. Any other failure (network, 5xx) leaves a paid hold the server confirms by itself.
      if (!(isApiError(error) && error.status >= 400 && error.status < 500)) {
        clearCheckoutDraft(draftKey);
        toast.success(PAYMENT_RECEIVED, { duration: 6000 });
        void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_ROOT });
        await navigate('/dashboard/my-booking');
        return true;
      }
    }
    toast.error(TEXTS.bookingFailed);
    return false;
  }

  /** The note to the host goes with the hold before the card is charged; a failure here never stops the payment. */
  async function beforePay(): Promise<void> {
    if (!intent || !message.trim()) return;
    try {
      await saveHoldMessage(intent.bookingId, message.trim());
    } catch {
      // POST /api/bookings still carries the note.
    }
  }

  const cardProps: CardFormProps = {
    clientSecret: intent?.clientSecret ?? null,
    billing,
    amountLabel: formatCents(confirmedTotalCents ?? price.totalCents),
    onPaid,
    beforePay,
    request: intent?.bookingMode === 'request',
  };

  return {
    /** The id of step `n`'s panel heading. */
    headingId: (n: StepIndex) => headingId(id, n),
    messageId: `${id}-message`,
    step,
    tab: stepValue(step),
    /** A tab was clicked. */
    selectTab: (value: string) => setStep((s) => stepOfValue(value, s)),
    goNext,
    message,
    setMessage,
    intent,
    intentError,
    retryIntent: retry,
    config,
    billing,
    confirmedTotalCents,
    cardProps,
  };
}

export type CheckoutState = ReturnType<typeof useCheckout>;

const headingId = (id: string, step: StepIndex) => `${id}-step-${step}`;
