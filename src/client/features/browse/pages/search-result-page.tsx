import { useEffect } from 'react';
import { useSearchParams, Link } from 'react-router';
import { rememberSearchDates } from '#client/features/wishlist/lib/last-search';
import type { Home } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '#client/components/page-title';
import type { HomesFilter } from '#client/lib/api';
import { HomesGrid } from '../components/homes-grid';
import { EmptyState } from '../components/status';
import { formatDay } from '#shared/dates';
import { calendarDate } from '#shared/stay';
import { SEARCH_DATE_MESSAGES, searchDateProblem, searchStay } from '../lib/dates';

export function Component() {
  const [params] = useSearchParams();
  const location = (params.get('location') ?? '').trim();
  const arrival = params.get('arrivalDate');
  const departure = params.get('departureDate');
  const datesGiven = Boolean(arrival || departure);
  // Dates that cannot be searched (past, unreadable, out of order) are said why, and the search uses the place only.
  const dateProblem = datesGiven ? searchDateProblem(arrival, departure, calendarDate(new Date())) : null;
  const stay = dateProblem ? null : searchStay(arrival, departure);
  const place = location || 'any place';

  const filter: HomesFilter = {
    ...(location ? { location } : {}),
    ...(stay ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : {}),
  };

  // The Wishlist screen says whether saved homes are free for the dates last searched.
  const checkIn = stay?.checkIn;
  const checkOut = stay?.checkOut;
  useEffect(() => {
    if (checkIn && checkOut) rememberSearchDates({ checkIn, checkOut });
  }, [checkIn, checkOut]);

  const linkFor = (home: Home) => {
    const id = encodeURIComponent(home._id);
    if (!stay) return `/details/${id}`;
    return `/details/${id}?${new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut }).toString()}`;
  };

  return (
    <div>
      <PageTitle title={TEXTS.stayIn(place)} />
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
          {stay && (
            <p className="mt-3 text-lg font-medium text-white">
              {formatDay(stay.checkIn)} – {formatDay(stay.checkOut)}
            </p>
          )}
        </div>
      </div>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id="results-heading" className="text-2xl font-bold text-gray-900">
          {stay ? 'Homes free for your dates' : location ? `Homes in ${location}` : 'All homes'}
        </h2>
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
        <div className="mt-6">
          <HomesGrid
            filter={filter}
            linkFor={linkFor}
            label="Search results"
            skeletons={4}
            empty={
              <EmptyState title={stay ? `No homes in ${place} are free for these dates` : `No homes found in ${place}`}>
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
      </section>
    </div>
  );
}
