import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { addDays, calendarDate, dayNumber } from '#shared/stay';
import { defaultSearchDates, searchDateProblem, toCalendarDate, type SearchDateProblem } from '../lib/dates';
import { SEARCH_GUESTS_MAX, SEARCH_GUESTS_MIN } from '../lib/search-filters';
import { PlaceCombobox } from './place-combobox';

const field = 'flex flex-col gap-1 text-left';
const labelClass = 'text-sm font-semibold text-gray-900';
const inputClass =
  'w-full rounded-md border border-gray-400 bg-white px-3 py-2.5 text-gray-900 placeholder:text-gray-600 focus:border-rose-700';

const GUESTS_MESSAGE = `Guests must be a whole number from ${SEARCH_GUESTS_MIN} to ${SEARCH_GUESTS_MAX}.`;

/**
 * Location (with place suggestions), arrival (date and time), departure and guests (beyond the
 * spec, D66); submits to /searchresult with them in the URL.
 */
export function SearchForm() {
  const navigate = useNavigate();
  const id = useId();
  const [initial] = useState(() => defaultSearchDates(new Date()));
  const [location, setLocation] = useState('');
  const [arrivalDate, setArrivalDate] = useState(initial.arrivalDate);
  const [departureDate, setDepartureDate] = useState(initial.departureDate);
  const [guests, setGuests] = useState(String(SEARCH_GUESTS_MIN));
  const [guestsError, setGuestsError] = useState<string | null>(null);
  const [dateProblem, setDateProblem] = useState<SearchDateProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Null while the arrival is still being typed (e.g. the year "0002"): nothing below may throw on it.
  const arrivalDay = toCalendarDate(arrivalDate);
  const minDeparture = arrivalDay ? addDays(arrivalDay, 1) : undefined;

  function onArrivalChange(value: string) {
    setArrivalDate(value);
    setDateProblem(null);
    const day = toCalendarDate(value);
    // Keep the departure after the arrival, once the arrival is a whole date: move it to the next day when it would not be.
    if (day && (dayNumber(departureDate) ?? -Infinity) <= (dayNumber(day) ?? 0)) setDepartureDate(addDays(day, 1));
  }

  // The form is server-rendered: what someone typed before React hydrated it is in the inputs
  // but not in the state (hydration keeps the typed text). Take it over once, as if just typed.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = (name: string) => {
      const input = form.elements.namedItem(name);
      return input instanceof HTMLInputElement && input.value !== '' ? input.value : null;
    };
    const place = typed('location');
    if (place !== null && place !== location) setLocation(place);
    const arrival = typed('arrivalDate');
    if (arrival !== null && arrival !== arrivalDate) onArrivalChange(arrival);
    const departure = typed('departureDate');
    if (departure !== null && departure !== departureDate) setDepartureDate(departure);
    const guestCount = typed('guests');
    if (guestCount !== null && guestCount !== guests) setGuests(guestCount);
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const place = location.trim();
    const problem = searchDateProblem(arrivalDate, departureDate, calendarDate(new Date()));
    setDateProblem(problem);
    const guestCount = /^\d+$/.test(guests.trim()) ? Number(guests) : NaN;
    const guestsOk = guestCount >= SEARCH_GUESTS_MIN && guestCount <= SEARCH_GUESTS_MAX;
    setGuestsError(guestsOk ? null : GUESTS_MESSAGE);
    if (problem) {
      document.getElementById(`${id}-${problem.field}`)?.focus();
      return;
    }
    if (!guestsOk) {
      document.getElementById(`${id}-guests`)?.focus();
      return;
    }
    // Without a place the dates are searched everywhere ("Stay in any place"): spec §2 asks for none.
    const params = new URLSearchParams({
      ...(place ? { location: place } : {}),
      arrivalDate,
      departureDate,
      guests: String(guestCount),
    });
    void navigate(`/searchresult?${params.toString()}`);
  }

  return (
    <form
      ref={formRef}
      // Before hydration (or without JavaScript) the browser submits it to the results page itself.
      action="/searchresult"
      method="get"
      role="search"
      aria-label="Search homes"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-lg sm:p-6 md:grid-cols-[1.4fr_1.2fr_1fr_0.6fr_auto] md:items-end"
    >
      <div className={field}>
        <label htmlFor={`${id}-location`} className={labelClass}>
          Location
        </label>
        <PlaceCombobox id={`${id}-location`} value={location} onChange={setLocation} className={inputClass} />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-arrival`} className={labelClass}>
          Arrival
        </label>
        <input
          id={`${id}-arrival`}
          name="arrivalDate"
          type="datetime-local"
          required
          value={arrivalDate}
          onChange={(e) => onArrivalChange(e.target.value)}
          aria-invalid={dateProblem?.field === 'arrival' ? true : undefined}
          aria-describedby={dateProblem?.field === 'arrival' ? `${id}-date-error` : undefined}
          className={inputClass}
        />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-departure`} className={labelClass}>
          Departure
        </label>
        <input
          id={`${id}-departure`}
          name="departureDate"
          type="date"
          required
          min={minDeparture}
          value={departureDate}
          onChange={(e) => {
            setDepartureDate(e.target.value);
            setDateProblem(null);
          }}
          aria-invalid={dateProblem?.field === 'departure' ? true : undefined}
          aria-describedby={dateProblem?.field === 'departure' ? `${id}-date-error` : undefined}
          className={inputClass}
        />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-guests`} className={labelClass}>
          Guests
        </label>
        <input
          id={`${id}-guests`}
          name="guests"
          type="number"
          inputMode="numeric"
          required
          min={SEARCH_GUESTS_MIN}
          max={SEARCH_GUESTS_MAX}
          step={1}
          value={guests}
          onChange={(e) => {
            setGuests(e.target.value);
            setGuestsError(null);
          }}
          aria-invalid={guestsError ? true : undefined}
          aria-describedby={guestsError ? `${id}-guests-error` : undefined}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        className="rounded-md bg-rose-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-rose-800"
      >
        Search
      </button>
      {guestsError && (
        <p id={`${id}-guests-error`} role="alert" className="text-sm font-medium text-red-700 md:col-span-5">
          {guestsError}
        </p>
      )}
      {dateProblem && (
        <p id={`${id}-date-error`} role="alert" className="text-sm font-medium text-red-700 md:col-span-5">
          {dateProblem.message}
        </p>
      )}
    </form>
  );
}
