/** The host's reservations (GET /api/host/reservations), the host's cancellation of one and answers to requests. */
import {
  hostCancelResponseSchema,
  hostDecisionResponseSchema,
  reservationListSchema,
  type Reservation,
} from '#shared/schemas/reservations';
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

/** The host accepts a booking request (ADR 0050): the card is charged, the stay confirmed. 409 when it ended meanwhile. */
export async function acceptBookingRequest(id: string) {
  const { data } = await apiRequest(
    `/api/host/reservations/${encodeURIComponent(id)}/accept`,
    hostDecisionResponseSchema,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  return data.reservation;
}

/** The host declines a booking request, with an optional message for the guest. */
export async function declineBookingRequest(id: string, message?: string) {
  const { data } = await apiRequest(
    `/api/host/reservations/${encodeURIComponent(id)}/decline`,
    hostDecisionResponseSchema,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message ? { message } : {}),
    },
  );
  return data.reservation;
}
