/**
 * A list without a place (no `location`, or a map box) sorted or filtered by price with dates
 * (issue 27, ADR 0058): each home's nightly price for those dates, as a place search reads it
 * (search_place_page) and the card shows it (stay.nightly, src/shared/pricing-quote.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, nightsBetween } from '#shared/stay';
import { isWeekendNight } from '#shared/pricing-quote';
import { homes } from '#server/db/schema';
import { homeStayTerms } from './stay-terms';

const p = sql.placeholder;
const TOP = sql`2147483647`;

/** The stay's Friday and Saturday nights: the weekend price's share of its nightly price (ADR 0058). */
export function weekendNightsOf(checkIn: string, checkOut: string): number {
  let count = 0;
  for (let i = 0; i < nightsBetween(checkIn, checkOut); i++) if (isWeekendNight(addDays(checkIn, i))) count++;
  return count;
}

const stayArgs = sql`${p('checkIn')}::date, ${p('checkOut')}::date, ${p('weekendNights')}::integer`;

/**
 * WHERE part: the home's nightly price for the dates is in [minPrice, maxPrice] (both bound): the
 * base price of a plain home, the stay's price only for a home whose bounds overlap the range.
 */
export const datedPriceFits = sql`search_dated_price_fits(${homes.id}, ${homes.priceCents}, ${homes.priceLowCents},
  ${homes.priceHighCents}, ${homes.weekendPriceCents}, ${homes.hasPricePeriods}, ${stayArgs},
  ${p('minPrice')}::integer, ${p('maxPrice')}::integer)`;

const stayNightly = sql`search_stay_nightly_cents(${homes.id}, ${homes.priceCents}, ${homes.weekendPriceCents},
  ${homes.hasPricePeriods}, ${stayArgs})`;

/**
 * The FROM part of a dated price sort: two walks merged by (nightly price, seq), as in a place.
 * - `a`: the plain homes (price_low_cents NULL: every night costs price_cents), by homes_price_idx
 *   from the cursor on, one page;
 * - `d`: the homes with a weekend price or price periods that can still reach that page, each
 *   priced for the stay (search_stay_nightly_cents), then filtered and ordered by that price. A
 *   stay's nightly price is between its cheapest and dearest night, and a night costs the base or
 *   weekend price or that of a period overlapping the stay. So for price_asc the candidates are the
 *   homes whose cheaper of base and weekend price is at most the page's dearest plain home
 *   (homes_dated_low_idx), and those with a period overlapping the stay at most that price
 *   (price_periods_price_idx); price_desc mirrors it (homes_dated_high_idx). Bounding by
 *   price_low_cents alone, as a place does, would price every home whose low season is cheap,
 *   whatever the dates: hundreds on a first page of the whole table.
 * `filters` are the list's other conditions (dates, guests, bedrooms, box, host), on `homes`.
 * Each row also carries the home's pricing terms, id and has_price_periods: the page's price
 * periods are read from them, for the page's homes only (stay-terms.ts).
 */
export function datedPriceWalks(
  sort: 'price_asc' | 'price_desc',
  filters: SQL,
  shape: { after: boolean; price: boolean },
  size: SQL,
): SQL {
  const asc = sort === 'price_asc';
  const dir = sql.raw(asc ? 'asc' : 'desc');
  const cmp = sql.raw(asc ? '>' : '<');
  const min = sql`${p('minPrice')}::integer`;
  const max = sql`${p('maxPrice')}::integer`;
  const range = (price: SQL) => sql`${price} between ${min} and ${max}`;
  const afterOf = (price: SQL, seq: SQL) =>
    shape.after ? sql`and (${price}, ${seq}) ${cmp} (${p('afterPrice')}::integer, ${p('afterSeq')}::bigint)` : sql``;
  // How far the page of plain homes reaches; a short page (its last) reaches the end of the range.
  const reach = asc
    ? sql`least(${max}, (select case when count(*) < ${size} then ${TOP} else max(a.price_cents) end from a))`
    : sql`greatest(${min}, (select case when count(*) < ${size} then 0 else min(a.price_cents) end from a))`;
  // A home without periods is priced from the index entry itself (its base and weekend prices).
  const plainStay = sql`search_stay_nightly_cents(c.id, c.price_cents, c.weekend_price_cents, false, ${stayArgs})`;
  // Ranges with both ends (`between`): PostgreSQL then estimates few rows for a bound it cannot see
  // when planning (0.5%, not a third), so the plan's cost stays under jit_above_cost; JIT-compiling
  // it took 250 ms against 8 ms of work.
  const candidates = asc
    ? sql`select c.id from homes c where c.price_low_cents is not null
          and least(c.price_cents, c.weekend_price_cents) between 0 and ${reach}
          and (c.has_price_periods or ${plainStay} between ${min} and ${reach})
        union
        select pp.home_id from price_periods pp where pp.price_cents between 0 and ${reach}
          and pp.from_date < ${p('checkOut')}::date and pp.to_date > ${p('checkIn')}::date`
    : sql`select c.id from homes c where c.price_low_cents is not null
          and greatest(c.price_cents, c.weekend_price_cents) between ${reach} and ${TOP}
          and (c.has_price_periods or ${plainStay} between ${reach} and ${max})
        union
        select pp.home_id from price_periods pp where pp.price_cents between ${reach} and ${TOP}
          and pp.from_date < ${p('checkOut')}::date and pp.to_date > ${p('checkIn')}::date`;
  // A price range leaves out the homes whose every night is outside it (the stored bounds).
  const bounds = shape.price ? sql`and ${homes.priceLowCents} <= ${max} and ${homes.priceHighCents} >= ${min}` : sql``;
  return sql`(with a as (
      select ${homes.seq} as seq, ${homes.priceCents} as price_cents, ${homes.ratingSum} as rating_sum,
        ${homes.ratingCount} as rating_count, ${homes.apiJson} as api_json, ${homes.id} as id, ${homes.hasPricePeriods} as has_price_periods, ${homeStayTerms('homes')} as terms
      from ${homes}
      where ${filters} and ${homes.priceLowCents} is null and ${range(sql`${homes.priceCents}`)}
        ${afterOf(sql`${homes.priceCents}`, sql`${homes.seq}`)}
      order by ${homes.priceCents} ${dir}, ${homes.seq} ${dir}
      limit ${size})
    select a.seq, a.price_cents, a.rating_sum, a.rating_count, a.api_json, a.id, a.has_price_periods, a.terms from a
    union all
    (select d.seq, d.price_cents, d.rating_sum, d.rating_count, d.api_json, d.id, d.has_price_periods, d.terms
    from (
      -- Each candidate read by primary key: a lateral join kept apart (limit 1: its id is unique), else
      -- PostgreSQL plans a hash join that reads every home with dated prices.
      select h.* from (${candidates}) as c
      cross join lateral (
        select ${homes.seq} as seq, ${stayNightly} as price_cents, ${homes.ratingSum} as rating_sum,
          ${homes.ratingCount} as rating_count, ${homes.apiJson} as api_json, ${homes.id} as id, ${homes.hasPricePeriods} as has_price_periods, ${homeStayTerms('homes')} as terms
        from ${homes}
        where ${homes.id} = c.id and ${filters} and ${homes.priceLowCents} is not null ${bounds}
          limit 1) as h
      offset 0) as d
    where ${range(sql`d.price_cents`)} ${afterOf(sql`d.price_cents`, sql`d.seq`)}
    order by d.price_cents ${dir}, d.seq ${dir}
    limit ${size})) as page`;
}
