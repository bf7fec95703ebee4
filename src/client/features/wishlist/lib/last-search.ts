/**
 * The dates of the last search, kept in this browser (localStorage) so the Wishlist screen can ask the
 * server whether each saved home is free for them.
 */
const KEY = 'stayhub-last-search';
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export interface SearchDates {
  checkIn: string;
  checkOut: string;
}

export function rememberSearchDates(dates: SearchDates): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(dates));
  } catch {
    // storage may be unavailable (private mode): the wishlist then shows prices only
  }
}

export function lastSearchDates(): SearchDates | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<SearchDates> | null;
    if (value && typeof value.checkIn === 'string' && typeof value.checkOut === 'string') {
      if (ISO.test(value.checkIn) && ISO.test(value.checkOut) && value.checkIn < value.checkOut) {
        return { checkIn: value.checkIn, checkOut: value.checkOut };
      }
    }
  } catch {
    // unreadable: as if nothing was searched
  }
  return null;
}
