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
  primaryKey,
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
    /** Per-home stay rules (migration 0009): the shortest and longest stay one hold may take. */
    minNights: integer('min_nights').notNull().default(1),
    maxNights: integer('max_nights').notNull().default(30),
    /** 'HH:MM', 24-hour, the home's local time; the defaults follow the terms (check-in after 12:00 PM). */
    checkInTime: text('check_in_time').notNull().default('12:00'),
    checkOutTime: text('check_out_time').notNull().default('11:00'),
    houseRules: text('house_rules').notNull().default(''),
    /**
     * The published guest reviews of this home: how many and the sum of their overall ratings,
     * kept by a trigger on reviews (migration 0012), so cards show the average without a join.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
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
    check('homes_nights_range', sql`${t.minNights} between 1 and ${t.maxNights} and ${t.maxNights} <= 30`),
    check(
      'homes_times_valid',
      sql`${t.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.checkOutTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
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
    check('bookings_status_valid', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('bookings_dates_valid', sql`${t.checkIn} < ${t.checkOut}`),
    check('bookings_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'bookings_cancelled_by_valid',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'host', 'admin')`,
    ),
    // A host's reservations list reads bookings by host email, newest stays first.
    index('bookings_host_email_idx').on(sql`lower(${t.hostEmail})`, t.checkIn.desc()),
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
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

export const BLOCK_SOURCES = ['host', 'import'] as const;

/**
 * Nights a home cannot be booked apart from bookings: blocked by its host
 * (`source` 'host', with an optional private note) or by an imported calendar
 * (`source` 'import', `import_id` the calendar_imports row, `external_uid` the
 * feed event's UID). `stay` is `[from, to)`. Host blocks never overlap each
 * other (exclusion constraint) nor a live hold or confirmed booking (checked
 * under the home row lock, ADR 0015); imported ones may overlap anything and
 * then show as conflicts. Their nights are in homes.confirmed_nights (0009).
 */
export const homeBlocks = pgTable(
  'home_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    stay: daterange('stay').notNull(),
    note: text('note'),
    source: text('source', { enum: BLOCK_SOURCES }).notNull().default('host'),
    // An import's events go with it (migration 0010).
    importId: uuid('import_id').references(() => calendarImports.id, { onDelete: 'cascade' }),
    externalUid: text('external_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('home_blocks_home_stay_idx').using('gist', t.homeId, t.stay),
    index('home_blocks_import_idx').on(t.importId),
    check('home_blocks_source_valid', sql`${t.source} in ('host', 'import')`),
    check(
      'home_blocks_stay_valid',
      sql`not isempty(${t.stay}) and not lower_inf(${t.stay}) and not upper_inf(${t.stay}) and lower_inc(${t.stay}) and not upper_inc(${t.stay})`,
    ),
  ],
);

export type HomeBlockRow = typeof homeBlocks.$inferSelect;

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

/**
 * A home's secret iCal feed (GET /api/calendar/<token>.ics): one row per home, made on first
 * use. The token is 32 random bytes (base64url); rotating it replaces the row's token, so the
 * old URL answers 404. Stored as is (not hashed) so the host can copy the URL again (ADR 0016).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    homeId: uuid('home_id')
      .primaryKey()
      .references(() => homes.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.token)],
);

/**
 * An external iCal feed a host imports into one home (Airbnb, Booking.com, Google ...). Its
 * events are home_blocks rows with source 'import' and this import_id; each sync replaces
 * them. `etag`/`last_modified` are the feed's validators for conditional requests.
 */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The last sync's failure: a stable code and a message for the host; null after a good sync. */
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_imports_home_idx').on(t.homeId), index('calendar_imports_synced_idx').on(t.lastSyncedAt)],
);

export type CalendarImportRow = typeof calendarImports.$inferSelect;
export const CONVERSATION_KINDS = ['inquiry', 'booking'] as const;

/**
 * A conversation between a guest and a host (ADR 0017): an inquiry about a home before
 * booking (one per home and guest), or the conversation of one booking (one per booking).
 * The home's title is copied so the conversation stays readable after the home is deleted.
 * `*_read_up_to` is the last message id each side has seen (unread = newer ones from the
 * other side); `*_mailed_at`/`*_mailed_up_to` keep the unread-message mail to once an hour.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    checkIn: date('check_in', { mode: 'string' }),
    checkOut: date('check_out', { mode: 'string' }),
    /** The booking's note was posted as its first message (it is posted once). */
    notePosted: boolean('note_posted').notNull().default(false),
    guestReadUpTo: bigint('guest_read_up_to', { mode: 'number' }).notNull().default(0),
    hostReadUpTo: bigint('host_read_up_to', { mode: 'number' }).notNull().default(0),
    guestMailedAt: timestamp('guest_mailed_at', { withTimezone: true }),
    hostMailedAt: timestamp('host_mailed_at', { withTimezone: true }),
    guestMailedUpTo: bigint('guest_mailed_up_to', { mode: 'number' }).notNull().default(0),
    hostMailedUpTo: bigint('host_mailed_up_to', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_booking_unique').on(t.bookingId),
    uniqueIndex('conversations_inquiry_unique')
      .on(t.homeId, t.guestId)
      .where(sql`${t.kind} = 'inquiry'`),
    index('conversations_guest_idx').on(t.guestId, t.lastMessageAt.desc()),
    index('conversations_host_idx').on(t.hostId, t.lastMessageAt.desc()),
    check('conversations_kind_valid', sql`${t.kind} in ('inquiry', 'booking')`),
    check('conversations_booking_kind', sql`(${t.kind} = 'booking') = (${t.bookingId} is not null)`),
    check('conversations_two_parties', sql`${t.guestId} <> ${t.hostId}`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;

/** Messages in insertion order: `id` is the paging cursor and the read marker. Text only, 1..2,000 characters. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** Each time an admin read a conversation they are not part of (disputes): who, when, under which request id. */
export const conversationAdminReads = pgTable(
  'conversation_admin_reads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_admin_reads_conversation_idx').on(t.conversationId, t.readAt)],
);
export const REVIEW_AUTHOR_ROLES = ['guest', 'host'] as const;

/**
 * Two-sided reviews of a confirmed stay (ADR 0018): the guest reviews the home (`author_role`
 * guest, with the four category ratings) and the host reviews the guest (`author_role` host).
 * `subject_user_id` is who is reviewed: the home's host for a guest's review, the guest for a
 * host's review. Double-blind: a review is visible once `published_at` is set (both have written)
 * or `publish_at` (the end of the 14-day window) has passed; the reviews job then sets
 * `published_at`, which the rating trigger on homes follows.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: REVIEW_AUTHOR_ROLES }).notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: text('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    overall: integer('overall').notNull(),
    cleanliness: integer('cleanliness'),
    accuracy: integer('accuracy'),
    location: integer('location'),
    value: integer('value'),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The end of the review window: the review is visible from then on even if the other side never wrote. */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_booking_author_unique').on(t.bookingId, t.authorRole),
    index('reviews_home_idx')
      .on(t.homeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.authorRole} = 'guest'`),
    index('reviews_subject_idx').on(t.subjectUserId, t.authorRole, t.createdAt.desc()),
    index('reviews_unpublished_idx')
      .on(t.publishAt)
      .where(sql`${t.publishedAt} is null`),
    check('reviews_author_role_valid', sql`${t.authorRole} in ('guest', 'host')`),
    check(
      'reviews_ratings_range',
      sql`${t.overall} between 1 and 5 and coalesce(${t.cleanliness}, 1) between 1 and 5
        and coalesce(${t.accuracy}, 1) between 1 and 5 and coalesce(${t.location}, 1) between 1 and 5
        and coalesce(${t.value}, 1) between 1 and 5`,
    ),
    check(
      'reviews_categories_by_role',
      sql`(${t.authorRole} = 'guest') = (${t.cleanliness} is not null and ${t.accuracy} is not null
        and ${t.location} is not null and ${t.value} is not null)`,
    ),
    check('reviews_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('reviews_reply_length', sql`${t.reply} is null or char_length(${t.reply}) between 1 and 1000`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;

/** Homes a user saved (the heart); removing the home removes it from every wishlist. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.homeId] }),
    index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc()),
    index('wishlist_items_home_idx').on(t.homeId),
  ],
);
