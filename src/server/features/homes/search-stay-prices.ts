/**
 * A dated search prices each home of its page for that stay (issue 27): the nights by date, the
 * discounts, the extra guests and the fees, by the function that prices the quote and the hold
 * (src/shared/pricing-quote.ts), so the total on a card is the checkout's total. One query reads
 * the price periods of the page's homes; the rest is arithmetic on the homes' own JSON.
 * The price filter and the price sort still read the base nightly price (see ADR 0049).
 */
import { sql } from 'drizzle-orm';
import { amountToCents, centsToAmount } from '#shared/money';
import { quoteStayPrice, type PricePeriodSpan } from '#shared/pricing-quote';
import type { Home } from '#shared/schemas/homes';
import { homeToday } from '#shared/time-zones';
import type { AppContext } from '#server/app-context';
import type { Db } from '#server/db/client';
import { pricePeriods } from '#server/db/schema';
import { feesOf } from '../bookings/bookings-pricing';
import { homeRowsReader } from './home-rows';

interface DatedStay {
  checkIn: string;
  checkOut: string;
  guests: number;
}

const p = sql.placeholder;

const PERIOD_COLUMNS = ['home_id', 'from_date', 'to_date', 'price_cents'] as const;

/**
 * Prepared once per database handle and read as the search's pages are (home-rows.ts: on a pool,
 * the lean path), not built per request: building the Drizzle query and mapping its rows cost
 * more server CPU than the read. The page's ids arrive as one comma-separated text, so the
 * statement's text is the same whatever the page size.
 */
function preparePeriods(db: Db) {
  const query = db
    .select({
      home_id: sql`${pricePeriods.homeId}`.as('home_id'),
      from_date: sql`${pricePeriods.fromDate}::text`.as('from_date'),
      to_date: sql`${pricePeriods.toDate}::text`.as('to_date'),
      price_cents: sql`${pricePeriods.priceCents}`.as('price_cents'),
    })
    .from(pricePeriods)
    .where(
      sql`${pricePeriods.homeId} = any(string_to_array(${p('ids')}::text, ',')::uuid[])
        and ${pricePeriods.fromDate} < ${p('checkOut')}::date and ${pricePeriods.toDate} > ${p('checkIn')}::date`,
    );
  return homeRowsReader(db, 'stay_price_periods', query, PERIOD_COLUMNS);
}

const prepared = new WeakMap<Db, ReturnType<typeof preparePeriods>>();

/** The price periods over [checkIn, checkOut) of these homes, by home. */
async function periodsByHome(ctx: AppContext, ids: string[], stay: DatedStay) {
  let read = prepared.get(ctx.db);
  if (!read) {
    read = preparePeriods(ctx.db);
    prepared.set(ctx.db, read);
  }
  const rows = await read({ ids: ids.join(','), checkIn: stay.checkIn, checkOut: stay.checkOut });
  const byHome = new Map<string, PricePeriodSpan[]>();
  for (const row of rows) {
    const homeId = row.home_id as string;
    const span = { from: row.from_date as string, to: row.to_date as string, priceCents: Number(row.price_cents) };
    byHome.set(homeId, [...(byHome.get(homeId) ?? []), span]);
  }
  return byHome;
}

/** The home's calendar date today, once per time zone of a page (formatting one costs microseconds). */
function todayByTimeZone(now: Date) {
  const found = new Map<string, string>();
  return (timeZone: string) => {
    let today = found.get(timeZone);
    if (today === undefined) {
      today = homeToday(now, timeZone);
      found.set(timeZone, today);
    }
    return today;
  };
}

/** The stay's price at this home, in the Home's `stay` field (dollars). */
function stayOf(
  ctx: AppContext,
  home: Home,
  periods: PricePeriodSpan[],
  stay: DatedStay,
  bookedOn: string,
): Home['stay'] {
  const cents = (amount: number) => amountToCents(amount);
  const breakdown = quoteStayPrice(
    {
      priceCents: cents(home.price),
      weekendPriceCents: home.weekendPrice === null ? null : cents(home.weekendPrice),
      weeklyDiscountPercent: home.weeklyDiscountPercent,
      monthlyDiscountPercent: home.monthlyDiscountPercent,
      lastMinuteDiscountPercent: home.lastMinuteDiscountPercent,
      lastMinuteDays: home.lastMinuteDays,
      earlyBirdDiscountPercent: home.earlyBirdDiscountPercent,
      earlyBirdDays: home.earlyBirdDays,
      guestsIncluded: home.guestsIncluded,
      extraGuestFeeCents: cents(home.extraGuestFee),
      securityDepositCents: cents(home.securityDeposit),
    },
    periods,
    {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      bookedOn,
      fees: feesOf(ctx, { cleaningFeeCents: cents(home.cleaningFee) }),
    },
  );
  return {
    nights: breakdown.nights,
    nightly: centsToAmount(breakdown.nightlyCents),
    total: centsToAmount(breakdown.totalCents),
  };
}

/**
 * A dated page: `homeJson` is the page's homes, each its own stored JSON text (never with a `stay`:
 * home-json-fields.ts), and each gets its `stay` for these dates appended, rather than the page
 * parsed and written again (writing a page of 24 homes cost more than pricing it).
 */
export async function withStayPrices(ctx: AppContext, homeJson: string[], stay: DatedStay, now: Date): Promise<string> {
  const homes = homeJson.map((text) => JSON.parse(text) as Home);
  const periods = await periodsByHome(
    ctx,
    homes.map((h) => h._id),
    stay,
  );
  const today = todayByTimeZone(now);
  const priced = homes.map((home, i) => {
    const price = stayOf(ctx, home, periods.get(home._id) ?? [], stay, today(home.timeZone));
    return `${homeJson[i]!.slice(0, -1)},"stay":${JSON.stringify(price)}}`;
  });
  return `[${priced.join(',')}]`;
}
