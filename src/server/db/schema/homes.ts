import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import {
  type ExtraConfigColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import { BOOKING_MODES, INSTANT_BOOK_REQUIREMENTS } from '#shared/schemas/pricing';
import { homeJson } from '../home-json-fields';
import { datemultirange } from './column-types';
import { users } from './accounts';

/** The columns of homes that a place's price walks read. */
type PlacePriceColumns = Record<
  | 'location'
  | 'priceCents'
  | 'weekendPriceCents'
  | 'priceLowCents'
  | 'priceHighCents'
  | 'hasPricePeriods'
  | 'seq'
  | 'bedrooms'
  | 'totalGuest'
  | 'availableFrom'
  | 'availableTo'
  | 'upcomingFrom'
  | 'upcomingNights'
  | 'id'
  | 'hostEmail'
  | 'unlistedAt',
  ExtraConfigColumn
>;

/**
 * A place's price sorts (ADR 0020, 0058, 0069): one walk per sort key and shape, each carrying what
 * a place walk filters on, as homes_location_idx does (ADR 0026).
 */
function placePriceIndexes(t: PlacePriceColumns) {
  return [
    // The price sorts' walk carries what a place walk filters on, as homes_location_idx does (ADR
    // 0069): a dated search that finds few free homes stays inside it and reads only the page's rows.
    index('homes_location_price_idx').on(
      t.location,
      t.priceCents,
      t.seq,
      t.bedrooms,
      t.totalGuest,
      t.availableFrom,
      t.availableTo,
      t.upcomingFrom,
      t.upcomingNights,
      t.id,
      t.hostEmail,
      t.priceLowCents,
      t.unlistedAt,
    ),
    // A place's dated price sorts (ADR 0058, 0069): the homes with a weekend price and no price
    // periods by their cheapest and dearest night, with what prices their stay, and the homes with
    // periods apart (few), with what bounds them before their periods are read; each with what the
    // walk filters on, so that it reads only the page's rows.
    index('homes_location_dated_low_idx')
      .on(
        t.location,
        sql`least(${t.priceCents}, ${t.weekendPriceCents})`,
        t.priceCents,
        t.weekendPriceCents,
        t.seq,
        t.bedrooms,
        t.totalGuest,
        t.availableFrom,
        t.availableTo,
        t.upcomingFrom,
        t.upcomingNights,
        t.id,
        t.hostEmail,
        t.unlistedAt,
      )
      .where(sql`${t.priceLowCents} is not null and not ${t.hasPricePeriods}`),
    index('homes_location_dated_high_idx')
      .on(
        t.location,
        sql`greatest(${t.priceCents}, ${t.weekendPriceCents})`,
        t.priceCents,
        t.weekendPriceCents,
        t.seq,
        t.bedrooms,
        t.totalGuest,
        t.availableFrom,
        t.availableTo,
        t.upcomingFrom,
        t.upcomingNights,
        t.id,
        t.hostEmail,
        t.unlistedAt,
      )
      .where(sql`${t.priceLowCents} is not null and not ${t.hasPricePeriods}`),
    index('homes_location_periods_idx')
      .on(
        t.location,
        t.priceLowCents,
        t.priceHighCents,
        t.priceCents,
        t.weekendPriceCents,
        t.seq,
        t.bedrooms,
        t.totalGuest,
        t.availableFrom,
        t.availableTo,
        t.upcomingFrom,
        t.upcomingNights,
        t.id,
        t.hostEmail,
        t.unlistedAt,
      )
      .where(sql`${t.priceLowCents} is not null and ${t.hasPricePeriods}`),
  ];
}

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
    // Newest first per place, and everything a place walk filters on (ADR 0026): a dated search
    // that finds few free homes (a fully booked week) stays inside the index and reads no rows.
    // seq is unique, so the columns after it never change the order.
    index('homes_location_idx').on(
      t.location,
      t.seq.desc(),
      t.priceCents,
      t.bedrooms,
      t.totalGuest,
      t.availableFrom,
      t.availableTo,
      t.upcomingFrom,
      t.upcomingNights,
      t.id,
      t.hostEmail,
      t.priceLowCents,
      t.priceHighCents,
      t.weekendPriceCents,
      t.hasPricePeriods,
      // So a walk still skips unlisted homes inside the index (ADR 0060).
      t.unlistedAt,
    ),
    uniqueIndex('homes_seq_unique').on(t.seq),
    // One index per sort key and shape (ADR 0020): walked forwards for price_asc, backwards for
    // price_desc and rating, so each sort stops after a page; seq breaks ties and keys the cursor.
    ...placePriceIndexes(t),
    index('homes_location_rating_idx').on(t.location, t.ratingSort, t.seq),
    index('homes_price_idx').on(t.priceCents, t.seq),
    // A dated price sort without a place (issue 27, ADR 0058): the homes with dated prices by their
    // cheapest and dearest night outside price periods (least and greatest skip a NULL weekend price),
    // with what prices a stay without periods, so the walk reads no row it will not show.
    index('homes_dated_low_idx')
      .on(
        sql`least(${t.priceCents}, ${t.weekendPriceCents})`,
        t.priceCents,
        t.weekendPriceCents,
        t.hasPricePeriods,
        t.id,
      )
      .where(sql`${t.priceLowCents} is not null`),
    index('homes_dated_high_idx')
      .on(
        sql`greatest(${t.priceCents}, ${t.weekendPriceCents})`,
        t.priceCents,
        t.weekendPriceCents,
        t.hasPricePeriods,
        t.id,
      )
      .where(sql`${t.priceLowCents} is not null`),
    index('homes_rating_idx').on(t.ratingSort, t.seq),
    index('homes_host_email_idx').on(sql`lower(${t.hostEmail})`),
    // A map box search (bbox) is `point <@ box` on the public point, PostgreSQL's own GiST point
    // operator class: no extension, the same on PGlite and PostgreSQL (ADR 0056).
    index('homes_approx_point_idx').using('gist', sql`point(${t.approxLng}, ${t.approxLat})`),
    // A map box's walk, newest first (ADR 0068): the box and the filters an index entry can answer are
    // tested on the entry itself (an index-only scan), so walking 20,000 homes reads no row; only those
    // that pass are read. seq is unique, so the columns after it never change the order.
    index('homes_box_walk_idx')
      .on(t.seq, t.approxLng, t.approxLat, t.bedrooms, t.totalGuest, t.priceCents, t.priceLowCents, t.priceHighCents)
      .where(sql`${t.unlistedAt} is null`),
    // A map box with filters (ADR 0068): the box, bedrooms, guests and the span of nightly prices the
    // home can have are tested inside the index (btree_gist for the integers), so a small box whose
    // homes mostly fail the filters reads no row it will not show.
    index('homes_box_filters_idx')
      .using(
        'gist',
        sql`point(${t.approxLng}, ${t.approxLat})`,
        t.bedrooms,
        t.totalGuest,
        sql`coalesce(${t.priceLowCents}, ${t.priceCents})`,
        sql`coalesce(${t.priceHighCents}, ${t.priceCents})`,
      )
      .where(sql`${t.unlistedAt} is null`),
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
 * How many homes have each (price, bedrooms, guests): the price histogram of a search without a
 * place reads these few thousand rows instead of every home (ADR 0023). Kept by statement-level
 * triggers on homes (migration 0016), like home_locations.
 */
export const homePriceStats = pgTable(
  'home_price_stats',
  {
    priceCents: integer('price_cents').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    totalGuest: integer('total_guest').notNull(),
    homeCount: integer('home_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceCents, t.bedrooms, t.totalGuest] })],
);

/**
 * Per whole dollar of price, how many homes take at least g guests and have at least b bedrooms,
 * for g 1..16 and b 0..8 (an array of 16 × 9 cells, cell (g - 1) × 9 + b + 1; a home above a cap
 * counts in the cap's cells): the price histogram of a search without a place reads one row per
 * dollar, not one per (price, bedrooms, guests). Kept by a row trigger on home_price_stats
 * (migration 0042, ADR 0070); filters above a cap read home_price_stats.
 */
export const homePriceDollars = pgTable('home_price_dollars', {
  dollar: integer('dollar').primaryKey(),
  counts: integer('counts').array().notNull(),
});

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
