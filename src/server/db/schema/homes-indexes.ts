import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, uniqueIndex } from 'drizzle-orm/pg-core';

/** The columns of homes that its indexes are on (homes.ts passes its table's columns). */
type HomesIndexColumns = Record<
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
  | 'unlistedAt'
  | 'ratingSort'
  | 'approxLng'
  | 'approxLat',
  ExtraConfigColumn
>;

/**
 * What a place walk filters on (ADR 0026), carried after the sort key by each of a place's wide
 * indexes, so that a dated search that finds few free homes stays inside the index and reads no rows.
 */
const placeWalkColumns = (t: HomesIndexColumns) => [
  t.bedrooms,
  t.totalGuest,
  t.availableFrom,
  t.availableTo,
  t.upcomingFrom,
  t.upcomingNights,
  t.id,
  t.hostEmail,
];

/** What a place's dated price walks carry after their sort key: what prices the stay, then placeWalkColumns. */
const datedPlaceColumns = (t: HomesIndexColumns) => [
  t.priceCents,
  t.weekendPriceCents,
  t.seq,
  ...placeWalkColumns(t),
  t.unlistedAt,
];

/**
 * A place's price sorts (ADR 0020, 0058, 0069): one walk per sort key and shape, each carrying what
 * a place walk filters on, as homes_location_idx does (ADR 0026).
 */
function placePriceIndexes(t: HomesIndexColumns) {
  return [
    // The price sorts' walk carries what a place walk filters on, as homes_location_idx does (ADR
    // 0069): a dated search that finds few free homes stays inside it and reads only the page's rows.
    index('homes_location_price_idx').on(
      t.location,
      t.priceCents,
      t.seq,
      ...placeWalkColumns(t),
      t.priceLowCents,
      t.unlistedAt,
    ),
    // A place's dated price sorts (ADR 0058, 0069): the homes with a weekend price and no price
    // periods by their cheapest and dearest night, with what prices their stay, and the homes with
    // periods apart (few), with what bounds them before their periods are read; each with what the
    // walk filters on, so that it reads only the page's rows.
    index('homes_location_dated_low_idx')
      .on(t.location, sql`least(${t.priceCents}, ${t.weekendPriceCents})`, ...datedPlaceColumns(t))
      .where(sql`${t.priceLowCents} is not null and not ${t.hasPricePeriods}`),
    index('homes_location_dated_high_idx')
      .on(t.location, sql`greatest(${t.priceCents}, ${t.weekendPriceCents})`, ...datedPlaceColumns(t))
      .where(sql`${t.priceLowCents} is not null and not ${t.hasPricePeriods}`),
    index('homes_location_periods_idx')
      .on(t.location, t.priceLowCents, t.priceHighCents, ...datedPlaceColumns(t))
      .where(sql`${t.priceLowCents} is not null and ${t.hasPricePeriods}`),
  ];
}

/** The indexes of homes (its search walks, ADR 0020, 0026, 0056, 0058, 0068, 0069), called by its table. */
export function homesIndexes(t: HomesIndexColumns) {
  return [
    // Newest first per place, and everything a place walk filters on (ADR 0026): a dated search
    // that finds few free homes (a fully booked week) stays inside the index and reads no rows.
    // seq is unique, so the columns after it never change the order.
    index('homes_location_idx').on(
      t.location,
      t.seq.desc(),
      t.priceCents,
      ...placeWalkColumns(t),
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
  ];
}
