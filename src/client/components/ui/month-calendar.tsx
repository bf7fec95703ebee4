/**
 * Month grids of days, one or more side by side, operated by keyboard as the
 * WAI-ARIA date grid pattern: one day is in the tab order; the arrow keys move a
 * day or a week, Home/End to the week's ends, Page Up/Down a month; Enter or
 * Space picks the day (its button). Each day's label is given by the caller
 * ("12 March 2027, booked by Ana"), so a screen reader hears what the eye sees.
 * The keys pass over the days the caller disables (they cannot be picked), so the
 * focus lands only where Enter picks; a click on one still focuses it, and it stays
 * in the accessibility tree (aria-disabled) with its label ("…, unavailable").
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { addDays } from '#shared/stay';
import { addMonths, daysOfMonth, monthLabel, monthStart, weekday } from './calendar-dates';

export interface DayView {
  /** The whole accessible name of the day. */
  label: string;
  disabled?: boolean;
  /** Classes for the day's button (colour by status). */
  className?: string;
  /** Shown under the day number (a short status mark). */
  mark?: ReactNode;
  selected?: boolean;
}

export interface MonthCalendarProps {
  /** Any day of the first month shown. */
  month: string;
  /** How many months are shown side by side. */
  months: number;
  /** The day in the tab order (and focused after a key moved it). */
  focused: string;
  onFocusChange: (date: string, visibleFirstMonth: string) => void;
  onPick: (date: string) => void;
  day: (date: string) => DayView;
  /** The level of each month's heading in the page's outline (3 unless told). */
  headingLevel?: 2 | 3;
}

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/** How far a key looks for a day that can be picked before it gives up (and the focus stays). */
const SEARCH_DAYS = 366;

/** The first day from `from` on, `step` days apart, that `open` accepts; null within SEARCH_DAYS. */
function seek(from: string, step: number, open: (date: string) => boolean, until?: string): string | null {
  for (let d = from, n = 0; n * Math.abs(step) <= SEARCH_DAYS; d = addDays(d, step), n++) {
    if (until !== undefined && (step > 0 ? d > until : d < until)) return null;
    if (open(d)) return d;
  }
  return null;
}

/**
 * Where a key moves the focus from `date`: a day or a week on, the week's ends, a month on,
 * passing over the days the caller disables (taken nights, days outside the window), so the
 * focus only lands where Enter can pick. No open day that way: the focus stays.
 */
function moveBy(date: string, key: string, open: (date: string) => boolean): string | null {
  switch (key) {
    case 'ArrowLeft':
      return seek(addDays(date, -1), -1, open);
    case 'ArrowRight':
      return seek(addDays(date, 1), 1, open);
    case 'ArrowUp':
      return seek(addDays(date, -7), -7, open);
    case 'ArrowDown':
      return seek(addDays(date, 7), 7, open);
    case 'Home':
      return seek(addDays(date, -weekday(date)), 1, open, date);
    case 'End':
      return seek(addDays(date, 6 - weekday(date)), -1, open, date);
    case 'PageUp':
    case 'PageDown': {
      const first = addMonths(date, key === 'PageUp' ? -1 : 1);
      const last = addDays(addMonths(first, 1), -1);
      const same = `${first.slice(0, 8)}${date.slice(8)}`;
      const day = same > last ? last : same;
      // The same day of that month, or the nearest open one on the way there, else past it.
      const back = key === 'PageUp' ? 1 : -1;
      return seek(day, back, open, key === 'PageUp' ? last : first) ?? seek(day, -back, open);
    }
    default:
      return null;
  }
}

export function MonthCalendar({
  month,
  months,
  focused,
  onFocusChange,
  onPick,
  day,
  headingLevel = 3,
}: MonthCalendarProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const first = monthStart(month);
  const shown = Array.from({ length: months }, (_, i) => addMonths(first, i));
  const end = addMonths(first, months);
  const open = (date: string) => !day(date).disabled;
  // The one tab stop: the focused day if shown and open, else the first open day shown.
  const wanted = focused >= first && focused < end ? focused : first;
  const tabDay = open(wanted) ? wanted : (seek(first, 1, open, addDays(end, -1)) ?? wanted);
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    root.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    const next = moveBy(date, event.key, open);
    if (!next || next === date) return;
    // Keep the focused day on screen: the view follows it a month at a time.
    let view = first;
    if (next < first) view = monthStart(next);
    else if (next >= end) view = addMonths(monthStart(next), -(months - 1));
    moved.current = true;
    onFocusChange(next, view);
  }

  return (
    <div ref={root} className={`grid gap-6 ${months > 1 ? 'lg:grid-cols-2' : ''}`}>
      {shown.map((m) => {
        const days = daysOfMonth(m);
        const lead = weekday(m);
        const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
        while (cells.length % 7) cells.push(null);
        const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
        const headingId = `month-${m}`;
        return (
          <div key={m}>
            <Heading id={headingId} className="mb-2 text-center font-semibold text-gray-900">
              {monthLabel(m)}
            </Heading>
            <table role="grid" aria-labelledby={headingId} className="w-full table-fixed border-collapse">
              <thead>
                <tr>
                  {WEEKDAYS.map(([short, long]) => (
                    <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-semibold text-gray-700">
                      {short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week, w) => (
                  <tr key={w}>
                    {week.map((date, i) => {
                      if (!date) return <td key={`e${i}`} />;
                      const view = day(date);
                      return (
                        <td key={date} aria-selected={view.selected ?? false} className="p-0.5">
                          <button
                            type="button"
                            data-date={date}
                            tabIndex={date === tabDay ? 0 : -1}
                            aria-label={view.label}
                            aria-disabled={view.disabled || undefined}
                            onClick={() => {
                              onFocusChange(date, first);
                              if (!view.disabled) onPick(date);
                            }}
                            onKeyDown={(e) => onKeyDown(e, date)}
                            className={`flex h-11 w-full flex-col items-center justify-center rounded-md text-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${view.className ?? ''}`}
                          >
                            <span aria-hidden="true">{Number(date.slice(8))}</span>
                            {view.mark && (
                              <span aria-hidden="true" className="text-[10px] leading-none">
                                {view.mark}
                              </span>
                            )}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}

/** Two months on a wide screen (1024 px and up), one otherwise; follows the window's width. */
export function useMonthsShown(): number {
  const query = '(min-width: 1024px)';
  const read = () => (typeof window !== 'undefined' && window.matchMedia?.(query).matches ? 2 : 1);
  const [count, setCount] = useState(read);
  useEffect(() => {
    if (typeof window === 'undefined' || !window.matchMedia) return;
    const list = window.matchMedia(query);
    const change = () => setCount(list.matches ? 2 : 1);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [setCount]);
  return count;
}
