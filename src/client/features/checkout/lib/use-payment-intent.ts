import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { PaymentIntentRequest } from '#shared/schemas/payments';
import { createPaymentIntent } from './checkout-api';

/**
 * Creates the payment intent (and with it the hold on the dates) once per stay.
 * StrictMode runs effects twice and a reload asks again: the ref keeps this page
 * to one request per stay, and the server answers a repeated request for the
 * caller's own live hold with the same intent.
 */
export function usePaymentIntent(request: PaymentIntentRequest | null) {
  const { mutate, data, error, isPending, reset } = useMutation({ mutationFn: createPaymentIntent });
  const requested = useRef<string | null>(null);
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!key || requested.current === key) return;
    requested.current = key;
    mutate(JSON.parse(key) as PaymentIntentRequest);
  }, [key, mutate]);

  /** Asks again (after a failure the guest chose to retry). */
  const retry = useCallback(() => {
    if (!key) return;
    reset();
    requested.current = key;
    mutate(JSON.parse(key) as PaymentIntentRequest);
  }, [key, mutate, reset]);

  return { intent: data ?? null, error, isPending: isPending || (key !== null && !data && !error), retry };
}
