/**
 * /dashboard/calendar/:id (hosts, the home's owner): the home's month calendar.
 * Each night shows what takes it (a stay and its guest, a request to book, a hold, the host's block
 * and note, an imported calendar); two months side by side from 1024 px, one
 * below. Pick a first and a last night (click, or Enter/Space on the focused
 * night) to block that range with a private note, or to unblock the host's
 * blocks in it. Arrow keys move between nights; Escape clears the selection.
 * Issue 27: each night shows its price (a price period's, else the weekend price on
 * Friday and Saturday nights, else the price per night: the quote's `nightPrice`), Set price
 * gives the selected nights a price of their own, and the price periods are listed.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { calendarDate } from '#shared/stay';
import { formatDay } from '#shared/dates';
import { addMonths, monthLabel, monthStart } from '#client/components/ui/calendar-dates';
import { MonthCalendar, useMonthsShown } from '#client/components/ui/month-calendar';
import { QueryView } from '#client/components/ui/query-view';
import { Screen } from '#client/components/layout/screen';
import { fetchHome, homeKeys, isApiError } from '#client/lib/api';
import { ErrorPanel, errorText } from '#client/components/ui/status';
import { CalendarSyncPanel } from '#client/features/calendar-sync/components/calendar-sync-panel';
import { CalendarSelection } from '../components/calendar-selection';
import { PricePeriodList } from '../components/price-periods';
import { calendarKeys, fetchCalendar } from '../lib/calendar-api';
import {
  calendarNightPrice,
  NIGHT_STYLES,
  nightLabel,
  selectedRange,
  shortPrice,
  summarizeRange,
  type NightPrice,
  type Selection,
} from '../lib/calendar-nights';
import { fetchPricePeriods, pricePeriodKeys } from '../lib/price-periods-api';
import { MANAGE_HOME_PATH } from '../lib/paths';
import { Button, buttonClass } from '#client/components/ui/button';

const LEGEND = [
  ['available', 'Available'],
  ['booked', 'Booked'],
  ['requested', 'Requested (waiting for your answer)'],
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
  // The prices: the home's price per night and weekend price, and its price periods.
  const home = useQuery({
    queryKey: homeKeys.detail(id),
    queryFn: ({ signal }) => fetchHome(id, signal),
    enabled: Boolean(id),
  });
  const periods = useQuery({
    queryKey: pricePeriodKeys.home(id),
    queryFn: ({ signal }) => fetchPricePeriods(id, signal),
    enabled: Boolean(id),
  });
  const priceOf =
    home.data && periods.data
      ? (date: string): NightPrice => calendarNightPrice(home.data, periods.data, date)
      : undefined;
  const pricesFailed = home.error ?? periods.error;

  // Escape clears the selection wherever the focus is (the calendar or the selection's panel).
  useEffect(() => {
    if (!selection) return;
    const onKey = (e: KeyboardEvent) => {
      // Escape in the Set price dialog closes that dialog only.
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
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
            night of a range to block or unblock it, or to set its price.
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
                Available from {formatDay(data.window.from)} to {formatDay(data.window.to)}; nights outside are paler,
                with a dashed edge. Arrow keys move between nights, Enter or Space picks one.
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
                    const price = priceOf?.(date);
                    const mark = night.conflict ? (
                      'Conflict'
                    ) : style.phoneMark ? (
                      <>
                        <span className="sm:hidden">{style.phoneMark}</span>
                        <span className="max-sm:hidden">{style.mark}</span>
                      </>
                    ) : (
                      style.mark
                    );
                    return {
                      label: nightLabel(night, selected, price),
                      selected,
                      mark: price ? (
                        <>
                          {mark && <span className="block">{mark}</span>}
                          <span
                            className={`mt-0.5 block text-[11px] ${price.kind === 'period' ? 'font-bold underline' : ''}`}
                          >
                            {shortPrice(price.cents)}
                          </span>
                        </>
                      ) : (
                        mark
                      ),
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
              {priceOf ? (
                <p className="text-sm text-gray-700">
                  Each night shows its price: the price per night, the weekend price on Friday and Saturday nights, or a
                  price you set for some nights (underlined).
                </p>
              ) : pricesFailed ? (
                <ErrorPanel
                  message={`The nightly prices could not be loaded: ${errorText(pricesFailed)}`}
                  onRetry={() => {
                    void home.refetch();
                    void periods.refetch();
                  }}
                />
              ) : null}
              {selection && range && (
                <CalendarSelection
                  key={`${range.from}|${range.to}`}
                  homeId={id}
                  range={range}
                  summary={summarizeRange(range, data.nights, data.blocks)}
                  complete={selection.end !== null}
                  periods={priceOf ? periods.data : undefined}
                  onDone={() => {
                    refocus.current = true;
                    setSelection(null);
                  }}
                />
              )}
              {periods.data && <PricePeriodList homeId={id} periods={periods.data} />}
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
