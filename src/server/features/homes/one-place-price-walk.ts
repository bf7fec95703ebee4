/**
 * The price sorts of a public search of one place (ADR 0081): search_place_page's price_asc and
 * price_desc walks for one place, as a statement of its own (one-place-page.ts reads the page's
 * homes from it). Through the function, a dated price sort of one place cost about 580 µs of
 * PostgreSQL a page, of which the function's own machinery (PL/pgSQL, the places CTE, the merge by
 * rank) was about 100 µs.
 * - `a`: the homes whose nightly price is price_cents whatever the dates (price_low_cents NULL;
 *   undated, every home), homes_location_price_idx walked in order from the cursor, one page.
 * - With dates, `d`: the homes whose nightly price depends on them, each priced for the stay, only
 *   those that can still reach the page (ADR 0069): without price periods, whose cheapest
 *   (dearest) night is within the page's reach (homes_location_dated_low_idx, _high_idx); with
 *   periods, whose bounds or a period overlapping the stay is (homes_location_periods_idx).
 * Each walk tests the place walk's filters on the index entry (search_home_fits, the live holds),
 * so only the page's homes are read from the table.
 */
import { sql, type SQL } from 'drizzle-orm';
import { heldForStay } from '#server/db/booking-conditions';

const p = sql.placeholder;
const TOP = sql`2147483647`;

export interface OnePlacePriceShape {
  dates: boolean;
  guests: boolean;
  bedrooms: boolean;
  price: boolean;
  after: boolean;
}

/** The search's values as the walk's placeholders, `null` where the search does not give one. */
export function placeWalkValues(shape: OnePlacePriceShape) {
  const given = (on: boolean, value: SQL) => (on ? value : sql`null`);
  return {
    checkIn: given(shape.dates, sql`${p('checkIn')}::date`),
    checkOut: given(shape.dates, sql`${p('checkOut')}::date`),
    guests: given(shape.guests, sql`${p('guests')}::integer`),
    bedrooms: given(shape.bedrooms, sql`${p('bedrooms')}::integer`),
    minPrice: given(shape.price, sql`${p('minPrice')}::integer`),
    maxPrice: given(shape.price, sql`${p('maxPrice')}::integer`),
  };
}

/**
 * What a walk of one place tests on each index entry: the place, listed, search_home_fits and, with
 * dates, the live holds. `range` passes the price range to search_home_fits (on price_cents), which
 * only a home whose every night costs price_cents is filtered by there. `more` is tested before the
 * holds, the dearest test.
 */
export function placeWalkFits(row: string, shape: OnePlacePriceShape, range: boolean, more: SQL = sql``): SQL {
  const c = (column: string) => sql.raw(`${row}.${column}`);
  const v = placeWalkValues(shape);
  return sql`${c('location')} = ${p('place')} and ${c('unlisted_at')} is null
    and search_home_fits(${c('id')}, ${c('price_cents')}, ${c('bedrooms')}, ${c('total_guest')}, ${c('host_email')},
      ${c('available_from')}, ${c('available_to')}, ${c('upcoming_from')}, ${c('upcoming_nights')}, ${v.checkIn},
      ${v.checkOut}, ${v.guests}, null, ${range ? v.minPrice : sql`null`}, ${range ? v.maxPrice : sql`null`},
      ${v.bedrooms}) ${more}
    ${shape.dates ? sql`and ${c('id')} not in (${heldForStay(p('checkIn'), p('checkOut'), p('now'))})` : sql``}`;
}

/**
 * The page of one place by dated (or base) nightly price: rows (id, seq, price_cents), price_cents
 * being the nightly price the page is ordered by, in the sort's order; `limit` rows at most.
 */
export function onePlacePriceWalk(sort: 'price_asc' | 'price_desc', shape: OnePlacePriceShape, limit: SQL): SQL {
  const asc = sort === 'price_asc';
  const dir = sql.raw(asc ? 'asc' : 'desc');
  const cmp = sql.raw(asc ? '>' : '<');
  const { checkIn, checkOut } = placeWalkValues(shape);
  const min = shape.price ? sql`coalesce(${p('minPrice')}::integer, 0)` : sql`0`;
  const max = shape.price ? sql`coalesce(${p('maxPrice')}::integer, ${TOP})` : TOP;
  const after = (price: SQL, seq: SQL) =>
    shape.after ? sql`and (${price}, ${seq}) ${cmp} (${p('afterPrice')}::integer, ${p('afterSeq')}::bigint)` : sql``;
  const fits = (row: string, range: boolean) => placeWalkFits(row, shape, range);
  const plain = sql`select h.id, h.seq, h.price_cents
    from homes h
    where ${fits('h', true)}
      -- Spelled out as well: the bounds of the index walk.
      and h.price_cents between ${min} and ${max}
      ${shape.dates ? sql`and h.price_low_cents is null` : sql``}
      ${after(sql`h.price_cents`, sql`h.seq`)}
    order by h.price_cents ${dir}, h.seq ${dir}
    limit ${limit}`;
  if (!shape.dates) return plain;

  // How far the page of plain homes reaches; a short page (its last) reaches the end of the range.
  const reach = asc
    ? sql`(select least(${max}, case when count(*) < ${limit} then ${TOP} else max(a.price_cents) end) from a)`
    : sql`(select greatest(${min}, case when count(*) < ${limit} then 0 else min(a.price_cents) end) from a)`;
  const weekendNights = sql`${p('weekendNights')}::integer`;
  // A home without periods is priced from its index entry (its base and weekend prices).
  const withoutPeriods = sql`select c.id, c.seq,
      search_stay_nightly_cents(c.id, c.price_cents, c.weekend_price_cents, false, ${checkIn}, ${checkOut}, ${weekendNights}) as price_cents
    from homes c
    where ${fits('c', false)} and c.price_low_cents is not null and not c.has_price_periods
      and ${asc ? sql`least(c.price_cents, c.weekend_price_cents) between 0 and ${reach}` : sql`greatest(c.price_cents, c.weekend_price_cents) between ${reach} and ${TOP}`}`;
  // home_stay_nightly_cents's text, planned once with the statement: a SQL function that reads a
  // table is not inlined, and called it is planned again on every call (ADR 0069).
  const periodsNightly = sql`(select ((2 * sum(coalesce(pp.price_cents,
        case when c.weekend_price_cents is not null and extract(dow from n.night) in (5, 6)
          then c.weekend_price_cents else c.price_cents end)) + (${checkOut} - ${checkIn}))
      / (2 * (${checkOut} - ${checkIn})))::integer
    from (select d::date as night from generate_series(${checkIn}, ${checkOut} - 1, interval '1 day') as d) as n
    left join price_periods pp on pp.home_id = c.id and pp.from_date <= n.night and n.night < pp.to_date)`;
  const periodReaches = (bound: SQL) => sql`exists (select from price_periods pp
    where pp.home_id = c.id and pp.from_date < ${checkOut} and pp.to_date > ${checkIn} and pp.price_cents ${bound})`;
  const withPeriods = sql`select c.id, c.seq, ${periodsNightly} as price_cents
    from homes c
    where ${fits('c', false)} and c.price_low_cents is not null and c.has_price_periods
      and ${
        asc
          ? sql`c.price_low_cents between 0 and ${reach} and c.price_high_cents >= ${min}
        and (least(c.price_cents, c.weekend_price_cents) <= ${reach} or ${periodReaches(sql`<= ${reach}`)})`
          : sql`c.price_low_cents <= ${max} and c.price_high_cents >= ${reach}
        and (greatest(c.price_cents, c.weekend_price_cents) >= ${reach} or ${periodReaches(sql`>= ${reach}`)})`
      }`;
  return sql`with a as (${plain})
    select m.id, m.seq, m.price_cents from (
      select a.id, a.seq, a.price_cents from a
      union all
      (select d.id, d.seq, d.price_cents
      -- Each home priced once: the range and cursor below are not pushed into the walks.
      from (${withoutPeriods} union all ${withPeriods} offset 0) as d
      where d.price_cents between ${min} and ${max} ${after(sql`d.price_cents`, sql`d.seq`)}
      order by d.price_cents ${dir}, d.seq ${dir}
      limit ${limit})) as m
    order by m.price_cents ${dir}, m.seq ${dir}
    limit ${limit}`;
}
