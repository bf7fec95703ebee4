/**
 * The Drizzle schema, one file per feature under schema/ (drizzle.config.ts reads this index;
 * the app imports from here). Tables point at tables of earlier features only, so no cycles:
 * accounts <- homes <- bookings <- calendar, messages, reviews.
 */
export * from './schema/accounts';
export * from './schema/homes';
export * from './schema/home-price-summaries';
export * from './schema/bookings';
export * from './schema/uploads';
export * from './schema/calendar';
export * from './schema/messages';
export * from './schema/reviews';
export * from './schema/jobs';
export * from './schema/pricing';
export * from './schema/deposits';
export * from './schema/ledger';
export * from './schema/payouts';
export * from './schema/audit';
export * from './schema/moderation';
