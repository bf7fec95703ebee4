/** A host's reservations (GET /api/host/reservations) and a host's cancellation of one. */
import { z } from 'zod';
import { plainText } from './text';
import { isoDate } from './common';
import { moneySplitSchema } from './bookings';

export const RESERVATION_WHEN = ['upcoming', 'current', 'past'] as const;
export type ReservationWhen = (typeof RESERVATION_WHEN)[number];

export const reservationSchema = z
  .object({
    id: z.string(),
    homeId: z.string().nullable().describe('Null once the home was deleted'),
    homeTitle: z.string(),
    location: z.string(),
    image: z.string(),
    guestId: z
      .string()
      .nullable()
      .describe("The guest's account (their profile: GET /api/guests/{id}); null once the account is gone"),
    guestName: z.string(),
    guestEmail: z.string(),
    from: isoDate.describe('Check-in date'),
    to: isoDate.describe('Check-out date (the stay is [from, to))'),
    nights: z.number().int(),
    guests: z.number().int(),
    message: z.string().describe("The guest's note to the host"),
    amountCents: z
      .number()
      .int()
      .describe(
        "The stay's total, in cents: charged once confirmed; only authorised while requested, and not charged " +
          'for a declined, expired or withdrawn request',
      ),
    status: z
      .enum(['requested', 'confirmed', 'declined', 'expired', 'cancelled'])
      .describe('requested: waiting for the host to accept or decline by respondBy; expired: a request never answered'),
    respondBy: z.string().nullable().describe('ISO instant: the deadline of a requested reservation; else null'),
    hostMessage: z.string().nullable().describe("The host's message with a decline"),
    when: z
      .enum(RESERVATION_WHEN)
      .describe('Against today (UTC): upcoming (check-in later), current (staying now), past (checked out)'),
    cancelledAt: z.string().nullable(),
    cancelledBy: z.enum(['guest', 'host', 'admin']).nullable(),
    cancelReason: z.string().nullable().describe("The host's reason, when the host cancelled"),
    split: moneySplitSchema
      .nullable()
      .describe(
        "Where the stay's money went (issue 28, from the ledger): the guest's payment, the service fee, tax, and " +
          "the host's payout with when it is payable and when it was sent; null when no money was taken",
      ),
  })
  .meta({ id: 'Reservation' });
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationListSchema = z
  .object({ reservations: z.array(reservationSchema) })
  .meta({ id: 'Reservations' });
export type ReservationList = z.infer<typeof reservationListSchema>;

export const reservationsQuerySchema = z
  .object({
    hostEmail: z.string().trim().min(1).max(254).optional().describe("Admin only: that host's reservations"),
    homeId: z.string().trim().min(1).max(100).optional(),
    when: z.enum(RESERVATION_WHEN).optional(),
  })
  .strict();
export type ReservationsQuery = z.infer<typeof reservationsQuerySchema>;

export const CANCEL_REASON_MAX = 1000;

/** POST /api/host/reservations/:id/cancel */
export const hostCancelRequestSchema = z
  .object({
    reason: plainText({
      required: 'Say why the booking is cancelled: the guest reads it',
      max: CANCEL_REASON_MAX,
      tooLong: `At most ${CANCEL_REASON_MAX} characters`,
      notPlain: 'The reason must be plain text: no control characters, separators or direction controls',
    }),
  })
  .strict()
  .meta({ id: 'HostCancelRequest' });
export type HostCancelRequest = z.infer<typeof hostCancelRequestSchema>;

export const hostCancelResponseSchema = z
  .object({
    reservation: reservationSchema,
    refund: z
      .enum(['refunded', 'refund_owed', 'none'])
      .describe(
        'refunded: the full amount went back; refund_owed: the provider failed, it is retried until it goes through',
      ),
  })
  .meta({ id: 'HostCancelResponse' });
export type HostCancelResponse = z.infer<typeof hostCancelResponseSchema>;

/** POST /api/host/reservations/:id/accept and /decline: the reservation afterwards. */
export const hostDecisionResponseSchema = z
  .object({ reservation: reservationSchema })
  .meta({ id: 'HostDecisionResponse' });
export type HostDecisionResponse = z.infer<typeof hostDecisionResponseSchema>;

/** GET /api/host/requests/count: the header's badge, decided by the server (ADR 0050). */
export const openRequestCountSchema = z
  .object({
    count: z
      .number()
      .int()
      .describe("Requests to book at the caller's homes still waiting for an answer (respondBy not passed)"),
  })
  .meta({ id: 'OpenRequestCount' });
export type OpenRequestCount = z.infer<typeof openRequestCountSchema>;
