/**
 * A dated page's price periods (issue 27), read by the page's own statement: each row carries the
 * periods of its home over [checkIn, checkOut), so pricing a page costs no second round trip to
 * PostgreSQL (that round trip cost the server and PostgreSQL more than the read itself: ADR 0076).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PricePeriodSpan } from '#shared/pricing-quote';
import { homes } from '#server/db/schema';

const p = sql.placeholder;

/**
 * The periods of a page's home (`home`: its id and has_price_periods, by default those of the
 * `homes` row in scope) that overlap the search's stay, as text ("from to cents" joined by ","), or
 * null: undated, a home with no period (has_price_periods, kept by the price_periods trigger:
 * price_periods is not read for it), or none overlapping. Read beside the row the page already has
 * (price_periods_home_idx), not by looking the home up again (ADR 0080). A place search's page
 * reads them the same way (search_place_page, migration 0050).
 */
export function stayPeriodsOf(home: { id: SQL; hasPeriods: SQL } = HOMES_ROW): SQL {
  return sql`case when ${p('checkIn')}::date is not null and ${home.hasPeriods} then (
    select string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
    from price_periods pp
    where pp.home_id = ${home.id} and pp.from_date < ${p('checkOut')}::date and pp.to_date > ${p('checkIn')}::date) end`;
}

const HOMES_ROW = { id: sql`${homes.id}`, hasPeriods: sql`${homes.hasPricePeriods}` };

/** stayPeriodsOf's text as spans ([] for null). */
export function readStayPeriods(text: string | null): PricePeriodSpan[] {
  if (!text) return [];
  return text.split(',').map((period) => {
    const [from, to, cents] = period.split(' ');
    return { from: from!, to: to!, priceCents: Number(cents) };
  });
}
