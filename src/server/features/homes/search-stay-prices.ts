/**
 * A dated search prices each home of its page for that stay (issue 27): the nights by date, the
 * discounts, the extra guests and the fees, by the function that prices the quote and the hold
 * (src/shared/pricing-quote.ts), so the total on a card is the checkout's total. The page's own
 * statement reads each home's pricing terms and price periods for the stay (stay-terms.ts, ADR
 * 0080); the rest is arithmetic, with no parse of the homes' JSON.
 * The price filter and the price sort still read the base nightly price (see ADR 0049).
 */
import { centsToAmount } from '#shared/money';
import { quoteStayPrice } from '#shared/pricing-quote';
import type { Home } from '#shared/schemas/homes';
import { homeToday } from '#shared/time-zones';
import type { AppContext } from '#server/app-context';
import { feesOf } from '../bookings/bookings-pricing';
import type { PageRow } from './home-rows';
import { readStayTerms, type StayTerms } from './stay-terms';

interface DatedStay {
  checkIn: string;
  checkOut: string;
  guests: number;
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

/** The stay's price at a home priced from `terms` (its page row's, stay-terms.ts), in the Home's `stay` field (dollars). */
function stayOf(ctx: AppContext, terms: StayTerms, stay: DatedStay, bookedOn: string): Home['stay'] {
  const breakdown = quoteStayPrice(terms.settings, terms.periods, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    bookedOn,
    fees: feesOf(ctx, { cleaningFeeCents: terms.cleaningFeeCents }),
  });
  return {
    nights: breakdown.nights,
    nightly: centsToAmount(breakdown.nightlyCents),
    total: centsToAmount(breakdown.totalCents),
  };
}

/**
 * A dated page: `rows` are the page's homes, each its own stored JSON text (never with a `stay`:
 * home-json-fields.ts) and its stay terms, and each gets its `stay` for these dates
 * appended, rather than the page parsed and written again (writing a page of 24 homes cost more
 * than pricing it).
 */
export function withStayPrices(ctx: AppContext, rows: PageRow[], stay: DatedStay, now: Date): string {
  const today = todayByTimeZone(now);
  const priced = rows.map((row) => {
    if (row.stayTerms === null) throw new Error('a dated page row without its stay terms');
    const terms = readStayTerms(row.stayTerms);
    const price = stayOf(ctx, terms, stay, today(terms.timeZone));
    return `${row.json.slice(0, -1)},"stay":${JSON.stringify(price)}}`;
  });
  return `[${priced.join(',')}]`;
}
