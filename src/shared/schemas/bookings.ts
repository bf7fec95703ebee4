import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-state';
import { isoDate } from './common';

/** A booking as the API lists it (the spec's fields, plus status, stay and guest details). */
export const bookingSchema = z
  .object({
    _id: z.string(),
    homeId: z.string().nullable(),
    title: z.string(),
    location: z.string(),
    image: z.string(),
    price: z.number().describe('Nightly price, in dollars'),
    from: isoDate.describe('Check-in date'),
    to: isoDate.describe('Check-out date'),
    nights: z.number().int(),
    total: z.number().describe('Total paid, in dollars'),
    guests: z.number().int(),
    status: z.enum(BOOKING_STATUSES),
    holdExpiresAt: z.string().nullable().describe('Until when a held booking waits for its payment'),
    paymentReceived: z
      .boolean()
      .describe('A held booking whose payment went through: it is being confirmed (no further payment is asked)'),
    guestEmail: z.string(),
    hostEmail: z.string(),
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListSchema = z.array(bookingSchema);

export const bookingsQuerySchema = z.object({ email: z.string().trim().min(1).max(254).optional() }).strict();

const ignored = z.unknown().optional().describe("Accepted for the spec's payload; ignored (the server's value wins)");

/** POST /api/bookings: confirms a paid hold. */
export const createBookingRequestSchema = z
  .object({
    bookingId: z.string().min(1).max(100),
    paymentIntentId: z.string().min(1).max(200),
    message: z.string().max(2000).optional().describe('Note to the host'),
    image: ignored,
    title: ignored,
    location: ignored,
    from: ignored,
    to: ignored,
    price: ignored,
    hostEmail: ignored,
    guestEmail: ignored,
    guestName: ignored,
  })
  .strict()
  .meta({ id: 'CreateBookingRequest' });
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

/** GET /api/home/:id/unavailable: stays already held or booked, as half-open ranges [from, to). */
export const unavailableDatesSchema = z
  .object({
    ranges: z.array(
      z.object({
        from: isoDate.describe('First night taken (a check-in date)'),
        to: isoDate.describe('Check-out date of that stay: free again as a check-in'),
        own: z
          .boolean()
          .optional()
          .describe("Only for a signed-in caller: true for the caller's own reservation in progress (a live hold)"),
      }),
    ),
  })
  .meta({ id: 'UnavailableDates' });
export type UnavailableDates = z.infer<typeof unavailableDatesSchema>;

/** PATCH /api/bookings/:id: the guest's note to the host, kept with a hold before it is paid. */
export const bookingMessageRequestSchema = z
  .object({ message: z.string().max(2000).describe('Note to the host') })
  .strict()
  .meta({ id: 'BookingMessageRequest' });
export type BookingMessageRequest = z.infer<typeof bookingMessageRequestSchema>;

/** POST /api/payment-intent/:id/release: whether the hold was given up (a paid hold never is). */
export const releaseHoldResponseSchema = z
  .object({
    released: z.boolean(),
    status: z.enum(BOOKING_STATUSES).describe('The booking status afterwards'),
  })
  .meta({ id: 'ReleaseHoldResponse' });
export type ReleaseHoldResponse = z.infer<typeof releaseHoldResponseSchema>;
