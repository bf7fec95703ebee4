/**
 * The host's price periods of one home (issue 27): GET/POST /api/home/:id/price-periods and
 * PATCH and DELETE /api/home/:id/price-periods/:periodId. Bodies and the list are the shared schemas.
 */
import { pricePeriodListSchema, type CreatePricePeriod, type UpdatePricePeriod } from '#shared/schemas/pricing';
import { apiRequest, apiRequestTrusted } from '#client/lib/api';

export const pricePeriodKeys = {
  home: (homeId: string) => ['price-periods', homeId] as const,
};

const base = (homeId: string) => `/api/home/${encodeURIComponent(homeId)}/price-periods`;

export async function fetchPricePeriods(homeId: string, signal?: AbortSignal) {
  return (await apiRequest(base(homeId), pricePeriodListSchema, { signal })).data.periods;
}

/** Nights already in another period take the new price (the server cuts that one). */
export async function createPricePeriod(homeId: string, body: CreatePricePeriod): Promise<void> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  await apiRequestTrusted(base(homeId), init);
}

/** A new price and/or nights for one period, in one step (it keeps its id; a period under way keeps its start). */
export async function updatePricePeriod(homeId: string, periodId: string, body: UpdatePricePeriod): Promise<void> {
  const init = { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  await apiRequestTrusted(`${base(homeId)}/${encodeURIComponent(periodId)}`, init);
}

export async function deletePricePeriod(homeId: string, periodId: string): Promise<void> {
  await apiRequestTrusted(`${base(homeId)}/${encodeURIComponent(periodId)}`, { method: 'DELETE' });
}
