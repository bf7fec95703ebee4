/**
 * The checkout's step and note to the host, kept in this tab's sessionStorage per stay, so a reload
 * (or the browser's Back and Forward) opens the checkout where the guest was, with what they typed.
 * Cleared once the booking is made; sessionStorage ends with the tab.
 */
import { INITIAL_STEP, LAST_STEP, type CheckoutStay, type StepIndex } from './steps';

export interface CheckoutDraft {
  step: StepIndex;
  message: string;
}

const EMPTY: CheckoutDraft = { step: INITIAL_STEP, message: '' };

export const checkoutDraftKey = (stay: CheckoutStay) =>
  `stayhub.checkout:${stay.homeId}|${stay.checkIn}|${stay.checkOut}|${stay.guests}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings): the checkout then simply starts over on a reload.
    return null;
  }
}

export function readCheckoutDraft(key: string): CheckoutDraft {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as Partial<CheckoutDraft>;
    const step = Number.isInteger(value.step) && value.step! >= INITIAL_STEP && value.step! <= LAST_STEP;
    return {
      step: step ? (value.step as StepIndex) : INITIAL_STEP,
      message: typeof value.message === 'string' ? value.message : '',
    };
  } catch {
    return EMPTY;
  }
}

export function writeCheckoutDraft(key: string, draft: CheckoutDraft): void {
  try {
    if (draft.step === INITIAL_STEP && draft.message === '') storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or switched off: nothing is lost but the convenience.
  }
}

export function clearCheckoutDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // As above.
  }
}
