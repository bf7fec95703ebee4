import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { homes } from './homes';

/**
 * A host's nightly price for the nights [from_date, to_date) of one home (issue 27, ADR 0049): it
 * wins over the base and weekend prices for those nights. Periods of one home never overlap
 * (exclusion constraint, migration 0026): a new period cuts the ones it covers, under the home's lock.
 */
export const pricePeriods = pgTable(
  'price_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The host's name for it ("High season"), shown in the breakdown's line; null: "price period". */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_periods_home_idx').on(t.homeId, t.fromDate),
    // The periods by price, with their dates and home (index-only): a dated price sort without a
    // place finds the homes a period can bring onto the page (issue 27, ADR 0058).
    index('price_periods_price_idx').on(t.priceCents, t.fromDate, t.toDate, t.homeId),
    check('price_periods_dates_valid', sql`${t.fromDate} < ${t.toDate}`),
    check('price_periods_price_positive', sql`${t.priceCents} > 0`),
    // PRICE_PERIOD_NAME_MAX; the zod schema also trims it and refuses line breaks.
    check('price_periods_name_length', sql`${t.name} is null or char_length(${t.name}) between 1 and 40`),
  ],
);

export type PricePeriodRow = typeof pricePeriods.$inferSelect;
