import type { HomesFilter } from '#client/lib/api';
import { searchDateProblem, searchStay } from './dates';
import { readFilters } from './search-filters';
import { bboxFromUrl } from '#client/features/map/lib/bbox';

/**
 * What /searchresult searches for, read from its URL: the place, the dates and the narrowing
 * (guests, price range, bedrooms, order). One function for the page and its loader, so the server
 * prefetches exactly the query (same key) the page then reads.
 */
export function searchFromParams(params: URLSearchParams, today: string) {
  const location = (params.get('location') ?? '').trim();
  const arrival = params.get('arrivalDate');
  const departure = params.get('departureDate');
  const datesGiven = Boolean(arrival || departure);
  // Dates that cannot be searched (past, unreadable, out of order) are said why, and the search uses the place only.
  const dateProblem = datesGiven ? searchDateProblem(arrival, departure, today) : null;
  const stay = dateProblem ? null : searchStay(arrival, departure);
  const filters = readFilters(params);
  // A map view replaces the place (the API ignores it beside a box); the place stays the page's label.
  const bbox = bboxFromUrl(params.get('bbox'));
  const narrowing = {
    ...(location && !bbox ? { location } : {}),
    ...(stay ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : {}),
    ...(filters.guests !== undefined ? { guests: filters.guests } : {}),
  };
  const filter: HomesFilter = {
    ...narrowing,
    ...(filters.minPrice !== undefined ? { minPrice: filters.minPrice } : {}),
    ...(filters.maxPrice !== undefined ? { maxPrice: filters.maxPrice } : {}),
    ...(filters.bedrooms !== undefined ? { bedrooms: filters.bedrooms } : {}),
    ...(filters.sort !== undefined ? { sort: filters.sort } : {}),
    ...(bbox ? { bbox: [bbox.west, bbox.south, bbox.east, bbox.north].join(',') } : {}),
  };
  // The price slider is drawn over every price the other filters allow (never narrowed by its own range).
  const histogramQuery = {
    ...narrowing,
    ...(filters.bedrooms !== undefined ? { bedrooms: filters.bedrooms } : {}),
  };
  return { location, datesGiven, dateProblem, stay, filters, filter, histogramQuery, bbox };
}
