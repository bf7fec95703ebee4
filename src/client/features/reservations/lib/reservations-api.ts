/** The host's reservations (GET /api/host/reservations) and the host's cancellation of one. */
import { hostCancelResponseSchema, reservationListSchema, type Reservation } from '#shared/schemas/reservations';
import { apiRequest } from '#client/lib/api';

export const reservationKeys = {
  all: ['reservations'] as const,
  mine: () => ['reservations', 'mine'] as const,
};

export async function fetchReservations(signal?: AbortSignal): Promise<Reservation[]> {
  const { data } = await apiRequest('/api/host/reservations', reservationListSchema, { signal });
  return data.reservations;
}

export async function cancelReservation(id: string, reason: string) {
  const { data } = await apiRequest(
    `/api/host/reservations/${encodeURIComponent(id)}/cancel`,
    hostCancelResponseSchema,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason }) },
  );
  return data;
}
