/**
 * The server's price of a stay (GET /api/home/:id/quote). The browser never
 * works a price out itself: it shows these lines (ADR 0019).
 */
import type { StayQuote } from '#shared/schemas/bookings';
import { apiRequestTrusted } from './api';

export const quoteKeys = {
  stay: (homeId: string, checkIn: string, checkOut: string) => ['homes', 'quote', homeId, checkIn, checkOut] as const,
};

export async function fetchStayQuote(
  homeId: string,
  checkIn: string,
  checkOut: string,
  signal?: AbortSignal,
): Promise<StayQuote> {
  const query = new URLSearchParams({ checkIn, checkOut }).toString();
  const { data } = await apiRequestTrusted<StayQuote>(`/api/home/${encodeURIComponent(homeId)}/quote?${query}`, {
    signal,
  });
  return data;
}
