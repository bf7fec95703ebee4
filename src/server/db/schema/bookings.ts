import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import { BOOKING_STATUSES } from '#shared/booking-state';
import { CANCELLATION_POLICIES } from '#shared/cancellation';
import { daterange } from './column-types';
import { users } from './accounts';
import { homes } from './homes';

export const BOOKING_MODES = ['instant', 'request'] as const;
export const CANCELLED_BY = ['guest', 'host', 'admin'] as const;

/**
 * A booking copies the home's display fields so it stays readable after the
 * home is deleted. `stay` is derived from the dates; the exclusion constraint
 * over it (custom migration) makes overlapping held/confirmed stays impossible.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'set null' }),
    guestId: text('guest_id').references(() => users.id, { onDelete: 'set null' }),
    guestEmail: text('guest_email').notNull(),
    guestName: text('guest_name'),
    hostEmail: text('host_email').notNull(),
    title: text('title').notNull(),
    location: text('location').notNull(),
    image: text('image').notNull(),
    /** The average nightly price before discounts (the booking's spec field `price`). */
    nightlyCents: integer('nightly_cents').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    stay: daterange('stay')
      .notNull()
      .generatedAlwaysAs(sql`daterange(check_in, check_out, '[)')`),
    nights: integer('nights').notNull(),
    guests: integer('guests').notNull().default(1),
    /**
     * The total charged: subtotal - discount + extra guests + cleaning fee + service fee + tax, all fixed
     * when the hold was placed (bookings_breakdown_sum). The deposit is not part of it.
     */
    amountCents: integer('amount_cents').notNull(),
    /** The sum of the nights' prices (nights x nightly before issue 27's prices by date). */
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    extraGuestFeeCents: integer('extra_guest_fee_cents').notNull().default(0),
    /** The home's security deposit when booked: authorised, never in amount_cents. */
    depositCents: integer('deposit_cents').notNull().default(0),
    /** The whole breakdown (each night, the discounts) as the hold priced it; null for bookings from before 0026. */
    breakdown: jsonb('breakdown').$type<PriceBreakdown>(),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The home's policy when the hold was placed; null: booked before policies (always refunded in full). */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }),
    /** The home's time zone when the hold was placed (ADR 0035): its cut-offs stay put when the home's zone changes. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Decided when the booking is cancelled (the policy, or in full); null: full amount (given-up paid holds). */
    refundAmountCents: integer('refund_amount_cents'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('held'),
    /**
     * `request`: the hold's card is only authorised; paying makes the booking `requested` and the host
     * accepts (captured, confirmed) or declines (released) before `respondBy` (migration 0027, ADR 0050).
     */
    bookingMode: text('booking_mode', { enum: BOOKING_MODES }).notNull().default('instant'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** The host's deadline to answer a request; the sweeper expires it then. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** When the host accepted or declined the request. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The host's message with a decline (plain text, quoted in the guest's mail). */
    hostMessage: text('host_message'),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundId: text('refund_id'),
    /** Refund calls that failed so far; the sweeper waits longer after each and gives up after a bounded number. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Not before this instant does the sweeper try an owed refund again (null: at once). */
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    /** The provider's last answer to a failed refund, shown to admins (never card data). */
    refundError: text('refund_error'),
    /** When the provider said the hold's payment went through (the guest's card was charged) before the hold was confirmed. */
    paymentReceivedAt: timestamp('payment_received_at', { withTimezone: true }),
    /** Who cancelled it ('guest', 'host', 'admin'; null before migration 0010 or when not cancelled) and the host's reason. */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_guest_email_idx').on(sql`lower(${t.guestEmail})`, t.createdAt.desc()),
    index('bookings_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    check(
      'bookings_status_valid',
      sql`${t.status} in ('held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired')`,
    ),
    check('bookings_booking_mode_valid', sql`${t.bookingMode} in ('instant', 'request')`),
    // The sweeper's pass over requests whose host did not answer in time.
    index('bookings_respond_by_idx')
      .on(t.respondBy)
      .where(sql`${t.status} = 'requested'`),
    check('bookings_dates_valid', sql`${t.checkIn} < ${t.checkOut}`),
    check('bookings_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'bookings_cancelled_by_valid',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'host', 'admin')`,
    ),
    // A host's reservations list reads bookings by host email, newest stays first.
    index('bookings_host_email_idx').on(sql`lower(${t.hostEmail})`, t.checkIn.desc()),
    // The header's count of a host's open requests (GET /api/host/requests/count), polled every 30 s.
    index('bookings_host_requests_idx')
      .on(sql`lower(${t.hostEmail})`, t.respondBy)
      .where(sql`${t.status} = 'requested'`),
    check(
      'bookings_breakdown_sum',
      sql`${t.amountCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.extraGuestFeeCents} + ${t.cleaningFeeCents} + ${t.serviceFeeCents} + ${t.taxCents}`,
    ),
    check(
      'bookings_price_parts_valid',
      sql`${t.subtotalCents} > 0 and ${t.discountCents} between 0 and ${t.subtotalCents} and ${t.extraGuestFeeCents} >= 0 and ${t.depositCents} >= 0`,
    ),
    check(
      'bookings_refund_range',
      sql`${t.refundAmountCents} is null or ${t.refundAmountCents} between 0 and ${t.amountCents}`,
    ),
    check(
      'bookings_cancellation_policy_valid',
      sql`${t.cancellationPolicy} is null or ${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`,
    ),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;

/**
 * The `sandbox` payment provider's own records: StayHub runs the card
 * provider's test mode itself. Only the card's brand and last four digits are
 * kept, never the number or the CVC.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull().default('requires_payment_method'),
    /** `manual`: a paid card is only authorised (`requires_capture`) until captured or released (migration 0027). */
    captureMethod: text('capture_method', { enum: CAPTURE_METHODS }).notNull().default('automatic'),
    /** When the card was authorised (manual capture). */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    /** What a capture charged (null before one: an automatic intent's charge is the whole amount). */
    amountCapturedCents: integer('amount_captured_cents'),
    captureIdempotencyKey: text('capture_idempotency_key'),
    bookingId: text('booking_id').notNull(),
    description: text('description').notNull().default(''),
    receiptEmail: text('receipt_email'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    billingName: text('billing_name'),
    billingEmail: text('billing_email'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundIdempotencyKey: text('refund_idempotency_key'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A partial refund's amount (a cancellation policy); null with a refund id: the whole amount. */
    refundAmountCents: integer('refund_amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_intents_client_secret_unique').on(t.clientSecret),
    uniqueIndex('payment_intents_idempotency_key_unique').on(t.idempotencyKey),
    index('payment_intents_booking_id_idx').on(t.bookingId),
    check(
      'payment_intents_status_valid',
      sql`${t.status} in ('requires_payment_method', 'processing', 'requires_capture', 'succeeded', 'canceled')`,
    ),
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_intents_capture_method_valid', sql`${t.captureMethod} in ('automatic', 'manual')`),
    check(
      'payment_intents_captured_range',
      sql`${t.amountCapturedCents} is null or ${t.amountCapturedCents} between 1 and ${t.amountCents}`,
    ),
  ],
);

/** Provider webhook events already handled (Stripe retries deliveries): each id is processed once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
