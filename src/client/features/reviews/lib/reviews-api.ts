/**
 * Reviews API (the keys and a home's published reviews: reviews-public-api.ts): the caller's stays to
 * review, one stay's reviews, writing a review, the host's reply, a guest's profile.
 */
import {
  guestProfileSchema,
  ownReviewSchema,
  publicReviewSchema,
  reviewStayListSchema,
  reviewStaySchema,
  type CreateReview,
} from '#shared/schemas/reviews';
import { apiRequest } from '#client/lib/api';

export async function fetchReviewStays(signal?: AbortSignal) {
  return (await apiRequest('/api/reviews/stays', reviewStayListSchema, { signal })).data;
}

export async function fetchReviewStay(bookingId: string, signal?: AbortSignal) {
  return (await apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}/review`, reviewStaySchema, { signal })).data;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function postReview(bookingId: string, review: CreateReview) {
  return (await apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}/review`, ownReviewSchema, json(review)))
    .data;
}

export async function postReply(reviewId: string, text: string) {
  return (await apiRequest(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, publicReviewSchema, json({ text })))
    .data;
}

export async function fetchGuestProfile(guestId: string, signal?: AbortSignal) {
  return (await apiRequest(`/api/guests/${encodeURIComponent(guestId)}`, guestProfileSchema, { signal })).data;
}
