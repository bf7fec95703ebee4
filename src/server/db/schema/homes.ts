import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '#shared/cancellation';
import { BOOKING_MODES, INSTANT_BOOK_REQUIREMENTS } from '#shared/schemas/pricing';
import { homeJson } from '../home-json-fields';
import { datemultirange } from './column-types';
import { users } from './accounts';
import { homesIndexes } from './homes-indexes';

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
    /**
     * confirmed_nights from upcoming_from on, kept beside it by the same triggers (migration 0017,
     * ADR 0026), so a dated search tests availability inside homes_location_idx without reading
     * the row. NULL when it would be too big for an index entry (over 1 KB: about 75 separate
     * stays ahead); searches then read confirmed_nights. upcoming_from is '-infinity' when
     * nothing was cut off (a search for any dates may use it).
     */
    upcomingNights: datemultirange('upcoming_nights').default(sql`'{}'::datemultirange`),
    upcomingFrom: date('upcoming_from', { mode: 'string' }).notNull().default('-infinity'),
    /** Per-home stay rules (migration 0009): the shortest and longest stay one hold may take. */
    minNights: integer('min_nights').notNull().default(1),
    maxNights: integer('max_nights').notNull().default(30),
    /** 'HH:MM', 24-hour, the home's local time; the defaults follow the terms (check-in after 12:00 PM). */
    checkInTime: text('check_in_time').notNull().default('12:00'),
    checkOutTime: text('check_out_time').notNull().default('11:00'),
    houseRules: text('house_rules').notNull().default(''),
    /**
     * The home's IANA time zone (migration 0022, ADR 0035): its check-in/out times, cancellation
     * cut-offs and "today" are read on its clocks. Homes from before it are UTC, as they were.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Pricing and booking mode (migration 0025, issue 27; src/shared/schemas/pricing.ts). */
    weekendPriceCents: integer('weekend_price_cents'),
    /**
     * The lowest and highest price any night of this home can have (the base, weekend and price
     * period prices), kept by triggers (migration 0036, ADR 0058); both NULL when every night costs
     * price_cents. A dated search's price sort and filter read them to bound its walk of the homes
     * whose nightly price depends on the dates.
     */
    priceLowCents: integer('price_low_cents'),
    priceHighCents: integer('price_high_cents'),
    /** Whether the home has price periods (same triggers): without, a stay's price is arithmetic. */
    hasPricePeriods: boolean('has_price_periods').notNull().default(false),
    weeklyDiscountPercent: integer('weekly_discount_percent').notNull().default(0),
    monthlyDiscountPercent: integer('monthly_discount_percent').notNull().default(0),
    lastMinuteDiscountPercent: integer('last_minute_discount_percent').notNull().default(0),
    lastMinuteDays: integer('last_minute_days').notNull().default(7),
    earlyBirdDiscountPercent: integer('early_bird_discount_percent').notNull().default(0),
    earlyBirdDays: integer('early_bird_days').notNull().default(90),
    /** Guests the nightly price covers; homes from before it cover all their guests (migration 0025). */
    guestsIncluded: integer('guests_included').notNull().default(1),
    extraGuestFeeCents: integer('extra_guest_fee_cents').notNull().default(0),
    securityDepositCents: integer('security_deposit_cents').notNull().default(0),
    bookingMode: text('booking_mode', { enum: BOOKING_MODES }).notNull().default('instant'),
    instantBookRequirements: text('instant_book_requirements', { enum: INSTANT_BOOK_REQUIREMENTS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Where the home is (migration 0032, ADR 0056): the exact point the host placed, shown only to
     * the host, admins and guests with a confirmed stay, and the public point, moved from it by a
     * fixed per-home random offset of 200–500 m drawn when the exact point is written
     * (features/geo/approximate-point.ts). Searches by map box read only the public one.
     */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    approxLat: doublePrecision('approx_lat').notNull(),
    approxLng: doublePrecision('approx_lng').notNull(),
    /**
     * The published guest reviews of this home: how many and the sum of their overall ratings,
     * kept by a trigger on reviews (migration 0012), so cards show the average without a join.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * The rating sort's key (migration 0015, ADR 0020): the average of the published reviews,
     * -1 without any, so "homes without reviews last" is a plain descending index walk with no
     * NULLs for the cursor to step over. Stored because an index walks it per place.
     */
    ratingSort: doublePrecision('rating_sort')
      .notNull()
      .generatedAlwaysAs(sql`case when rating_count > 0 then rating_sum::double precision / rating_count else -1 end`),
    /**
     * The home as the API answers it (the Home of src/shared/schemas/homes.ts), written by PostgreSQL
     * whenever the row changes (migration 0018, ADR 0027), so a page of search results is read and
     * sent as it is stored instead of being parsed into objects and serialised again per request.
     * The function and its arguments are generated from homeSchema (db/home-json-fields.ts).
     */
    apiJson: text('api_json')
      .notNull()
      .generatedAlwaysAs((): SQL => sql.raw(homeJson(getTableColumns(homes) as Record<string, Column>).callSql)),
    /**
     * Set while the home is unlisted by moderation (issue 30, ADR 0060): out of search and of its
     * page, no new holds; its bookings stay. `unlistedBy` says why, so lifting a suspension
     * relists only the homes the suspension unlisted, never one a report unlisted.
     */
    unlistedAt: timestamp('unlisted_at', { withTimezone: true }),
    unlistedBy: text('unlisted_by', { enum: ['report', 'suspension'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The search indexes: homes-indexes.ts.
    ...homesIndexes(t),
    check('homes_price_positive', sql`${t.priceCents} > 0`),
    check('homes_cleaning_fee_range', sql`${t.cleaningFeeCents} >= 0`),
    check('homes_cancellation_policy_valid', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('homes_window_valid', sql`${t.availableFrom} < ${t.availableTo}`),
    check('homes_guests_range', sql`${t.totalGuest} between 1 and 50`),
    check(
      'homes_pricing_valid',
      sql`(${t.weekendPriceCents} is null or ${t.weekendPriceCents} > 0) and ${t.extraGuestFeeCents} >= 0 and ${t.securityDepositCents} >= 0
        and ${t.weeklyDiscountPercent} between 0 and 90 and ${t.monthlyDiscountPercent} between 0 and 90
        and ${t.lastMinuteDiscountPercent} between 0 and 90 and ${t.earlyBirdDiscountPercent} between 0 and 90
        and ${t.lastMinuteDays} between 1 and 365 and ${t.earlyBirdDays} between 1 and 365 and ${t.guestsIncluded} >= 1`,
    ),
    check(
      'homes_points_valid',
      sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180
        and ${t.approxLat} between -90 and 90 and ${t.approxLng} between -180 and 180`,
    ),
    check('homes_unlisted_valid', sql`(${t.unlistedAt} is null) = (${t.unlistedBy} is null)`),
    check('homes_booking_mode_valid', sql`${t.bookingMode} in ('instant', 'request')`),
    check('homes_rooms_range', sql`${t.bedrooms} between 0 and 50 and ${t.bathrooms} between 0 and 50`),
    check('homes_nights_range', sql`${t.minNights} between 1 and ${t.maxNights} and ${t.maxNights} <= 30`),
    // A zone PostgreSQL knows (the API checks it against the runtime's IANA list first).
    check('homes_time_zone_valid', sql`time_zone_is_valid(${t.timeZone})`),
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
  (t) => [
    index('home_locations_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    // The first keystrokes of a suggestion: places whose name starts with one or two letters (ADR 0058).
    index('home_locations_lower_idx').on(sql`lower(${t.location}) text_pattern_ops`),
  ],
);

/**
 * One row: a number bumped in every transaction that changes home_locations (a place appears,
 * goes, or its homes count changes), by a row trigger on home_locations (migration 0040). Each
 * process keeps the places in memory for the suggestions and reads this to know when to reload
 * them (features/search/place-index.ts, ADR 0064).
 */
export const homeLocationsVersion = pgTable(
  'home_locations_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('home_locations_version_one_row', sql`${t.id}`)],
);

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
