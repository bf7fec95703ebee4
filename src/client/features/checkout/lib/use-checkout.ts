/**
 * The checkout's state and its confirm logic: the step (and the focus moving to the
 * next panel's heading), the message to the host, the payment intent (the hold on the
 * dates), the payments config and what happens once the card has paid.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { amountToCents, centsToAmount, formatCents } from '#shared/money';
import type { StayPrice } from '#shared/stay';
import { TEXTS } from '#shared/texts';
import { useSession } from '#client/lib/session';
import type { CardFormProps } from '../components/pay-controls';
import { checkoutKeys, createBooking, fetchPaymentsConfig } from './checkout-api';
import { INITIAL_STEP, nextStep, stepOfValue, stepValue, type CheckoutStay, type StepIndex } from './steps';
import { usePaymentIntent } from './use-payment-intent';

/** The bookings lists' query keys start with this (features/bookings/lib/bookings-api.ts). */
const BOOKINGS_QUERY_ROOT = ['bookings'] as const;

export function useCheckout(stay: CheckoutStay, price: StayPrice) {
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
      price: centsToAmount(price.totalCents),
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
