/** The API reads of narrowing a search: place suggestions and the price histogram (GET /api/places, /api/homes/price-histogram). */
import type { PlaceSuggestions, PriceHistogram, PriceHistogramQuery } from '#shared/schemas/search';
import { apiRequestTrusted } from '#client/lib/api';

export const searchKeys = {
  places: (q: string) => ['places', q] as const,
  histogram: (query: PriceHistogramQuery) => ['homes', 'price-histogram', query] as const,
};

export async function fetchPlaces(q: string, signal?: AbortSignal): Promise<PlaceSuggestions> {
  const params = new URLSearchParams({ q });
  return (await apiRequestTrusted<PlaceSuggestions>(`/api/places?${params.toString()}`, { signal })).data;
}

export async function fetchPriceHistogram(query: PriceHistogramQuery, signal?: AbortSignal): Promise<PriceHistogram> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  const url = search ? `/api/homes/price-histogram?${search}` : '/api/homes/price-histogram';
  return (await apiRequestTrusted<PriceHistogram>(url, { signal })).data;
}
