/**
 * What a dated page prices each home's stay from (issue 27), read by the page's own statement
 * beside each home's row (ADR 0080): the home's pricing terms (home_stay_terms, migration 0050)
 * and its price periods over [checkIn, checkOut). So pricing a page costs no second round trip to
 * PostgreSQL (ADR 0076) and no parse of each home's JSON.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { HomePriceSettings, PricePeriodSpan } from '#shared/pricing-quote';

const p = sql.placeholder;

/** home_stay_terms of the homes row named `row` in the statement. */
export function homeStayTerms(row: string): SQL {
  const c = (column: string) => sql.raw(`${row}.${column}`);
  return sql`home_stay_terms(${c('price_cents')}, ${c('weekend_price_cents')}, ${c('weekly_discount_percent')},
    ${c('monthly_discount_percent')}, ${c('last_minute_discount_percent')}, ${c('last_minute_days')},
    ${c('early_bird_discount_percent')}, ${c('early_bird_days')}, ${c('guests_included')},
    ${c('extra_guest_fee_cents')}, ${c('security_deposit_cents')}, ${c('cleaning_fee_cents')}, ${c('time_zone')})`;
}

/**
 * A dated page's stay column for a home (`home`: its terms, id and has_price_periods): the terms,
 * '|', then its periods that overlap the stay ("from to cents" joined by ","); null undated. Only a
 * home with periods (has_price_periods, kept by the price_periods trigger) reads price_periods.
 * search_place_page (migration 0050) writes the same column.
 */
export function stayTermsOf(home: { terms: SQL; id: SQL; hasPeriods: SQL }): SQL {
  return sql`case when ${p('checkIn')}::date is not null then ${home.terms} || '|' || coalesce(case when ${home.hasPeriods} then (
    select string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
    from price_periods pp
    where pp.home_id = ${home.id} and pp.from_date < ${p('checkOut')}::date and pp.to_date > ${p('checkIn')}::date) end, '') end`;
}

/** stayTermsOf the homes row named `row` in the statement. */
export function stayTermsOfRow(row: string): SQL {
  return stayTermsOf({
    terms: homeStayTerms(row),
    id: sql.raw(`${row}.id`),
    hasPeriods: sql.raw(`${row}.has_price_periods`),
  });
}

export interface StayTerms {
  settings: HomePriceSettings;
  cleaningFeeCents: number;
  timeZone: string;
  periods: PricePeriodSpan[];
}

/** A stay column's text (stayTermsOf) as the quote's inputs. */
export function readStayTerms(text: string): StayTerms {
  const bar = text.indexOf('|');
  const [price, weekend, weekly, monthly, lastMinute, lastMinuteDays, earlyBird, earlyBirdDays, ...rest] = text
    .slice(0, bar)
    .split(' ');
  const [guestsIncluded, extraGuestFee, securityDeposit, cleaningFee, timeZone] = rest;
  const periods = text.slice(bar + 1);
  return {
    settings: {
      priceCents: Number(price),
      weekendPriceCents: weekend === '-' ? null : Number(weekend),
      weeklyDiscountPercent: Number(weekly),
      monthlyDiscountPercent: Number(monthly),
      lastMinuteDiscountPercent: Number(lastMinute),
      lastMinuteDays: Number(lastMinuteDays),
      earlyBirdDiscountPercent: Number(earlyBird),
      earlyBirdDays: Number(earlyBirdDays),
      guestsIncluded: Number(guestsIncluded),
      extraGuestFeeCents: Number(extraGuestFee),
      securityDepositCents: Number(securityDeposit),
    },
    cleaningFeeCents: Number(cleaningFee),
    timeZone: timeZone!,
    periods: periods
      ? periods.split(',').map((period) => {
          const [from, to, cents] = period.split(' ');
          return { from: from!, to: to!, priceCents: Number(cents) };
        })
      : [],
  };
}
