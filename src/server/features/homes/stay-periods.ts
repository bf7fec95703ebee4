/**
 * A dated page's price periods (issue 27), read by the page's own statement: each row carries the
 * periods of its home over [checkIn, checkOut), so pricing a page costs no second round trip to
 * PostgreSQL (that round trip cost the server and PostgreSQL more than the read itself: ADR 0076).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PricePeriodSpan } from '#shared/pricing-quote';

const p = sql.placeholder;

/**
 * The periods of the home whose seq is `seq` that overlap the search's stay, as text
 * ("from to cents" joined by ","), or null: undated (the CASE skips the read), a home with no
 * period (has_price_periods, kept by the price_periods trigger), or none overlapping. Found by
 * homes_seq_unique then price_periods_home_idx.
 */
export function stayPeriodsColumn(seq: SQL): SQL {
  return sql`case when ${p('checkIn')}::date is null then null else (
    select string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
    from homes ph join price_periods pp on pp.home_id = ph.id
    where ph.seq = ${seq} and ph.has_price_periods
      and pp.from_date < ${p('checkOut')}::date and pp.to_date > ${p('checkIn')}::date) end`;
}

/** stayPeriodsColumn's text as spans ([] for null). */
export function readStayPeriods(text: string | null): PricePeriodSpan[] {
  if (!text) return [];
  return text.split(',').map((period) => {
    const [from, to, cents] = period.split(' ');
    return { from: from!, to: to!, priceCents: Number(cents) };
  });
}
