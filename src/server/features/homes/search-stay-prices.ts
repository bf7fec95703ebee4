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

interface DatedStay {
  checkIn: string;
  checkOut: string;
  guests: number;
}

const p = sql.placeholder;

/**
 * Prepared once per database handle, as the search's own reads are (homes-queries.ts): building
 * the Drizzle query on every dated search cost more server CPU than running it. The page's ids
 * arrive as one comma-separated text, so the statement's text is the same whatever the page size.
 */
function preparePeriods(db: Db) {
  return db
    .select({
      homeId: pricePeriods.homeId,
      from: pricePeriods.fromDate,
      to: pricePeriods.toDate,
      priceCents: pricePeriods.priceCents,
    })
    .from(pricePeriods)
    .where(
      sql`${pricePeriods.homeId} = any(string_to_array(${p('ids')}::text, ',')::uuid[])
        and ${pricePeriods.fromDate} < ${p('checkOut')}::date and ${pricePeriods.toDate} > ${p('checkIn')}::date`,
    )
    .prepare('stay_price_periods');
}

const prepared = new WeakMap<Db, ReturnType<typeof preparePeriods>>();

/** The price periods over [checkIn, checkOut) of these homes, by home. */
async function periodsByHome(ctx: AppContext, ids: string[], stay: DatedStay) {
  let statement = prepared.get(ctx.db);
  if (!statement) {
    statement = preparePeriods(ctx.db);
    prepared.set(ctx.db, statement);
  }
  const rows = await statement.execute({ ids: ids.join(','), checkIn: stay.checkIn, checkOut: stay.checkOut });
  const byHome = new Map<string, PricePeriodSpan[]>();
  for (const { homeId, ...span } of rows) byHome.set(homeId, [...(byHome.get(homeId) ?? []), span]);
  return byHome;
}

/** The stay's price at this home, in the Home's `stay` field (dollars). */
function stayOf(ctx: AppContext, home: Home, periods: PricePeriodSpan[], stay: DatedStay, now: Date): Home['stay'] {
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
      bookedOn: homeToday(now, home.timeZone),
      fees: feesOf(ctx, { cleaningFeeCents: cents(home.cleaningFee) }),
    },
  );
  return {
    nights: breakdown.nights,
    nightly: centsToAmount(breakdown.nightlyCents),
    total: centsToAmount(breakdown.totalCents),
  };
}

/** A page of homes (JSON array text) with each home's `stay` for these dates; the page as it was without dates. */
export async function withStayPrices(
  ctx: AppContext,
  json: string,
  query: { checkIn?: string; checkOut?: string; guests?: number },
  now: Date,
): Promise<string> {
  if (query.checkIn === undefined || query.checkOut === undefined) return json;
  const homes = JSON.parse(json) as Home[];
  if (homes.length === 0) return json;
  const stay = { checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests ?? 1 };
  const periods = await periodsByHome(
    ctx,
    homes.map((h) => h._id),
    stay,
  );
  return JSON.stringify(
    homes.map((home) => ({ ...home, stay: stayOf(ctx, home, periods.get(home._id) ?? [], stay, now) })),
  );
}
