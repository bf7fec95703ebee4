/* ---------- The limits a home's fields are checked against (search and writes), re-exported by homes.ts ---------- */

export const HOME_TEXT_MAX = 120;
export const HOME_DESCRIPTION_MAX = 5000;
export const HOME_GUESTS_MAX = 50;
export const HOME_ROOMS_MAX = 50;
export const HOME_IMAGES_MAX = 10;
/** Highest nightly price; keeps the stored cents well inside a 32-bit integer. */
export const HOME_PRICE_MAX = 1_000_000;
