import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '#shared/cancellation';

/**
 * Users, sessions, accounts and verifications are Better Auth's tables (written
 * here because its schema CLI does not run on Node 20), with StayHub's host
 * fields on the user: role (null = none), location and the private document key.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role'),
    location: text('location'),
    docImage: text('doc_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_role_valid', sql`${t.role} is null or ${t.role} in ('requested', 'host', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

const datemultirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'datemultirange',
});

export const homes = pgTable(
  'homes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order: "newest first" and the paging cursor follow it, without ties.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    hostEmail: text('host_email').notNull(),
    title: text('title').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** Charged once per stay on top of the nights; 0: none. */
    cleaningFeeCents: integer('cleaning_fee_cents').notNull().default(0),
    /** The host's choice (src/shared/cancellation.ts); homes from before policies are flexible (migration 0013, ADR 0019). */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }).notNull().default('flexible'),
    totalGuest: integer('total_guest').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: integer('bathrooms').notNull(),
    availableFrom: date('available_from', { mode: 'string' }).notNull(),
    availableTo: date('available_to', { mode: 'string' }).notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The nights of this home's confirmed bookings, kept by triggers on bookings
     * (migration 0008) in the booking's own transaction. Searches filter on it
     * while walking homes in order; live holds are checked apart (ADR 0011).
     */
    confirmedNights: datemultirange('confirmed_nights')
      .notNull()
      .default(sql`'{}'::datemultirange`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homes_location_idx').on(t.location, t.seq.desc()),
    uniqueIndex('homes_seq_unique').on(t.seq),
    index('homes_host_email_idx').on(sql`lower(${t.hostEmail})`),
    check('homes_price_positive', sql`${t.priceCents} > 0`),
    check('homes_cleaning_fee_range', sql`${t.cleaningFeeCents} >= 0`),
    check('homes_cancellation_policy_valid', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('homes_window_valid', sql`${t.availableFrom} < ${t.availableTo}`),
    check('homes_guests_range', sql`${t.totalGuest} between 1 and 50`),
    check('homes_rooms_range', sql`${t.bedrooms} between 0 and 50 and ${t.bathrooms} between 0 and 50`),
  ],
);

/**
 * The distinct home locations with how many homes each has, kept by triggers on
 * homes (migration 0004). A place search matches its few rows by trigram first,
 * then reads homes by exact location through homes_location_idx, instead of
 * testing the similarity of every home.
 */
export const homeLocations = pgTable(
  'home_locations',
  {
    location: text('location').primaryKey(),
    homeCount: integer('home_count').notNull(),
  },
  (t) => [index('home_locations_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`)],
);

const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;

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
    nightlyCents: integer('nightly_cents').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    stay: daterange('stay')
      .notNull()
      .generatedAlwaysAs(sql`daterange(check_in, check_out, '[)')`),
    nights: integer('nights').notNull(),
    guests: integer('guests').notNull().default(1),
    /** The total charged: nights x nightly + cleaning fee + service fee + tax, all fixed when the hold was placed. */
    amountCents: integer('amount_cents').notNull(),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The home's policy when the hold was placed; null: booked before policies (always refunded in full). */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }),
    /** Decided when the booking is cancelled (the policy, or in full); null: full amount (given-up paid holds). */
    refundAmountCents: integer('refund_amount_cents'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('held'),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundId: text('refund_id'),
    /** When the provider said the hold's payment went through (the guest's card was charged) before the hold was confirmed. */
    paymentReceivedAt: timestamp('payment_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_guest_email_idx').on(sql`lower(${t.guestEmail})`, t.createdAt.desc()),
    index('bookings_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    check('bookings_status_valid', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('bookings_dates_valid', sql`${t.checkIn} < ${t.checkOut}`),
    check('bookings_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'bookings_breakdown_sum',
      sql`${t.amountCents} = ${t.nights} * ${t.nightlyCents} + ${t.cleaningFeeCents} + ${t.serviceFeeCents} + ${t.taxCents}`,
    ),
    check(
      'bookings_refund_range',
      sql`${t.refundAmountCents} is null or ${t.refundAmountCents} between 0 and ${t.amountCents}`,
    ),
    check(
      'bookings_cancellation_policy_valid',
      sql`${t.cancellationPolicy} is null or ${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`,
    ),
    index('bookings_host_email_idx').on(sql`lower(${t.hostEmail})`, t.createdAt.desc()),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Homes that were deleted, and who owned them: a repeated delete by the owner
 * or an admin answers `deletedCount: 0` instead of 404 (everyone else still
 * gets 404, as for an id that never existed).
 */
export const deletedHomes = pgTable('deleted_homes', {
  id: uuid('id').primaryKey(),
  hostId: text('host_id'),
  hostEmail: text('host_email').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PAYMENT_INTENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'canceled'] as const;

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
      sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded', 'canceled')`,
    ),
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0`),
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

/**
 * Every picture or document made by POST /api/uploads, so the uploads sweeper can remove the ones
 * nothing refers to (no home, booking or user) once they are a day old. `keys` are the storage keys
 * of its files (a public picture has two sizes); `url` is what the upload answered.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    keys: text('keys').array().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_url_unique').on(t.url),
    index('uploads_created_at_idx').on(t.createdAt),
    check('uploads_visibility_valid', sql`${t.visibility} in ('public', 'private')`),
  ],
);
