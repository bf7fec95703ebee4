import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Home } from '#shared/schemas/homes';
import { unavailableDatesSchema } from '#shared/schemas/bookings';
import { formatCents } from '#shared/money';
import { FULL_IMAGE_HEIGHT, FULL_IMAGE_WIDTH, cardImage } from '#shared/images';
import { calendarDate } from '#shared/stay';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '#client/components/page-title';
import { apiRequest, fetchHome, homeKeys, isApiError } from '#client/lib/api';
import { ErrorPanel, errorText, LoadingState } from '#client/components/ui/status';
import { formatDay, initialStay, priceToCents, searchStay } from '../lib/dates';
import { quoteStay } from '../lib/quote';

const inputClass = 'w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-rose-700';

function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageTitle title="Home not found" />
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Home not found</h1>
      <p className="mt-3 text-gray-700">This home does not exist or is no longer listed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800">
          Home
        </Link>
        <Link
          to="/all-home"
          className="rounded-md border border-gray-300 px-5 py-3 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Browse all homes
        </Link>
      </div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-gray-50 p-3">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

function initialGuests(value: string | null, max: number): string {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? String(n) : '1';
}

/** Stays of this home already held or booked, as half-open ranges [from, to). */
function useTakenRanges(homeId: string) {
  const query = useQuery({
    queryKey: ['homes', 'unavailable', homeId],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/home/${encodeURIComponent(homeId)}/unavailable`, unavailableDatesSchema, { signal })).data
        .ranges,
  });
  return query.data ?? [];
}

function Booking({ home }: { home: Home }) {
  const id = useId();
  const taken = useTakenRanges(home._id);
  const [params, setParams] = useSearchParams();
  // The first stay shown: the URL's checkIn/checkOut, else the search's dates, when they
  // fit the home's window; else the window's first night. Edits are mirrored into the URL
  // (replace, not push), so a reload or a shared link keeps them.
  const [stay, setStay] = useState(() =>
    initialStay(
      home,
      [
        { checkIn: params.get('checkIn') ?? undefined, checkOut: params.get('checkOut') ?? undefined },
        searchStay(params.get('arrivalDate'), params.get('departureDate')),
      ],
      calendarDate(new Date()),
    ),
  );
  const [guestsText, setGuestsText] = useState(() => initialGuests(params.get('guests'), home.total_guest));
  const { checkIn, checkOut } = stay;
  const guests = guestsText.trim() === '' ? 0 : Number(guestsText);

  function update(next: { checkIn: string; checkOut: string; guests: string }) {
    setStay({ checkIn: next.checkIn, checkOut: next.checkOut });
    setGuestsText(next.guests);
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        url.set('checkIn', next.checkIn);
        url.set('checkOut', next.checkOut);
        url.set('guests', next.guests);
        return url;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const quoted = quoteStay(home, checkIn, checkOut, guests);
  // ISO dates compare as strings; a stay's check-out day is free again as a check-in.
  const clash = taken.some((r) => checkIn < r.to && r.from < checkOut);
  const quote =
    !quoted.problem && clash
      ? { ...quoted, problem: 'Some of these dates are already booked. Choose other dates.' }
      : quoted;
  const reserveHref = `/chackout?${new URLSearchParams({ homeId: home._id, checkIn, checkOut, guests: String(guests) }).toString()}`;
  const nightly = formatCents(priceToCents(home.price));

  return (
    <aside
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-gray-200 p-6 shadow-lg lg:sticky lg:top-24"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-gray-900">
        <span className="text-2xl font-bold">{nightly}</span> <span className="font-normal text-gray-700">/ night</span>
      </h2>
      <form className="mt-4 grid grid-cols-2 gap-3" onSubmit={(e) => e.preventDefault()}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-in`} className="text-sm font-semibold text-gray-900">
            Check-in
          </label>
          <input
            id={`${id}-in`}
            type="date"
            value={checkIn}
            min={home.from}
            max={home.to}
            onChange={(e) => update({ checkIn: e.target.value, checkOut, guests: guestsText })}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-out`} className="text-sm font-semibold text-gray-900">
            Check-out
          </label>
          <input
            id={`${id}-out`}
            type="date"
            value={checkOut}
            min={home.from}
            max={home.to}
            onChange={(e) => update({ checkIn, checkOut: e.target.value, guests: guestsText })}
            className={inputClass}
          />
        </div>
        <div className="col-span-2 flex flex-col gap-1">
          <label htmlFor={`${id}-guests`} className="text-sm font-semibold text-gray-900">
            Guests
          </label>
          <input
            id={`${id}-guests`}
            type="number"
            inputMode="numeric"
            min={1}
            max={home.total_guest}
            step={1}
            value={guestsText}
            onChange={(e) => update({ checkIn, checkOut, guests: e.target.value })}
            className={inputClass}
          />
        </div>
      </form>

      <div aria-live="polite" className="mt-4">
        {quote.problem && (
          <p id={`${id}-problem`} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {quote.problem}
          </p>
        )}
        {quote.price && !quote.problem && (
          <dl className="space-y-2 text-gray-900">
            <div className="flex justify-between">
              <dt>
                {nightly} × {quote.price.nights} {quote.price.nights === 1 ? 'night' : 'nights'}
              </dt>
              <dd>{formatCents(quote.price.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between border-t border-gray-200 pt-2 text-lg font-bold">
              <dt>Total</dt>
              <dd>{formatCents(quote.price.totalCents)}</dd>
            </div>
          </dl>
        )}
      </div>

      {quote.problem ? (
        <button
          type="button"
          disabled
          aria-describedby={`${id}-problem`}
          className="mt-4 w-full rounded-md bg-gray-300 px-5 py-3 font-semibold text-gray-800"
        >
          {TEXTS.reserve}
        </button>
      ) : (
        <Link
          to={reserveHref}
          className="mt-4 block w-full rounded-md bg-rose-700 px-5 py-3 text-center font-semibold text-white hover:bg-rose-800"
        >
          {TEXTS.reserve}
        </Link>
      )}
      <p className="mt-3 text-center text-sm text-gray-700">{TEXTS.notChargedYet}</p>
      {taken.length > 0 && (
        <div className="mt-4 border-t border-gray-200 pt-3">
          <h3 className="text-sm font-semibold text-gray-900">
            Already booked <span className="font-normal text-gray-700">(each check-out day is free)</span>
          </h3>
          <ul className="mt-1 space-y-0.5 text-sm text-gray-700">
            {taken.map((r) => (
              <li key={`${r.from}|${r.to}`}>
                {formatDay(r.from)} – {formatDay(r.to)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}

function HomeDetails({ home }: { home: Home }) {
  const [first = home.image, second] = home.images;
  const secondImage = second ?? first;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle title={home.title} />
      <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{home.title}</h1>
      <p className="mt-2 text-lg font-medium text-rose-800">{home.location}</p>

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <img
          src={first}
          alt={`${home.title}, main picture`}
          width={FULL_IMAGE_WIDTH}
          height={FULL_IMAGE_HEIGHT}
          fetchPriority="high"
          decoding="async"
          className="aspect-[4/3] w-full rounded-xl bg-gray-100 object-cover"
        />
        <img
          src={second ? secondImage : cardImage(secondImage)}
          alt={`${home.title}, second picture`}
          width={FULL_IMAGE_WIDTH}
          height={FULL_IMAGE_HEIGHT}
          decoding="async"
          className="aspect-[4/3] w-full rounded-xl bg-gray-100 object-cover"
        />
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_380px]">
        <div>
          <p className="text-gray-700">
            Hosted by{' '}
            <a className="font-semibold text-gray-900 underline" href={`mailto:${home.email}`}>
              {home.email}
            </a>
          </p>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Fact label="Max guests" value={home.total_guest} />
            <Fact label="Bedrooms" value={home.bedrooms} />
            <Fact label="Bathrooms" value={home.bathrooms} />
            <Fact label="Price per night" value={formatCents(priceToCents(home.price))} />
            <Fact label="Available from" value={formatDay(home.from)} />
            <Fact label="Available to" value={formatDay(home.to)} />
          </dl>
          <h2 className="mt-8 text-xl font-semibold text-gray-900">About this home</h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-gray-800">{home.description}</p>
        </div>
        <Booking home={home} />
      </div>
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: homeKeys.detail(id),
    queryFn: ({ signal }) => fetchHome(id, signal),
    enabled: id.length > 0,
  });

  if (!id) return <NotFound />;
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <PageTitle title={TEXTS.loading} />
        <LoadingState />
      </div>
    );
  }
  if (query.isError) {
    // 404 unknown id; 400 an id the server cannot even read: both are "not found" to a visitor.
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) return <NotFound />;
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <PageTitle title="Home" />
        <h1 className="sr-only">Home details</h1>
        <ErrorPanel centered message={errorText(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <HomeDetails home={query.data} />;
}
