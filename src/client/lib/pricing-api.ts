/**
 * The server's price of a stay (GET /api/home/:id/quote). The browser never
 * works a price out itself: it shows these lines (ADR 0019).
 */
import type { StayQuote } from '#shared/schemas/bookings';
import { apiRequestTrusted } from './api';

export const quoteKeys = {
  stay: (homeId: string, checkIn: string, checkOut: string, guests: number) =>
    ['homes', 'quote', homeId, checkIn, checkOut, guests] as const,
};

export async function fetchStayQuote(
  homeId: string,
  checkIn: string,
  checkOut: string,
  guests: number,
  signal?: AbortSignal,
): Promise<StayQuote> {
  // Extra guests change the price: the quote is for the guests the widget or the checkout carries.
  const query = new URLSearchParams({ checkIn, checkOut, guests: String(guests) }).toString();
  const { data } = await apiRequestTrusted<StayQuote>(`/api/home/${encodeURIComponent(homeId)}/quote?${query}`, {
    signal,
  });
  return data;
}
