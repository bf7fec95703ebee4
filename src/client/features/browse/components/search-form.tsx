import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { addDays, calendarDate, dayNumber } from '#shared/stay';
import { defaultSearchDates, searchDateProblem, toCalendarDate, type SearchDateProblem } from '../lib/dates';

const field = 'flex flex-col gap-1 text-left';
const labelClass = 'text-sm font-semibold text-gray-900';
const inputClass =
  'w-full rounded-md border border-gray-400 bg-white px-3 py-2.5 text-gray-900 placeholder:text-gray-600 focus:border-rose-700';

/** Location, arrival (date and time) and departure; submits to /searchresult with them in the URL. */
export function SearchForm() {
  const navigate = useNavigate();
  const id = useId();
  const [initial] = useState(() => defaultSearchDates(new Date()));
  const [location, setLocation] = useState('');
  const [arrivalDate, setArrivalDate] = useState(initial.arrivalDate);
  const [departureDate, setDepartureDate] = useState(initial.departureDate);
  const [error, setError] = useState<string | null>(null);
  const [dateProblem, setDateProblem] = useState<SearchDateProblem | null>(null);

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const place = location.trim();
    const problem = searchDateProblem(arrivalDate, departureDate, calendarDate(new Date()));
    setError(place ? null : 'Enter where you want to go.');
    setDateProblem(problem);
    if (!place) {
      document.getElementById(`${id}-location`)?.focus();
      return;
    }
    if (problem) {
      document.getElementById(`${id}-${problem.field}`)?.focus();
      return;
    }
    const params = new URLSearchParams({ location: place, arrivalDate, departureDate });
    navigate(`/searchresult?${params.toString()}`);
  }

  return (
    <form
      role="search"
      aria-label="Search homes"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-lg sm:p-6 md:grid-cols-[1.4fr_1.2fr_1fr_auto] md:items-end"
    >
      <div className={field}>
        <label htmlFor={`${id}-location`} className={labelClass}>
          Location
        </label>
        <input
          id={`${id}-location`}
          name="location"
          type="text"
          required
          autoComplete="off"
          placeholder="Where are you going?"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
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
      <button
        type="submit"
        className="rounded-md bg-rose-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-rose-800"
      >
        Search
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 md:col-span-4">
          {error}
        </p>
      )}
      {dateProblem && (
        <p id={`${id}-date-error`} role="alert" className="text-sm font-medium text-red-700 md:col-span-4">
          {dateProblem.message}
        </p>
      )}
    </form>
  );
}
