/**
 * Bookings API (spec section 7): a guest's own list (GET /api/bookings?email=),
 * the admin's list of all (GET /api/bookings) and the cancellation
 * (DELETE /api/bookings/:id: the booking becomes cancelled and is refunded).
 */
import { acknowledgedDelete } from '#shared/schemas/common';
import { bookingListSchema, type Booking } from '#shared/schemas/bookings';
import { apiRequest } from '#client/lib/api';

export const bookingKeys = {
  all: ['bookings'] as const,
  mine: (email: string) => ['bookings', 'list', email.toLowerCase()] as const,
  everyone: () => ['bookings', 'list', '*'] as const,
};

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
