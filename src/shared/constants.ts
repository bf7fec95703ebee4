/** Business constants from the spec (section 9) and the decisions in DESIGN.md. */
export const HOME_PAGE_HOMES = 4;
export const HOME_PAGE_EXPERIENCES = 4;
export const CHECK_IN_AFTER = '12:00 PM';
export const LUGGAGE_STORAGE_DAYS = 30;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
/** @public The spec's limit; react-hot-toast's own default is the same 20 (app-toaster.tsx). */
export const TOAST_MAX_VISIBLE = 20;
export const HOMES_PAGE_DEFAULT = 24;
export const HOMES_PAGE_MAX = 100;
export const HOLD_MINUTES = 15;
/** The longest stay one booking may have, in nights (the terms' limit). */
export const MAX_STAY_NIGHTS = 30;
