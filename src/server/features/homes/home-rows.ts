/**
 * Home rows as the driver answers them, read field by field into HomeFields (shared by the one-home
 * read and the search and list pages).
 */
import type { HomeFields } from './homes-service';

/** A row as the driver answers it: column names as in the database, before Drizzle maps them. */
export type RawHomeRow = Record<string, unknown>;

/**
 * Rows straight from the driver (`all()`: the pg and PGlite prepared queries both have it), read
 * here field by field: Drizzle's generic row mapping cost about as much as the rest of the
 * handler for a page of 24 homes. Dates stay 'YYYY-MM-DD' text (Drizzle's parsers for both
 * drivers); seq is a bigint (text or BigInt, depending on the driver).
 */
export async function rawRows(query: { execute: unknown }, values: Record<string, unknown>): Promise<RawHomeRow[]> {
  return (query as unknown as { all(values: Record<string, unknown>): Promise<RawHomeRow[]> }).all(values);
}

export function toFields(row: RawHomeRow): HomeFields {
  return {
    id: row.id as string,
    seq: Number(row.seq),
    hostEmail: row.host_email as string,
    title: row.title as string,
    location: row.location as string,
    description: row.description as string,
    priceCents: row.price_cents as number,
    totalGuest: row.total_guest as number,
    bedrooms: row.bedrooms as number,
    bathrooms: row.bathrooms as number,
    availableFrom: row.available_from as string,
    availableTo: row.available_to as string,
    images: row.images as string[],
    minNights: row.min_nights as number,
    maxNights: row.max_nights as number,
    checkInTime: row.check_in_time as string,
    checkOutTime: row.check_out_time as string,
    houseRules: row.house_rules as string,
    ratingCount: row.rating_count as number,
    ratingSum: row.rating_sum as number,
    cleaningFeeCents: row.cleaning_fee_cents as number,
    cancellationPolicy: row.cancellation_policy as HomeFields['cancellationPolicy'],
  };
}
