import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { daterange } from './column-types';
import { homes } from './homes';

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
    // The export feed's SEQUENCE and DTSTAMP (RFC 5545): a block whose nights change is a new
    // revision of its event, so calendar programs that compare them take the new dates.
    revision: integer('revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
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
