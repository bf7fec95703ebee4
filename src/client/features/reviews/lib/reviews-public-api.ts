/**
 * The public half of the reviews API: the query keys and a home's published reviews (trusted like
 * the homes, so no schema). Kept apart from reviews-api.ts, whose schemas (zod) would otherwise
 * join the first load of the server-rendered pages, whose loaders read the reviews (ADR 0025).
 */
import type { HomeReviews } from '#shared/schemas/reviews';
import { apiRequestTrusted } from '#client/lib/api';

export const reviewKeys = {
  all: ['reviews'] as const,
  home: (homeId: string) => ['reviews', 'home', homeId] as const,
  stays: () => ['reviews', 'stays'] as const,
  stay: (bookingId: string) => ['reviews', 'stay', bookingId] as const,
  guest: (guestId: string) => ['reviews', 'guest', guestId] as const,
};

export async function fetchHomeReviews(homeId: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  const { data } = await apiRequestTrusted<HomeReviews>(`/api/home/${encodeURIComponent(homeId)}/reviews${query}`, {
    signal,
  });
  return data;
}
