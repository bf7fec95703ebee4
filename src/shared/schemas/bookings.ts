import { z } from 'zod';
import { geoPointSchema } from './geo';
import { NOT_PLAIN_TEXT, plainText } from './text';
import { BOOKING_MODES } from './pricing';
import { BOOKING_STATUSES } from '../booking-state';
import { CANCELLATION_POLICIES } from '../cancellation';
import { isoDate } from './common';
import { DEPOSIT_STATUSES } from './deposits';

const cents = (what: string) => z.number().int().describe(`${what}, in cents`);

export const NIGHT_KINDS = ['base', 'weekend', 'period'] as const;
export type NightKind = (typeof NIGHT_KINDS)[number];
export const DISCOUNT_KINDS = ['weekly', 'monthly', 'last_minute', 'early_bird'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * A stay's price as the server computed it (src/shared/pricing-quote.ts quoteStayPrice, ADR 0049): each
 * night's price, the discounts, extra guests and fees; the same lines everywhere it is shown.
 */
export const priceBreakdownSchema = z
  .object({
    nights: z.number().int(),
    nightlyCents: cents(
      "Average nightly price before discounts (round half up of subtotal / nights); the booking's `price`",
    ),
    nightly: z
      .array(
        z.object({
          date: isoDate.describe('The night (its check-in date)'),
          cents: z.number().int(),
          kind: z
            .enum(NIGHT_KINDS)
            .describe(
              'period: a host price period covers it; weekend: a Friday or Saturday night at the weekend price; base',
            ),
          periodName: z.string().optional().describe("A period night: the period's name, when the host gave one"),
        }),
      )
      .describe('One per night, in order'),
    subtotalCents: cents('Sum of the nights'),
    discounts: z
      .array(
        z.object({
          kind: z.enum(DISCOUNT_KINDS),
          percent: z.number().int(),
          cents: cents('Taken off the subtotal'),
        }),
      )
      .describe('At most one length-of-stay (weekly or monthly) and one timing (last-minute or early-bird) discount'),
    guests: z.number().int(),
    extraGuests: z.number().int().describe('Guests above the ones the nightly price includes'),
    extraGuestFeeCents: cents('extraGuests x the extra-guest fee x nights (not discounted)'),
    cleaningFeeCents: cents("The home's cleaning fee"),
    serviceFeeCents: cents('Service fee (SERVICE_FEE_PERCENT of subtotal - discounts + extra guests + cleaning fee)'),
    taxCents: cents('Tax (TAX_PERCENT of everything above); the spec\'s "VAT" line'),
    totalCents: cents('Total charged: subtotal - discounts + extra guests + cleaning + service + tax'),
    depositCents: cents('Security deposit: authorised on the card, held, not charged; not in the total'),
  })
  .meta({ id: 'PriceBreakdown' });
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const cancellationPolicySchema = z.enum(CANCELLATION_POLICIES);

/** A booking as the API lists it (the spec's fields, plus status, stay and guest details). */
/** Where a stay's money went (issue 28), from the ledger: on the receipt and on the host's reservation. */
export const moneySplitSchema = z
  .object({
    paidCents: z.number().int().describe('What the guest paid, less what was refunded'),
    serviceFeeCents: z.number().int().describe("The marketplace's service fee kept"),
    taxCents: z.number().int().describe('The tax kept for the authorities'),
    hostPayoutCents: z.number().int().describe("The host's share: paid less fee, tax and the refund's host part"),
    hostPayoutAt: z
      .string()
      .describe("When the host's share becomes payable: check-in (12:00, the home's time) + PAYOUT_DELAY_HOURS"),
    paidOutAt: z
      .string()
      .nullable()
      .optional()
      .describe("When a payout sent the host's share (its transfer); null until then"),
  })
  .meta({ id: 'MoneySplit' });

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
    total: z
      .number()
      .describe(
        "The stay's total, in dollars: charged once confirmed; only authorised while requested, and not charged " +
          'for a held, declined, expired or withdrawn booking',
      ),
    guests: z.number().int(),
    status: z
      .enum(BOOKING_STATUSES)
      .describe(
        'requested: a request to book, the card authorised (not charged) until the host answers by respondBy; ' +
          'declined: the host said no (the authorisation is released)',
      ),
    bookingMode: z
      .enum(BOOKING_MODES)
      .describe('request: paid by an authorisation the host accepts (captured) or declines (released)'),
    respondBy: z.string().nullable().describe('ISO instant: until when the host may answer a request; else null'),
    requestedAt: z
      .string()
      .nullable()
      .describe(
        'ISO instant: when the booking became a request to book, kept once it is answered, expired or withdrawn; ' +
          'null: never a request (an instant booking, or a request-mode hold given up before paying)',
      ),
    hostMessage: z.string().nullable().describe("The host's message with a declined request; else null"),
    holdExpiresAt: z.string().nullable().describe('Until when a held booking waits for its payment'),
    paymentReceived: z
      .boolean()
      .describe('A held booking whose payment went through: it is being confirmed (no further payment is asked)'),
    guestEmail: z.string(),
    hostEmail: z.string(),
    message: z.string(),
    createdAt: z.string(),
    breakdown: priceBreakdownSchema.describe('Fixed when the dates were held'),
    cancellationPolicy: cancellationPolicySchema
      .nullable()
      .describe("The home's policy when booked; null: booked before policies (refunded in full)"),
    timeZone: z
      .string()
      .describe("The home's IANA time zone when booked: its check-in time and cut-offs are read in it"),
    cancelledAt: z.string().nullable(),
    cancelledBy: z
      .enum(['guest', 'host', 'admin'])
      .nullable()
      .describe('Who cancelled a cancelled booking (null otherwise, or for one cancelled before this was recorded)'),
    refund: z
      .object({
        amountCents: z.number().int(),
        status: z
          .enum(['refunded', 'pending', 'failed'])
          .describe(
            'pending: the provider has not confirmed it yet (retried with growing pauses); failed: given up after ' +
              'repeated failures or a final refusal, StayHub must settle it by hand',
          ),
        failureReason: z.string().nullable().describe("Why a failed refund failed (the provider's answer); else null"),
      })
      .nullable()
      .describe('The money given back on cancellation; null when none was charged or the booking stands'),
    exactPoint: geoPointSchema
      .optional()
      .describe(
        "A confirmed booking's home, exactly where it is (issue 29); absent otherwise or once the home is gone",
      ),
    depositStatus: z
      .enum(DEPOSIT_STATUSES)
      .nullable()
      .describe(
        "The security deposit's state (GET /api/deposits has the rest); null when none is held or waits: none " +
          'asked, a hold or a request before it is paid or accepted, or none placed',
      ),
    split: moneySplitSchema
      .nullable()
      .optional()
      .describe("The receipt only (issue 28): the money's split, from the ledger; null when no money was taken"),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListSchema = z.array(bookingSchema);

/** GET /api/bookings/history: cancelled and past bookings of the caller as guest, as host, or all (admin). */
export const bookingHistoryQuerySchema = z.object({ as: z.enum(['guest', 'host', 'admin']).default('guest') }).strict();
export type BookingHistoryQuery = z.infer<typeof bookingHistoryQuerySchema>;

/** GET /api/home/:id/quote: the price of a stay before holding it. */
export const stayQuoteQuerySchema = z
  .object({
    checkIn: isoDate,
    checkOut: isoDate,
    guests: z.coerce
      .number({ error: () => 'Guests must be a number' })
      .int('Guests must be a whole number')
      .min(1, 'At least 1 guest')
      .max(50, 'At most 50 guests')
      .default(1)
      .describe("Default 1; at most the home's total_guest (400 beyond)"),
  })
  .strict();

export const stayQuoteSchema = z
  .object({
    breakdown: priceBreakdownSchema,
    cancellationPolicy: cancellationPolicySchema,
    bookingMode: z
      .enum(BOOKING_MODES)
      .describe(
        "The caller's effective mode: request when the home asks for it or the caller misses an instant-book requirement",
      ),
  })
  .meta({ id: 'StayQuote' });
export type StayQuote = z.infer<typeof stayQuoteSchema>;

/** GET /api/bookings/:id/cancellation: what cancelling now would refund, before the guest confirms. */
export const cancellationQuoteSchema = z
  .object({
    cancellationPolicy: cancellationPolicySchema.nullable(),
    percent: z.union([z.literal(100), z.literal(50), z.literal(0)]),
    refundCents: z.number().int(),
    totalCents: z.number().int(),
    /** True when the rule of the policy decided it; false for a full refund by an admin (or an unpaid hold). */
    byPolicy: z.boolean(),
  })
  .meta({ id: 'CancellationQuote' });
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const bookingsQuerySchema = z.object({ email: z.string().trim().min(1).max(254).optional() }).strict();

/** The guest's note to the host: several lines of plain text (it is quoted in the host's mail). */
const noteToHost = z
  .string()
  .max(2000)
  .refine(
    (s) => !NOT_PLAIN_TEXT.test(s),
    'The note must be plain text: no control characters, separators or direction controls',
  )
  .describe('Note to the host');

const ignored = z.unknown().optional().describe("Accepted for the spec's payload; ignored (the server's value wins)");

/** POST /api/host/reservations/:id/decline: the host's optional message to the guest (plain text, mailed). */
/**
 * POST /api/host/reservations/:id/accept: nothing to send; a body, if any, is an empty object (no body
 * reaches the route as null).
 */
export const acceptRequestSchema = z.object({}).strict().nullish().meta({ id: 'AcceptRequest' });

export const declineRequestSchema = z
  .object({
    message: plainText({
      max: 1000,
      tooLong: 'The message can be at most 1000 characters',
      notPlain: 'The message must be plain text: no control characters, separators or direction controls',
    }).optional(),
  })
  .strict()
  .meta({ id: 'DeclineRequest' });
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

/** POST /api/bookings: confirms a paid hold. */
export const createBookingRequestSchema = z
  .object({
    bookingId: z.string().min(1).max(100),
    paymentIntentId: z.string().min(1).max(200),
    message: noteToHost.optional(),
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
  .object({ message: noteToHost })
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
