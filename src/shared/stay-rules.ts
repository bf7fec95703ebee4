/**
 * A home's own stay rules (issue 11): its availability window and its shortest
 * and longest stay. The date picker and the server's hold both ask this one
 * function, so the browser greys out and explains exactly what the server refuses.
 */
import { MAX_STAY_NIGHTS } from './constants';
import { formatDayRange } from './dates';
import { STAY_TOO_LONG, dayNumber, windowCoversStay } from './stay';

export interface StayRules {
  /** The window: first check-in day and last check-out day. */
  from: string;
  to: string;
  minNights: number;
  maxNights: number;
}

export interface StayProblem {
  code: 'dates_outside_window' | 'stay_too_short' | 'stay_too_long';
  message: string;
}

const DEFAULT_MIN_NIGHTS = 1;
const DEFAULT_MAX_NIGHTS = MAX_STAY_NIGHTS;

const nightsWord = (n: number) => `${n} night${n === 1 ? '' : 's'}`;

/** Why this stay breaks the home's rules, or null when it keeps them (dates must be real and in order). */
export function stayRuleProblem(rules: StayRules, checkIn: string, checkOut: string): StayProblem | null {
  if (!windowCoversStay(rules.from, rules.to, checkIn, checkOut)) {
    return {
      code: 'dates_outside_window',
      message: `This home can be booked from ${formatDayRange(rules.from, rules.to)}`,
    };
  }
  const nights = (dayNumber(checkOut) ?? 0) - (dayNumber(checkIn) ?? 0);
  if (nights < rules.minNights) {
    return { code: 'stay_too_short', message: `This home takes stays of at least ${nightsWord(rules.minNights)}.` };
  }
  if (nights > Math.min(rules.maxNights, MAX_STAY_NIGHTS)) {
    return {
      code: 'stay_too_long',
      message:
        rules.maxNights >= MAX_STAY_NIGHTS
          ? STAY_TOO_LONG
          : `This home takes stays of at most ${nightsWord(rules.maxNights)}. Choose fewer nights.`,
    };
  }
  return null;
}

/** A new home's stay settings (the columns' defaults, migration 0009). */
export const DEFAULT_HOME_SETTINGS = {
  minNights: DEFAULT_MIN_NIGHTS,
  maxNights: DEFAULT_MAX_NIGHTS,
  checkInTime: '12:00',
  checkOutTime: '11:00',
  houseRules: '',
};
