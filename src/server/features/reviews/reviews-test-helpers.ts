/** Shared set-up of the reviews API tests: a host's home, a guest's confirmed stay, and the calls. */
import type { FastifyInstance } from 'fastify';
import { insertBooking, insertHome } from '#server/test/factories';
import type { SignedIn, TestApp } from '#server/test/test-app';

export const guestReview = (extra: Record<string, unknown> = {}) => ({
  overall: 5,
  cleanliness: 4,
  accuracy: 5,
  location: 3,
  value: 4,
  text: 'Lovely flat, great light.',
  ...extra,
});
export const hostReview = (extra: Record<string, unknown> = {}) => ({
  overall: 4,
  text: 'Tidy and friendly guest.',
  ...extra,
});

export async function homeOf(t: TestApp, host: SignedIn) {
  return insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email });
}

/** A confirmed stay of `guest` at `home`, checking out on `checkOut`. */
export async function stayAt(
  t: TestApp,
  home: Awaited<ReturnType<typeof homeOf>>,
  guest: SignedIn,
  checkOut = '2026-12-13',
  status: 'confirmed' | 'cancelled' | 'held' | 'expired' = 'confirmed',
  nights = 3,
) {
  const checkIn = new Date(Date.parse(checkOut) - nights * 86_400_000).toISOString().slice(0, 10);
  return insertBooking(t.db, home, {
    guestId: guest.user.id,
    guestEmail: guest.user.email,
    checkIn,
    checkOut,
    status,
  });
}

export function postReview(app: FastifyInstance, who: SignedIn | null, bookingId: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/review`,
    headers: who?.headers ?? {},
    payload: body as object,
  });
}

export function getStay(app: FastifyInstance, who: SignedIn | null, bookingId: string) {
  return app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/review`, headers: who?.headers ?? {} });
}

export function homeReviewsOf(app: FastifyInstance, homeId: string, cursor?: string) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return app.inject({ method: 'GET', url: `/api/home/${homeId}/reviews${query}` });
}

export function postReply(app: FastifyInstance, who: SignedIn | null, reviewId: string, text = 'Thank you!') {
  return app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    headers: who?.headers ?? {},
    payload: { text },
  });
}
