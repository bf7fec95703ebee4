/**
 * The details page's date-range picker: a month grid where taken nights and
 * nights outside the home's window are greyed out, and only stays that keep the
 * home's rules (window, minimum and maximum nights, no taken night inside) can
 * be picked. First pick the check-in day, then the check-out day; a day that
 * cannot end the stay but can start one starts it again. Keyboard: arrow keys
 * move between days, Enter or Space picks.
 */
import { useState } from 'react';
import { addDays, dayNumber } from '#shared/stay';
import { longDay, monthStart } from '#client/components/ui/calendar-dates';
import { MonthCalendar, type DayView } from '#client/components/ui/month-calendar';

export interface StayRulesView {
  from: string;
  to: string;
  minNights: number;
  maxNights: number;
}

const nightsBetween = (a: string, b: string) => (dayNumber(b) ?? 0) - (dayNumber(a) ?? 0);

export function StayPicker({
  rules,
  taken,
  today,
  checkIn,
  checkOut,
  onChange,
}: {
  rules: StayRulesView;
  /** Stays and blocked ranges [from, to) others hold. */
  taken: { from: string; to: string }[];
  today: string;
  checkIn: string;
  checkOut: string;
  onChange: (checkIn: string, checkOut: string) => void;
}) {
  const [picking, setPicking] = useState<'checkIn' | 'checkOut'>('checkIn');
  const [month, setMonth] = useState(() => monthStart(checkIn >= rules.from ? checkIn : rules.from));
  const [focused, setFocused] = useState(checkIn);

  const isTaken = (night: string) => taken.some((r) => r.from <= night && night < r.to);
  const canCheckIn = (day: string) =>
    day >= today && day >= rules.from && day < rules.to && !isTaken(day) && canEndAfter(day);
  // At least one stay starting on `day` keeps the rules: its first minNights nights are free and in the window.
  function canEndAfter(day: string): boolean {
    const end = addDays(day, rules.minNights);
    if (end > rules.to) return false;
    for (let d = day; d < end; d = addDays(d, 1)) if (isTaken(d)) return false;
    return true;
  }
  function canCheckOut(day: string): boolean {
    if (day <= checkIn || day > rules.to) return false;
    const nights = nightsBetween(checkIn, day);
    if (nights < rules.minNights || nights > rules.maxNights) return false;
    for (let d = checkIn; d < day; d = addDays(d, 1)) if (isTaken(d)) return false;
    return true;
  }

  function pick(day: string) {
    if (picking === 'checkOut' && canCheckOut(day)) {
      onChange(checkIn, day);
      setPicking('checkIn');
    } else if (canCheckIn(day)) {
      // The shortest stay from here, until the check-out day is picked: the total shows at once.
      onChange(day, addDays(day, rules.minNights));
      setPicking('checkOut');
    }
  }

  function view(day: string): DayView {
    const inStay = day >= checkIn && day < checkOut;
    const pickable = picking === 'checkOut' ? canCheckOut(day) || canCheckIn(day) : canCheckIn(day);
    let status: string;
    if (day === checkIn) status = 'your arrival day';
    else if (day === checkOut) status = 'your departure day';
    else if (inStay) status = 'in your stay';
    else if (picking === 'checkOut' && canCheckOut(day)) status = 'available as departure day';
    else if (pickable) status = 'available';
    else status = 'unavailable';
    const ends = day === checkIn || day === checkOut;
    return {
      label: `${longDay(day)}, ${status}`,
      disabled: !pickable && !ends,
      selected: ends || inStay,
      className: ends
        ? 'bg-rose-700 font-semibold text-white'
        : inStay
          ? 'bg-rose-100 text-rose-950'
          : pickable
            ? 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100'
            : 'bg-gray-100 text-gray-500 line-through',
    };
  }

  return (
    <div className="mt-4">
      <p aria-live="polite" className="mb-2 text-sm font-semibold text-gray-900">
        {picking === 'checkIn' ? 'Pick your check-in day' : 'Now pick your check-out day'}
        <span className="block font-normal text-gray-700">
          Stays of {rules.minNights === rules.maxNights ? rules.minNights : `${rules.minNights}–${rules.maxNights}`}{' '}
          {rules.maxNights === 1 ? 'night' : 'nights'}; greyed-out days are not available.
        </span>
      </p>
      <MonthCalendar
        month={month}
        months={1}
        focused={focused}
        onFocusChange={(day, first) => {
          setFocused(day);
          setMonth(first);
        }}
        onPick={pick}
        day={view}
      />
      <div className="mt-2 flex justify-between">
        <button
          type="button"
          onClick={() => setMonth(monthStart(addDays(month, -1)))}
          className="rounded-md px-2 py-1 text-sm font-semibold text-gray-900 underline hover:bg-gray-100"
        >
          Previous month
        </button>
        <button
          type="button"
          onClick={() => setMonth(monthStart(addDays(month, 31)))}
          className="rounded-md px-2 py-1 text-sm font-semibold text-gray-900 underline hover:bg-gray-100"
        >
          Next month
        </button>
      </div>
    </div>
  );
}
