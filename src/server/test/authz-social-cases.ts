/**
 * The authorisation matrix's cases for messages, reviews, wishlists and profiles (issue 12), kept
 * apart so the matrix file stays small; src/server/authz-matrix.test.ts spreads them into its MATRIX.
 */
import { insertBooking, insertHome } from './factories';
import { all, only, signedIn, type Case } from './authz-cases';
import type { MatrixContext } from './authz-calendar-cases';

export function socialCases({ t, who, homeId, freshBooking }: MatrixContext): Record<string, Case[]> {
  /** A confirmed stay of the guest at a fresh home of the host's that checked out before TEST_NOW: reviewable. */
  async function endedBooking() {
    const home = await insertHome(t.db, { hostId: who().host.user.id, hostEmail: who().host.user.email });
    return insertBooking(t.db, home, {
      guestId: who().guest.user.id,
      guestEmail: who().guest.user.email,
      checkIn: '2026-11-15',
      checkOut: '2026-11-18',
      status: 'confirmed',
    });
  }
  const guestReview = { overall: 5, cleanliness: 5, accuracy: 5, location: 5, value: 5, text: 'Lovely.' };
  const hostReview = { overall: 5, text: 'Great guest.' };
  /** A published guest review of a fresh ended stay (both sides wrote). */
  async function publishedReview() {
    const booking = await endedBooking();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/review`,
      headers: who().guest.headers,
      payload: guestReview,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/review`,
      headers: who().host.headers,
      payload: hostReview,
    });
    return (res.json() as { _id: string })._id;
  }

  let conversationId: string | null = null;
  /** An inquiry of the guest's to the host (made once, on first use). */
  async function conversation() {
    if (!conversationId) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/home/${homeId()}/inquiries`,
        headers: who().guest.headers,
        payload: { text: 'Is it quiet?' },
      });
      conversationId = (res.json() as { conversationId: string }).conversationId;
    }
    return conversationId;
  }
  async function freshConfirmedBooking() {
    const home = await insertHome(t.db, { hostId: who().host.user.id, hostEmail: who().host.user.email });
    const booking = await insertBooking(t.db, home, {
      guestId: who().guest.user.id,
      guestEmail: who().guest.user.email,
      status: 'confirmed',
      confirmedAt: new Date(),
    });
    return booking.id;
  }

  return {
    'GET /api/conversations': [
      {
        name: "the caller's conversations",
        request: () => ({ method: 'GET', url: '/api/conversations' }),
        expect: signedIn(200),
      },
    ],
    'GET /api/conversations/unread': [
      {
        name: 'unread total',
        request: () => ({ method: 'GET', url: '/api/conversations/unread' }),
        expect: signedIn(200),
      },
    ],
    // The test app ends a stream after 100 ms, so inject answers.
    'GET /api/conversations/stream': [
      {
        name: 'live events',
        request: () => ({ method: 'GET', url: '/api/conversations/stream' }),
        expect: signedIn(200),
      },
    ],
    'GET /api/conversations/:id/messages': [
      {
        name: "the guest's inquiry to the host",
        request: async () => ({ method: 'GET', url: `/api/conversations/${await conversation()}/messages` }),
        // Admins read (recorded); anyone else gets 404, as for an unknown id.
        expect: only({ guest: 200, host: 200, admin: 200 }, 404),
      },
    ],
    'POST /api/conversations/:id/messages': [
      {
        name: "write in the guest's inquiry to the host",
        request: async () => ({
          method: 'POST',
          url: `/api/conversations/${await conversation()}/messages`,
          payload: { text: 'Hello' },
        }),
        // Admins read but never write.
        expect: only({ guest: 201, host: 201, admin: 403 }, 404),
      },
    ],
    'POST /api/home/:id/inquiries': [
      {
        name: "ask the host of the host's home",
        request: () => ({ method: 'POST', url: `/api/home/${homeId()}/inquiries`, payload: { text: 'A question' } }),
        expect: { ...signedIn(201), host: 403 },
      },
    ],
    'POST /api/bookings/:id/messages': [
      {
        name: "write about a fresh confirmed booking of the guest's",
        request: async () => ({
          method: 'POST',
          url: `/api/bookings/${await freshConfirmedBooking()}/messages`,
          payload: { text: 'About our stay' },
        }),
        expect: only({ guest: 201, host: 201, admin: 403 }, 404),
      },
    ],
    // Reviews (ADR 0018): only a stay's guest and its home's host; everyone else is told nothing (404).
    'POST /api/bookings/:id/review': [
      {
        name: "the guest's review of a fresh ended stay",
        request: async () => ({
          method: 'POST',
          url: `/api/bookings/${(await endedBooking()).id}/review`,
          payload: guestReview,
        }),
        expect: only({ guest: 201, host: 400 }, 404),
      },
      {
        name: "the host's review of a fresh ended stay",
        request: async () => ({
          method: 'POST',
          url: `/api/bookings/${(await endedBooking()).id}/review`,
          payload: hostReview,
        }),
        expect: only({ guest: 400, host: 201 }, 404),
      },
    ],
    'GET /api/bookings/:id/review': [
      {
        name: "a stay's reviews",
        request: async () => ({ method: 'GET', url: `/api/bookings/${(await endedBooking()).id}/review` }),
        expect: only({ guest: 200, host: 200 }, 404),
      },
    ],
    'GET /api/reviews/stays': [
      { name: 'stays to review', request: () => ({ method: 'GET', url: '/api/reviews/stays' }), expect: signedIn(200) },
    ],
    'GET /api/home/:id/reviews': [
      {
        name: "a home's reviews",
        request: () => ({ method: 'GET', url: `/api/home/${homeId()}/reviews` }),
        expect: all(200),
      },
    ],
    'POST /api/reviews/:id/reply': [
      {
        name: "reply to a fresh published review of the host's home",
        request: async () => ({
          method: 'POST',
          url: `/api/reviews/${await publishedReview()}/reply`,
          payload: { text: 'Thanks!' },
        }),
        expect: only({ host: 201 }),
      },
    ],
    'GET /api/guests/:id': [
      {
        name: 'the guest profile (the host has an upcoming stay of this guest)',
        request: async () => {
          await freshBooking();
          return { method: 'GET', url: `/api/guests/${who().guest.user.id}` };
        },
        expect: only({ guest: 200, host: 200, admin: 200 }),
      },
    ],
    // Wishlist and profile: each signed-in user's own.
    'GET /api/wishlist': [
      { name: 'own wishlist', request: () => ({ method: 'GET', url: '/api/wishlist' }), expect: signedIn(200) },
    ],
    'PUT /api/wishlist/:homeId': [
      {
        name: 'save a home',
        request: () => ({ method: 'PUT', url: `/api/wishlist/${homeId()}` }),
        expect: signedIn(204),
      },
    ],
    'DELETE /api/wishlist/:homeId': [
      {
        name: 'remove a home',
        request: () => ({ method: 'DELETE', url: `/api/wishlist/${homeId()}` }),
        expect: signedIn(204),
      },
    ],
    'GET /api/profile': [
      { name: 'own profile', request: () => ({ method: 'GET', url: '/api/profile' }), expect: signedIn(200) },
    ],
    'PUT /api/profile': [
      {
        name: 'own name and photo',
        request: () => ({ method: 'PUT', url: '/api/profile', payload: { name: 'Renamed', image: null } }),
        expect: signedIn(200),
      },
    ],
  };
}
