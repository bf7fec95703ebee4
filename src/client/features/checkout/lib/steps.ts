/**
 * The checkout's steps and the stay it is for. The stay travels in the URL
 * (`/chackout?homeId=..&checkIn=..&checkOut=..&guests=..`) so a reload or a shared
 * link opens the same checkout.
 *
 * Spec deviation (recorded): the seed app opened the tab group on the tab with
 * index 1 while its step state was 0; StayHub opens on the first tab, step 0.
 */
import { formatDayRange } from '#shared/dates';
import { amountToCents } from '#shared/money';
import { plural } from '#shared/plural';
import type { Home } from '#shared/schemas/homes';
import {
  STAY_TOO_LONG,
  dayNumber,
  isIsoDate,
  isStayTooLong,
  priceStay,
  windowCoversStay,
  type StayPrice,
} from '#shared/stay';

export const CHECKOUT_STEPS = [
  { value: 'rules', label: '1 Review house rules' },
  { value: 'guests', label: '2 Who is coming?' },
  { value: 'pay', label: '3 Confirm and pay' },
] as const;

export type StepIndex = 0 | 1 | 2;
export type StepValue = (typeof CHECKOUT_STEPS)[number]['value'];

/** The tab the checkout opens on. */
export const INITIAL_STEP: StepIndex = 0;
export const LAST_STEP: StepIndex = 2;

/** Agree and continue (0 -> 1), Continue (1 -> 2); the last step stays. */
export function nextStep(step: StepIndex): StepIndex {
  return step >= LAST_STEP ? LAST_STEP : ((step + 1) as StepIndex);
}

export function stepValue(step: StepIndex): StepValue {
  return CHECKOUT_STEPS[step].value;
}

/** The step of a tab value (a tab was clicked); unknown values keep `fallback`. */
export function stepOfValue(value: string, fallback: StepIndex = INITIAL_STEP): StepIndex {
  const index = CHECKOUT_STEPS.findIndex((s) => s.value === value);
  return index < 0 ? fallback : (index as StepIndex);
}

/** Pay is enabled only once the payment secret has arrived, and not while a payment runs. */
export function canPay(state: { clientSecret: string | null | undefined; paying: boolean }): boolean {
  return Boolean(state.clientSecret) && !state.paying;
}

export interface CheckoutStay {
  homeId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
}

export type StayQuery = { ok: true; stay: CheckoutStay } | { ok: false; problem: string };

/** Reads the stay from the checkout URL; missing guests means 1. */
export function parseCheckoutQuery(params: URLSearchParams): StayQuery {
  const homeId = (params.get('homeId') ?? '').trim();
  if (!homeId || homeId.length > 100) return { ok: false, problem: 'No home was chosen for this checkout.' };
  const checkIn = (params.get('checkIn') ?? '').trim();
  const checkOut = (params.get('checkOut') ?? '').trim();
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) {
    return { ok: false, problem: 'The check-in and check-out dates of this checkout are missing or not valid.' };
  }
  if ((dayNumber(checkOut) ?? 0) <= (dayNumber(checkIn) ?? 0)) {
    return { ok: false, problem: 'The check-out date must be after the check-in date.' };
  }
  const guestsText = (params.get('guests') ?? '').trim();
  const guests = guestsText === '' ? 1 : Number(guestsText);
  if (!Number.isInteger(guests) || guests < 1 || guests > 50) {
    return { ok: false, problem: 'The number of guests must be a whole number from 1.' };
  }
  return { ok: true, stay: { homeId, checkIn, checkOut, guests } };
}

/** The price of the stay at this home, or why this home cannot take it. */
export function quoteCheckout(
  home: Pick<Home, 'price' | 'from' | 'to' | 'total_guest'>,
  stay: CheckoutStay,
): { ok: true; price: StayPrice } | { ok: false; problem: string } {
  if (!windowCoversStay(home.from, home.to, stay.checkIn, stay.checkOut)) {
    return {
      ok: false,
      problem: `This home can be booked from ${formatDayRange(home.from, home.to)}. Choose dates inside that window.`,
    };
  }
  if (stay.guests > home.total_guest) {
    return {
      ok: false,
      problem: `This home welcomes at most ${plural(home.total_guest, 'guest')}.`,
    };
  }
  const price = priceStay(amountToCents(home.price), stay.checkIn, stay.checkOut);
  if (isStayTooLong(price.nights)) return { ok: false, problem: STAY_TOO_LONG };
  return { ok: true, price };
}

/** The details page of the home, keeping the chosen stay (the way back from a refused checkout). */
export function detailsHref(stay: Pick<CheckoutStay, 'homeId'> & Partial<CheckoutStay>): string {
  const path = `/details/${encodeURIComponent(stay.homeId)}`;
  if (!stay.checkIn || !stay.checkOut) return path;
  const params = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  if (stay.guests) params.set('guests', String(stay.guests));
  return `${path}?${params.toString()}`;
}
