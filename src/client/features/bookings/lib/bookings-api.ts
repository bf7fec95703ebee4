/**
 * Bookings API (spec section 7): a guest's own list (GET /api/bookings?email=),
 * the admin's list of all (GET /api/bookings) and the cancellation
 * (DELETE /api/bookings/:id: the booking becomes cancelled and is refunded).
 */
import { acknowledgedDelete } from '#shared/schemas/common';
import {
  bookingListSchema,
  bookingSchema,
  cancellationQuoteSchema,
  type Booking,
  type CancellationQuote,
} from '#shared/schemas/bookings';
import { apiRequest } from '#client/lib/api';

export const bookingKeys = {
  all: ['bookings'] as const,
  mine: (email: string) => ['bookings', 'list', email.toLowerCase()] as const,
  everyone: () => ['bookings', 'list', '*'] as const,
  cancellation: (id: string) => ['bookings', 'cancellation', id] as const,
  receipt: (id: string) => ['bookings', 'receipt', id] as const,
  history: (as: HistoryView) => ['bookings', 'history', as] as const,
};

/** Whose history: the caller's own stays, their homes' bookings, or everyone's (admin). */
export type HistoryView = 'guest' | 'host' | 'admin';

/** What cancelling now would refund (the booking's policy for a guest; in full for an admin). */
export async function fetchCancellationQuote(id: string, signal?: AbortSignal): Promise<CancellationQuote> {
  const { data } = await apiRequest(`/api/bookings/${encodeURIComponent(id)}/cancellation`, cancellationQuoteSchema, {
    signal,
  });
  return data;
}

/** One booking with its breakdown, policy and refund (its guest, its host or an admin). */
export async function fetchReceipt(id: string, signal?: AbortSignal): Promise<Booking> {
  const { data } = await apiRequest(`/api/bookings/${encodeURIComponent(id)}/receipt`, bookingSchema, { signal });
  return data;
}

/** Cancelled and past bookings, newest stay first. */
export async function fetchHistory(as: HistoryView, signal?: AbortSignal): Promise<Booking[]> {
  const { data } = await apiRequest(`/api/bookings/history?as=${as}`, bookingListSchema, { signal });
  return data;
}

export async function fetchBookings(email: string | null, signal?: AbortSignal): Promise<Booking[]> {
  const path = email === null ? '/api/bookings' : `/api/bookings?${new URLSearchParams({ email }).toString()}`;
  const { data } = await apiRequest(path, bookingListSchema, { signal });
  return data;
}

export async function cancelBooking(id: string) {
  const { data } = await apiRequest(`/api/bookings/${encodeURIComponent(id)}`, acknowledgedDelete, {
    method: 'DELETE',
  });
  return data;
}
