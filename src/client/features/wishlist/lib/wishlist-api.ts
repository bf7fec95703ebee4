/**
 * Wishlist API: GET /api/wishlist (?checkIn&checkOut), PUT and DELETE /api/wishlist/:homeId (204).
 * Public pages use the trusted request (no zod on `/`), as the homes do.
 */
import type { Wishlist } from '#shared/schemas/wishlist';
import { ApiError, apiRequestTrusted } from '#client/lib/api';
import type { SearchDates } from './last-search';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (userId: string, dates: SearchDates | null) => ['wishlist', userId, dates] as const,
};

export async function fetchWishlist(dates: SearchDates | null, signal?: AbortSignal): Promise<Wishlist> {
  const query = dates ? `?${new URLSearchParams({ checkIn: dates.checkIn, checkOut: dates.checkOut }).toString()}` : '';
  const { data } = await apiRequestTrusted<Wishlist>(`/api/wishlist${query}`, { signal });
  return data;
}

/** PUT (save) or DELETE (remove); both answer 204 without a body. */
export async function setSaved(homeId: string, saved: boolean): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/wishlist/${encodeURIComponent(homeId)}`, {
      method: saved ? 'PUT' : 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach StayHub. Check your connection and try again.');
  }
  if (response.status === 204) return;
  let message = `The server answered ${response.status}`;
  let code = 'http_error';
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.message) message = body.error.message;
    if (body.error?.code) code = body.error.code;
  } catch {
    // not JSON
  }
  throw new ApiError(response.status, code, message);
}
