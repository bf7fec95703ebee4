import type { Home } from '#shared/schemas/homes';
import {
  InvalidStayError,
  STAY_TOO_LONG,
  isIsoDate,
  isStayTooLong,
  priceStay,
  windowCoversStay,
  type StayPrice,
} from '#shared/stay';
import { formatDay } from '#shared/dates';
import { stayRuleProblem } from '#shared/stay-rules';
import { amountToCents } from '#shared/money';
import { plural } from '#shared/plural';

export interface Quote {
  price: StayPrice | null;
  problem: string | null;
}

/** The total of the chosen stay, or why it cannot be booked. */
export function quoteStay(home: Home, checkIn: string, checkOut: string, guests: number): Quote {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut))
    return { price: null, problem: 'Choose a check-in and a check-out date.' };
  let price: StayPrice;
  try {
    price = priceStay(amountToCents(home.price), checkIn, checkOut);
  } catch (error) {
    if (error instanceof InvalidStayError || error instanceof RangeError)
      return { price: null, problem: error.message + '.' };
    throw error;
  }
  if (isStayTooLong(price.nights)) return { price, problem: STAY_TOO_LONG };
  if (!windowCoversStay(home.from, home.to, checkIn, checkOut)) {
    return {
      price,
      problem: `This home is available from ${formatDay(home.from)} to ${formatDay(home.to)}. Choose dates inside that window.`,
    };
  }
  // The home's own shortest and longest stay (the server refuses the same, issue 11).
  const rules = { from: home.from, to: home.to, minNights: home.minNights, maxNights: home.maxNights };
  const problem = stayRuleProblem(rules, checkIn, checkOut);
  if (problem && problem.code !== 'dates_outside_window') return { price, problem: problem.message };
  if (!Number.isInteger(guests) || guests < 1) return { price, problem: 'Choose at least 1 guest.' };
  if (guests > home.total_guest)
    return { price, problem: `This home takes at most ${plural(home.total_guest, 'guest')}.` };
  return { price, problem: null };
}
