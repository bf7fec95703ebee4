/**
 * The checkout's calls (spec section 7): the payment intent (which holds the
 * dates), the payments config (which card form), the sandbox's confirm, and the
 * booking that confirms a paid hold. Answers are parsed with the shared contract.
 */
import { acknowledgedInsert, acknowledgedUpdate } from '#shared/schemas/common';
import {
  paymentIntentResponseSchema,
  paymentsConfigSchema,
  sandboxConfirmResponseSchema,
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  type PaymentsConfig,
  type SandboxConfirmRequest,
} from '#shared/schemas/payments';
import { bookingSchema, type Booking, type CreateBookingRequest } from '#shared/schemas/bookings';
import { apiRequest, isApiError } from '#client/lib/api';

const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const checkoutKeys = {
  paymentsConfig: ['payments', 'config'] as const,
};

export async function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  const { data } = await apiRequest('/api/payments/config', paymentsConfigSchema, { signal });
  return data;
}

/** Holds the dates for 15 minutes and creates the card payment: `{ clientSecret, bookingId, amount, ... }`. */
export async function createPaymentIntent(body: PaymentIntentRequest): Promise<PaymentIntentResponse> {
  const { data } = await apiRequest('/api/payment-intent', paymentIntentResponseSchema, jsonPost(body));
  return data;
}

/** What a card confirmation ends with: the paid intent, or the message to show under the card form. */
export type CardResult = { ok: true; paymentIntentId: string } | { ok: false; code: string; message: string };

/** The sandbox's confirmCardPayment: 402 answers carry the card error to show. */
export async function confirmSandboxCard(body: SandboxConfirmRequest): Promise<CardResult> {
  try {
    const { data } = await apiRequest('/api/payments/sandbox/confirm', sandboxConfirmResponseSchema, jsonPost(body));
    // requires_capture: a booking request's card is authorised, paid for now (charged if the host accepts).
    const { status, id } = data.paymentIntent;
    if (status === 'succeeded' || status === 'requires_capture') return { ok: true, paymentIntentId: id };
    return { ok: false, code: 'payment_incomplete', message: 'The payment was not completed. Please try again.' };
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Confirms the paid hold as a booking; the server checks the payment with the provider. */
export async function createBooking(body: Pick<CreateBookingRequest, 'bookingId' | 'paymentIntentId' | 'message'>) {
  const { data } = await apiRequest('/api/bookings', acknowledgedInsert, jsonPost(body));
  return data;
}

/** The booking as its guest sees it (its receipt): a request's `respondBy` is known once it was sent. */
export async function fetchBooking(bookingId: string): Promise<Booking> {
  const { data } = await apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}/receipt`, bookingSchema);
  return data;
}

/** Keeps the note to the host with the hold, before the card is charged (so whoever confirms the paid hold keeps it). */
export async function saveHoldMessage(bookingId: string, message: string) {
  const { data } = await apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}`, acknowledgedUpdate, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  return data;
}

/**
 * The guest left the checkout: their unpaid hold gives the dates back (a paid one
 * never does). `keepalive` lets the request outlive the page (pagehide).
 */
export function releaseHold(paymentIntentId: string): void {
  try {
    void fetch(`/api/payment-intent/${encodeURIComponent(paymentIntentId)}/release`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Nothing to tell anyone: the hold ends by itself after its 15 minutes.
  }
}
