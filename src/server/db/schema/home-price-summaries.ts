import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

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
