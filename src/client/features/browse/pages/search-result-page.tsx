import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { plural } from '#shared/plural';
import { rememberSearchDates } from '#client/features/wishlist/lib/last-search';
import type { Home } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { PageMeta } from '#client/components/seo/page-meta';
import { HomesGrid, useHomesPages } from '../components/homes-grid';
import { placeHeading } from '../lib/place-heading';
import { EmptyState } from '../components/status';
import { formatDay } from '#shared/dates';
import { calendarDate } from '#shared/stay';
import { SEARCH_DATE_MESSAGES } from '../lib/dates';
import { activeFilterCount, CLEARED, withFilters, type SearchFilters } from '../lib/search-filters';
import { searchFromParams } from '../lib/search-filter';
import { SearchFilterBar } from '../components/search-filter-bar';
import { SearchMapPanel } from '#client/features/map/components/search-map-panel';
import { withBbox } from '#client/features/map/lib/bbox';
import { useMediaQuery, WIDE_QUERY } from '#client/features/map/lib/media';

export function Component() {
  const [params, setParams] = useSearchParams();
  const { location, datesGiven, dateProblem, stay, filters, filter, histogramQuery, bbox } = searchFromParams(
    params,
    calendarDate(new Date()),
  );
  // What the place text matched (the first page's Search-Match): a close spelling is named as found.
  // Kept while another filter of the same place loads, so the heading does not change back and forth.
  const pages = useHomesPages(filter, { keepPrevious: true });
  const latest = pages.data?.pages[0]?.match ?? null;
  // The map (issue 29): beside the list from 1024 px, behind "Map" on phones; a card and its marker light up together.
  const wide = useMediaQuery(WIDE_QUERY);
  const [mapOpen, setMapOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const navigate = useNavigate();
  const mapHomes = pages.data?.pages.flatMap((page) => page.homes) ?? [];
  // A search by place and filters fits the map to its results once they are in; a map view (bbox) is kept as it is.
  const fitKey = bbox || !pages.data || pages.isPlaceholderData ? null : JSON.stringify(filter);
  const match = latest?.query === location ? latest : null;
  const place = location ? placeHeading(location, match) : 'any place';
  const closeSpelling = match?.kind === 'close' && match.place ? match.place : null;
  const filterCount = activeFilterCount(filters);
  // A filter change replaces the history entry's URL: Back leaves the results instead of undoing one click.
  const changeFilters = (patch: Partial<SearchFilters>) =>
    setParams((current) => withFilters(current, patch), { replace: true, preventScrollReset: true });

  // The Wishlist screen says whether saved homes are free for the dates last searched.
  const checkIn = stay?.checkIn;
  const checkOut = stay?.checkOut;
  useEffect(() => {
    if (checkIn && checkOut) rememberSearchDates({ checkIn, checkOut });
  }, [checkIn, checkOut]);

  // The home's booking box starts from the search: its dates and its number of guests.
  const linkFor = (home: Home) => {
    const query = new URLSearchParams(stay ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : {});
    if (filters.guests !== undefined) query.set('guests', String(filters.guests));
    const id = encodeURIComponent(home._id);
    // toString, not .size: URLSearchParams.size is missing before Safari 17.
    const search = query.toString();
    return search ? `/details/${id}?${search}` : `/details/${id}`;
  };

  const searchArea = (view: Parameters<typeof withBbox>[1]) =>
    setParams((current) => withBbox(current, view), { replace: true, preventScrollReset: true });

  return (
    <div>
      <PageMeta
        title={TEXTS.stayIn(place)}
        description={
          location
            ? `Homes to stay in ${place} on StayHub: pictures, nightly prices, rooms and the dates they are free.`
            : 'Homes to stay in on StayHub: pictures, nightly prices, rooms and the dates they are free.'
        }
        // The place is the page, as the page names it: a close spelling's page ("Lisbn") and another
        // casing ("lisbon") are Lisbon's page; dates are one visitor's search, not another page.
        path={location ? `/searchresult?${new URLSearchParams({ location: place }).toString()}` : '/searchresult'}
      />
      <div className="relative overflow-hidden bg-sky-950">
        <img
          src="/search-hero.svg"
          alt=""
          width={1600}
          height={500}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover opacity-60"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="text-4xl font-extrabold text-white drop-shadow sm:text-5xl">{TEXTS.stayIn(place)}</h1>
          {closeSpelling && (
            <p role="status" className="mt-3 text-lg font-medium text-white">
              Showing results for {closeSpelling}{' '}
              <span className="font-normal text-sky-100">(no place matches “{location}”)</span>
            </p>
          )}
          {stay && (
            <p className="mt-3 text-lg font-medium text-white">
              {formatDay(stay.checkIn)} – {formatDay(stay.checkOut)}
            </p>
          )}
        </div>
      </div>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="mb-6">
          <SearchFilterBar filters={filters} histogramQuery={histogramQuery} onChange={changeFilters} />
        </div>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="results-heading" className="text-2xl font-bold text-gray-900">
            {stay
              ? 'Homes free for your dates'
              : bbox
                ? 'Homes in the map area'
                : location
                  ? `Homes in ${place}`
                  : 'All homes'}
            {filterCount > 0 && (
              <span className="text-lg font-semibold text-gray-700">, {plural(filterCount, 'filter')} applied</span>
            )}
          </h2>
          <button
            type="button"
            aria-expanded={mapOpen}
            aria-controls="search-map"
            onClick={() => setMapOpen((open) => !open)}
            className="rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50 lg:hidden"
          >
            {mapOpen ? 'Hide map' : 'Map'}
          </button>
        </div>
        {bbox && (
          <p className="mt-2 text-gray-700">
            Showing the homes in the map's view.{' '}
            <button type="button" onClick={() => searchArea(null)} className="font-semibold text-rose-800 underline">
              {location ? `Search all of ${place}` : 'Search everywhere'}
            </button>
          </p>
        )}
        {datesGiven && !stay && (
          <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            {dateProblem?.message ?? SEARCH_DATE_MESSAGES.departureNotAfter} These results are searched by location
            only. Pick dates again on the{' '}
            <Link to="/" className="font-semibold underline">
              home page
            </Link>
            .
          </p>
        )}
        <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div>
            <HomesGrid
              filter={filter}
              besideMap
              activeId={activeId}
              onActive={setActiveId}
              linkFor={linkFor}
              label="Search results"
              skeletons={4}
              empty={
                <EmptyState
                  title={
                    match?.kind === 'none'
                      ? `No homes found in ${place}`
                      : filterCount > 0
                        ? `No homes in ${place} match these filters`
                        : stay
                          ? `No homes in ${place} for these dates`
                          : `No homes found in ${place}`
                  }
                >
                  {match?.kind === 'none' && <p className="mb-2">No place by that name has homes on StayHub.</p>}
                  {filterCount > 0 && (
                    <p className="mb-2">
                      <button
                        type="button"
                        onClick={() => changeFilters(CLEARED)}
                        className="font-semibold text-rose-800 underline"
                      >
                        Clear filters
                      </button>{' '}
                      to see them all.
                    </p>
                  )}
                  <p>
                    Try other dates or a nearby place, or{' '}
                    <Link to="/all-home" className="font-semibold text-rose-800 underline">
                      browse all homes
                    </Link>
                    .
                  </p>
                </EmptyState>
              }
            />
          </div>
          <SearchMapPanel
            id="search-map"
            shown={wide || mapOpen}
            className={mapOpen ? 'order-first lg:order-none' : 'hidden lg:flex'}
            homes={mapHomes}
            more={Boolean(pages.hasNextPage)}
            bbox={bbox}
            fitKey={fitKey}
            searchAsMoveDefault={wide}
            activeId={activeId}
            onActive={setActiveId}
            onOpen={(home) => void navigate(linkFor(home))}
            onSearchArea={searchArea}
          />
        </div>
      </section>
    </div>
  );
}
