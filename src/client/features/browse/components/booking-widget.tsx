/**
 * The booking box of /details/:id: check-in, check-out and guests (mirrored into the
 * URL) and a month calendar to pick them that greys out taken nights (StayPicker),
 * the stay's price or why it cannot be booked, and Reserve (to /chackout).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '#shared/dates';
import { formatAmount, amountToCents } from '#shared/money';
import { unavailableDatesSchema, type PriceBreakdown } from '#shared/schemas/bookings';
import type { Home } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { homeToday } from '#shared/time-zones';
import { VerifyEmailNotice } from '#client/features/auth/components/verify-email-notice';
import { PriceBreakdownList } from '#client/components/pricing/price-breakdown';
import { errorText } from '#client/components/ui/status';
import { apiRequest } from '#client/lib/api';
import { fetchStayQuote, quoteKeys } from '#client/lib/pricing-api';
import { useSession } from '#client/lib/session';
import { sameEmail } from '#shared/emails';
import { initialStay, searchStay } from '../lib/dates';
import { quoteStay } from '../lib/quote';
import { StayPicker } from './stay-picker';

const inputClass = 'w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-rose-700';

function initialGuests(value: string | null, max: number): string {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? String(n) : '1';
}

/** Nights of this home already held, booked or blocked, as half-open ranges [from, to); `own` marks the viewer's reservation in progress. */
function useTakenRanges(homeId: string, viewerId: string | null) {
  const query = useQuery({
    queryKey: ['homes', 'unavailable', homeId, viewerId],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/home/${encodeURIComponent(homeId)}/unavailable`, unavailableDatesSchema, { signal })).data
        .ranges,
  });
  return query.data ?? [];
}

const bar = 'rounded bg-gray-200';

/**
 * The booking box's place while the home loads: the same box, heading, three
 * fields, total and Reserve rows, so nothing moves when the real box arrives.
 */
export function BookingWidgetPlaceholder() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-gray-200 p-6 shadow-lg lg:sticky lg:top-24">
      <div className="flex h-8 items-center">
        <div className={`${bar} h-7 w-40`} />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {['in', 'out', 'guests'].map((field) => (
          <div key={field} className={`flex flex-col gap-1 ${field === 'guests' ? 'col-span-2' : ''}`}>
            <div className={`${bar} my-0.5 h-4 w-16`} />
            <div className="h-[42px] rounded-md border border-gray-200 bg-gray-50" />
          </div>
        ))}
      </div>
      {/* The price lines: nights, VAT, then the total. */}
      <div className="mt-4 space-y-2">
        <div className={`${bar} my-0.5 h-5 w-full`} />
        <div className={`${bar} my-0.5 h-5 w-full`} />
        <div className="border-t border-transparent pt-2">
          <div className={`${bar} h-7 w-full`} />
        </div>
      </div>
      <div className="mt-4 h-12 w-full rounded-md bg-gray-200" />
      <div className={`${bar} mx-auto mt-3 h-4 w-40`} />
    </div>
  );
}

/** The stay's price as the server works it out (fees and tax included); the browser never computes it. */
function ServerPrice({
  home,
  nights,
  checkIn,
  checkOut,
  guests,
}: {
  home: Home;
  nights: number;
  checkIn: string;
  checkOut: string;
  guests: number;
}) {
  const homeId = home._id;
  const price = useQuery({
    queryKey: quoteKeys.stay(homeId, checkIn, checkOut, guests),
    queryFn: ({ signal }) => fetchStayQuote(homeId, checkIn, checkOut, guests, signal),
    placeholderData: keepPreviousData,
  });
  if (price.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
        The price could not be loaded: {errorText(price.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void price.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!price.data) {
    // The lines the answer will have (service fee aside), invisible: nothing below moves when it arrives.
    const nightlyCents = amountToCents(home.price);
    const cleaningFeeCents = amountToCents(home.cleaningFee);
    const shape: PriceBreakdown = {
      nights,
      nightlyCents,
      nightly: [],
      subtotalCents: nights * nightlyCents,
      discounts: [],
      guests,
      extraGuests: 0,
      extraGuestFeeCents: 0,
      cleaningFeeCents,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 0,
      depositCents: 0,
    };
    return (
      <div className="relative">
        <p role="status" className="absolute inset-x-0 top-0 text-gray-700">
          Working out the price…
        </p>
        <div aria-hidden="true" className="invisible">
          <PriceBreakdownList breakdown={shape} />
        </div>
      </div>
    );
  }
  return (
    <div aria-busy={price.isPlaceholderData || undefined} className={price.isPlaceholderData ? 'opacity-60' : ''}>
      <PriceBreakdownList breakdown={price.data.breakdown} totalTestId="widget-total" />
    </div>
  );
}

/** The booking box of a home's page: dates, guests, the price of the stay and Reserve. */
export function BookingWidget({ home }: { home: Home }) {
  const id = useId();
  const { user } = useSession();
  const ranges = useTakenRanges(home._id, user?.id ?? null);
  // The viewer's own hold is not "already booked": reserving again replaces it.
  const taken = ranges.filter((r) => !r.own);
  const mine = ranges.filter((r) => r.own);
  const unverified = user?.emailVerified === false;
  const ownHome = user !== null && user !== undefined && sameEmail(user.email, home.email);
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
      homeToday(new Date(), home.timeZone),
    ),
  );
  // The home's today (ADR 0035): the server refuses a check-in day that is already over there.
  const [today] = useState(() => homeToday(new Date(), home.timeZone));
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
  const nightly = formatAmount(home.price);

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
      <StayPicker
        rules={{ from: home.from, to: home.to, minNights: home.minNights, maxNights: home.maxNights }}
        taken={taken}
        today={today}
        checkIn={checkIn}
        checkOut={checkOut}
        onChange={(nextIn, nextOut) => update({ checkIn: nextIn, checkOut: nextOut, guests: guestsText })}
      />

      <div aria-live="polite" className="mt-4">
        {quote.problem && (
          <p id={`${id}-problem`} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {quote.problem}
          </p>
        )}
        {!quote.problem && quote.price && (
          <ServerPrice home={home} nights={quote.price.nights} checkIn={checkIn} checkOut={checkOut} guests={guests} />
        )}
      </div>

      {ownHome ? (
        // The server refuses a host's booking of their own home (403): offer what they can do instead.
        <p className="mt-4 rounded-md bg-gray-100 p-3 text-sm text-gray-900">
          This is your home, so you cannot reserve it.{' '}
          <Link
            to={`/dashboard/calendar/${encodeURIComponent(home._id)}`}
            className="font-semibold text-rose-800 underline"
          >
            Open its calendar
          </Link>
        </p>
      ) : unverified ? (
        <div className="mt-4">
          <VerifyEmailNotice email={user.email} />
        </div>
      ) : quote.problem ? (
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
      {mine.length > 0 && (
        <div className="mt-4 border-t border-gray-200 pt-3">
          <h3 className="text-sm font-semibold text-gray-900">Your reservation in progress</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-gray-700">
            {mine.map((r) => (
              <li key={`${r.from}|${r.to}`}>
                {formatDay(r.from)} – {formatDay(r.to)}{' '}
                <span className="text-gray-700">(reserving other dates replaces it)</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
