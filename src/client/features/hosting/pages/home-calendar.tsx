/**
 * /dashboard/calendar/:id (hosts, the home's owner): the home's month calendar.
 * Each night shows what takes it (a stay and its guest, a hold, the host's block
 * and note, an imported calendar); two months side by side from 1024 px, one
 * below. Pick a first and a last night (click, or Enter/Space on the focused
 * night) to block that range with a private note, or to unblock the host's
 * blocks in it. Arrow keys move between nights; Escape clears the selection.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { calendarDate } from '#shared/stay';
import { addMonths, monthLabel, monthStart } from '#client/components/ui/calendar-dates';
import { MonthCalendar, useMonthsShown } from '#client/components/ui/month-calendar';
import { QueryView } from '#client/components/ui/query-view';
import { Screen } from '#client/components/layout/screen';
import { isApiError } from '#client/lib/api';
import { CalendarSyncPanel } from '#client/features/calendar-sync/components/calendar-sync-panel';
import { CalendarSelection } from '../components/calendar-selection';
import { calendarKeys, fetchCalendar } from '../lib/calendar-api';
import { NIGHT_STYLES, nightLabel, selectedRange, summarizeRange, type Selection } from '../lib/calendar-nights';
import { MANAGE_HOME_PATH } from '../lib/paths';
import { Button, buttonClass } from '#client/components/ui/button';

const LEGEND = [
  ['available', 'Available'],
  ['booked', 'Booked'],
  ['held', 'Held (reservation in progress)'],
  ['blocked', 'Blocked by you'],
  ['imported', 'Blocked by an imported calendar'],
] as const;

export function HomeCalendarPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const months = useMonthsShown();
  const [today] = useState(() => calendarDate(new Date()));
  const [month, setMonth] = useState(() => monthStart(today));
  const [focused, setFocused] = useState(today);
  const [selection, setSelection] = useState<Selection | null>(null);
  // Blocking or unblocking removes the selection's panel, which may hold the focus: it goes back to
  // the calendar's night (its one tab stop) instead of falling to the page.
  const calendarArea = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    calendarArea.current?.querySelector<HTMLButtonElement>('button[data-date][tabindex="0"]')?.focus();
  });
  // Two months are always read, so widening the window never waits.
  const from = month;
  const to = addMonths(month, 2);
  const calendar = useQuery({
    queryKey: calendarKeys.range(id, from, to),
    queryFn: ({ signal }) => fetchCalendar(id, from, to, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(id),
  });

  // Escape clears the selection wherever the focus is (the calendar or the selection's panel).
  useEffect(() => {
    if (!selection) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSelection(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection]);

  const problem = (error: Error) => {
    if (isApiError(error) && [400, 403, 404].includes(error.status)) {
      return (
        <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-6">
          <p className="text-red-800">{error.message}</p>
          <Link to={MANAGE_HOME_PATH} className={buttonClass('secondary', 'mt-4')}>
            Back to Manage Home
          </Link>
        </div>
      );
    }
    return undefined;
  };

  const shift = (by: number) => {
    const next = addMonths(month, by);
    setMonth(next);
    setFocused(next);
  };

  return (
    <Screen
      title="Calendar"
      intro={
        calendar.data ? (
          <>
            Nights of <strong className="font-semibold">{calendar.data.title}</strong>. Pick the first and the last
            night of a range to block or unblock it.
          </>
        ) : undefined
      }
    >
      <QueryView query={calendar} loadingLabel="Loading the calendar" renderError={problem}>
        {(data) => {
          const byDate = new Map(data.nights.map((n) => [n.date, n]));
          const range = selection ? selectedRange(selection) : null;
          const inSelection = (date: string) => Boolean(range && date >= range.from && date < range.to);
          return (
            <div className="space-y-6">
              {/* Phones: the month on its own line above the two buttons, side by side. */}
              <div className="grid grid-cols-2 items-center gap-3 sm:flex sm:justify-between">
                <Button variant="secondary" onClick={() => shift(-1)}>
                  <span aria-hidden="true">←</span> Previous<span className="max-sm:sr-only"> month</span>
                </Button>
                <p
                  aria-live="polite"
                  className="order-first col-span-2 text-center font-semibold text-gray-900 sm:order-none"
                >
                  {monthLabel(month)}
                  {months === 2 ? ` – ${monthLabel(addMonths(month, 1))}` : ''}
                </p>
                <Button variant="secondary" onClick={() => shift(1)}>
                  Next<span className="max-sm:sr-only"> month</span> <span aria-hidden="true">→</span>
                </Button>
              </div>
              <p className="text-sm text-gray-700">
                Available from {data.window.from} to {data.window.to}; nights outside are paler, with a dashed edge.
                Arrow keys move between nights, Enter or Space picks one.
              </p>
              <div ref={calendarArea}>
                <MonthCalendar
                  // The months come straight under the page's h1.
                  headingLevel={2}
                  month={month}
                  months={months}
                  focused={focused}
                  onFocusChange={(date, view) => {
                    setFocused(date);
                    setMonth(view);
                  }}
                  onPick={(date) =>
                    setSelection((s) => (s && s.end === null ? { ...s, end: date } : { start: date, end: null }))
                  }
                  day={(date) => {
                    const night = byDate.get(date);
                    const selected = inSelection(date);
                    if (!night) return { label: date, disabled: true, className: 'text-gray-500' };
                    const style = NIGHT_STYLES[night.status];
                    return {
                      label: nightLabel(night, selected),
                      selected,
                      mark: night.conflict ? 'Conflict' : style.mark,
                      className: `${night.inWindow ? style.className : style.dimmed} ${
                        selected ? 'ring-3 ring-blue-700 ring-offset-1' : ''
                      } ${night.conflict ? 'outline-2 outline-dashed outline-red-700' : ''}`,
                    };
                  }}
                />
              </div>
              <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-gray-800">
                {LEGEND.map(([status, label]) => (
                  <li key={status} className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className={`inline-block h-4 w-4 rounded ${NIGHT_STYLES[status].className}`}
                    />
                    {label}
                  </li>
                ))}
              </ul>
              {selection && range && (
                <CalendarSelection
                  key={`${range.from}|${range.to}`}
                  homeId={id}
                  range={range}
                  summary={summarizeRange(range, data.nights, data.blocks)}
                  complete={selection.end !== null}
                  onDone={() => {
                    refocus.current = true;
                    setSelection(null);
                  }}
                />
              )}
              <CalendarSyncPanel
                homeId={id}
                onBlocksChanged={() => void queryClient.invalidateQueries({ queryKey: calendarKeys.home(id) })}
              />
            </div>
          );
        }}
      </QueryView>
    </Screen>
  );
}

export { HomeCalendarPage as Component };
