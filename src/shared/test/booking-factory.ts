import type { Booking } from '#shared/schemas/bookings';

/**
 * A Booking as GET /api/bookings answers it, for tests that render one: a confirmed two-night stay
 * ($100 a night, a $25 cleaning fee, a $300 deposit) under a strict policy, far in the future; fields
 * override the defaults (a `breakdown` replaces the default one whole).
 */
export function aBooking(fields: Partial<Booking> = {}): Booking {
  return {
    _id: 'b1',
    homeId: 'h1',
    title: 'Strict loft',
    location: 'Porto',
    image: '/placeholder-home.svg',
    price: 100,
    from: '2099-05-01',
    to: '2099-05-03',
    nights: 2,
    total: 225,
    guests: 1,
    status: 'confirmed',
    bookingMode: 'instant',
    respondBy: null,
    requestedAt: null,
    hostMessage: null,
    holdExpiresAt: null,
    paymentReceived: false,
    guestEmail: 'guest@example.com',
    hostEmail: 'host@example.com',
    message: '',
    createdAt: '2030-04-01T10:00:00.000Z',
    breakdown: {
      nights: 2,
      nightlyCents: 10_000,
      nightly: [],
      discounts: [],
      guests: 1,
      extraGuests: 0,
      extraGuestFeeCents: 0,
      depositCents: 30_000,
      subtotalCents: 20_000,
      cleaningFeeCents: 2_500,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 22_500,
    },
    cancellationPolicy: 'strict',
    timeZone: 'UTC',
    cancelledAt: null,
    cancelledBy: null,
    refund: null,
    depositStatus: 'held',
    ...fields,
  };
}
