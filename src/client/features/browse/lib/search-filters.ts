/**
 * The narrowing of a search as it lives in the /searchresult URL (issue 13): guests, a price range,
 * bedrooms and an order. The URL is the only state, so a shared or reloaded link shows the same
 * results; a value the page cannot use (a typo in a hand-edited link) is read as absent instead of
 * sending the API a request it would refuse.
 */
// Types only from the schemas: a value import would put zod into the home page's JavaScript.
import type { HomesSort } from '#shared/schemas/homes';

/** The search form's guests field (the API accepts up to HOME_GUESTS_MAX; the form offers 1–16). */
export const SEARCH_GUESTS_MIN = 1;
export const SEARCH_GUESTS_MAX = 16;
/** Bedrooms choices: "Any" (absent) and 1+ .. 5+. */
export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;

export const SORT_LABELS: Record<HomesSort, string> = {
  newest: 'Newest',
  price_asc: 'Price low to high',
  price_desc: 'Price high to low',
  rating: 'Rating',
};
export const DEFAULT_SORT: HomesSort = 'newest';
/** Every order, in the select's order (the labels' record is checked complete against HomesSort). */
export const SORTS = Object.keys(SORT_LABELS) as HomesSort[];
/** The API's highest price (HOME_PRICE_MAX, equal by search-filters.test.ts), without importing zod. */
export const PRICE_MAX = 1_000_000;

export interface SearchFilters {
  guests?: number;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  /** Absent: newest (the default order). */
  sort?: HomesSort;
}

/** The filter keys in the URL, in the order they are written. */
const KEYS = ['guests', 'minPrice', 'maxPrice', 'bedrooms', 'sort'] as const;

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

export function readFilters(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort');
  const filters: SearchFilters = {
    guests: wholeNumber(params.get('guests'), SEARCH_GUESTS_MIN, SEARCH_GUESTS_MAX),
    minPrice: wholeNumber(params.get('minPrice'), 0, PRICE_MAX),
    maxPrice: wholeNumber(params.get('maxPrice'), 0, PRICE_MAX),
    bedrooms: wholeNumber(params.get('bedrooms'), 1, BEDROOM_CHOICES.at(-1)!),
    sort: sort && sort !== DEFAULT_SORT && (SORTS as string[]).includes(sort) ? (sort as HomesSort) : undefined,
  };
  // An upside-down range is refused by the API: keep the lower bound only.
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    filters.maxPrice = undefined;
  }
  return filters;
}

/**
 * The URL's parameters with `patch` applied: a key set to undefined is removed (so a cleared filter
 * leaves no trace in a shared link); the place and dates are kept as they are.
 */
export function withFilters(params: URLSearchParams, patch: Partial<SearchFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value === undefined || (key === 'sort' && value === DEFAULT_SORT)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** How many filters narrow the results: the price range (either end) and bedrooms. Order and guests are not filters here. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.bedrooms !== undefined ? 1 : 0)
  );
}

/** "Clear filters": the price range and bedrooms go; place, dates, guests and the order stay. */
export const CLEARED: Partial<SearchFilters> = { minPrice: undefined, maxPrice: undefined, bedrooms: undefined };
