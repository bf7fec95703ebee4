/** How the host's calendar shows a night and what a selected range allows (pure, so it is tested without a browser). */
import { formatDay } from '#shared/dates';
import { formatCents, amountToCents } from '#shared/money';
import { nightPrice } from '#shared/pricing-quote';
import type { NightKind } from '#shared/schemas/bookings';
import type { Home } from '#shared/schemas/homes';
import type { PricePeriod } from '#shared/schemas/pricing';
import type { CalendarBlock, CalendarNight } from '#shared/schemas/calendar';
import { addDays } from '#shared/stay';
import { longDay } from '#client/components/ui/calendar-dates';

/** "booked by Ana", "blocked: Painting" ... what follows the date in a night's label. */
function nightStatusText(night: CalendarNight): string {
  let text: string;
  switch (night.status) {
    case 'booked':
      text = `booked by ${night.guestName ?? 'a guest'}`;
      break;
    case 'requested':
      text = `requested by ${night.guestName ?? 'a guest'} (waiting for your answer)`;
      break;
    case 'held':
      text = `held for ${night.guestName ?? 'a guest'} (reservation in progress)`;
      break;
    case 'blocked':
      text = night.note ? `blocked: ${night.note}` : 'blocked';
      break;
    case 'imported':
      text = `blocked by the imported calendar${night.importName ? ` ${night.importName}` : ''}`;
      break;
    default:
      text = 'available';
  }
  if (night.conflict) text += ', also blocked by an imported calendar (conflict)';
  if (!night.inWindow) text += ', outside the available dates';
  return text;
}

export interface NightPrice {
  cents: number;
  kind: NightKind;
  /** A period night: the period's name, when it has one. */
  periodName?: string;
}

/**
 * The price of the night `date` by the quote's own rule (`nightPrice`: a period, else the weekend
 * price on Friday and Saturday nights, else the base price), from the dollars of the API.
 */
export function calendarNightPrice(
  home: Pick<Home, 'price' | 'weekendPrice'>,
  periods: readonly PricePeriod[],
  date: string,
): NightPrice {
  const settings = {
    priceCents: amountToCents(home.price),
    weekendPriceCents: home.weekendPrice === null ? null : amountToCents(home.weekendPrice),
  };
  const spans = periods.map((p) => ({ from: p.from, to: p.to, priceCents: amountToCents(p.price), name: p.name }));
  return nightPrice(settings, spans, date);
}

/** A night's price as the calendar prints it: "$99", "$120.50". */
export const shortPrice = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);

/** "$120 a night (weekend price)": what follows a night's status in its label. */
function priceText(price: NightPrice): string {
  const why =
    price.kind === 'weekend'
      ? ' (weekend price)'
      : price.kind === 'period'
        ? ` (${price.periodName ?? 'price period'})`
        : '';
  return `${shortPrice(price.cents)} a night${why}`;
}

/** The screen-reader label of a night: "12 March 2027, booked by Ana, $99 a night". */
export const nightLabel = (night: CalendarNight, selected = false, price?: NightPrice) =>
  `${longDay(night.date)}, ${nightStatusText(night)}${price ? `, ${priceText(price)}` : ''}${selected ? ', selected' : ''}`;

/**
 * A night's colours by status; `dimmed` for a night outside the home's window: lighter, with a
 * dashed edge, its text still at 4.5:1 or more (see-through text was not: the "Booked" mark fell
 * to 4.2:1).
 */
export const NIGHT_STYLES: Record<
  CalendarNight['status'],
  { className: string; dimmed: string; mark: string; phoneMark?: string }
> = {
  available: {
    className: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100',
    dimmed: 'border border-dashed border-gray-400 bg-gray-50 text-gray-600 hover:bg-gray-100',
    mark: '',
  },
  booked: {
    className: 'bg-rose-100 text-rose-950 border border-rose-300',
    dimmed: 'bg-rose-50 text-rose-900 border border-dashed border-rose-400',
    mark: 'Booked',
  },
  // A request waits for the host: sky blue with a dotted edge, and its own mark (not told by colour alone).
  requested: {
    className: 'bg-sky-100 text-sky-950 border-2 border-dotted border-sky-700',
    dimmed: 'bg-sky-50 text-sky-900 border-2 border-dotted border-sky-600',
    mark: 'Requested',
    // A phone's night is about 47 px wide: "Requested" ran over its edges there.
    phoneMark: 'Request',
  },
  held: {
    className: 'bg-amber-100 text-amber-950 border border-amber-400',
    dimmed: 'bg-amber-50 text-amber-900 border border-dashed border-amber-500',
    mark: 'Held',
  },
  blocked: {
    className: 'bg-gray-700 text-white border border-gray-700',
    dimmed: 'bg-gray-500 text-white border border-dashed border-gray-800',
    mark: 'Blocked',
  },
  imported: {
    className: 'bg-indigo-100 text-indigo-950 border border-indigo-400',
    dimmed: 'bg-indigo-50 text-indigo-900 border border-dashed border-indigo-500',
    mark: 'Synced',
  },
};

export interface Selection {
  start: string;
  /** null while the host has picked only the first night. */
  end: string | null;
}

/** The nights [from, to) a selection covers (to exclusive), first and last in order. */
export function selectedRange(selection: Selection): { from: string; to: string } {
  const a = selection.start;
  const b = selection.end ?? selection.start;
  return a <= b ? { from: a, to: addDays(b, 1) } : { from: b, to: addDays(a, 1) };
}

export interface RangeSummary {
  nights: number;
  /** Every night is free to block (available, inside what was loaded). */
  blockable: boolean;
  /** Stays in the way, by booking. */
  stays: { bookingId: string; guestName: string; status: 'booked' | 'requested' | 'held' }[];
  /** The host's own blocks touching the range (each can be removed whole). */
  hostBlocks: CalendarBlock[];
  /** Every night of the range is among the nights loaded (the screen shows two months at a time). */
  loaded: boolean;
  /** Nights of the range the host blocked, among those loaded (unblocking the range frees these). */
  blockedNights: number;
  imported: number;
}

export function summarizeRange(
  range: { from: string; to: string },
  nights: CalendarNight[],
  blocks: CalendarBlock[],
): RangeSummary {
  const inRange = nights.filter((n) => n.date >= range.from && n.date < range.to);
  const stays = new Map<string, RangeSummary['stays'][number]>();
  for (const n of inRange) {
    if ((n.status === 'booked' || n.status === 'requested' || n.status === 'held') && n.bookingId) {
      stays.set(n.bookingId, { bookingId: n.bookingId, guestName: n.guestName ?? 'a guest', status: n.status });
    }
  }
  const hostBlocks = blocks.filter((b) => b.source === 'host' && b.from < range.to && range.from < b.to);
  let count = 0;
  for (let d = range.from; d < range.to; d = addDays(d, 1)) count++;
  const loaded = inRange.length === count;
  return {
    nights: count,
    loaded,
    blockable: loaded && inRange.every((n) => n.status === 'available' || n.status === 'imported'),
    stays: [...stays.values()],
    hostBlocks,
    blockedNights: inRange.filter((n) => n.status === 'blocked').length,
    imported: inRange.filter((n) => n.status === 'imported').length,
  };
}

/**
 * The nights `[from, to)` by their first and last night ("nights of Mar 12 – Mar 14"; "the night
 * of Mar 12" alone), never by the check-out day: "Mar 12 – Mar 15 (3 nights)" read as four nights.
 */
export function rangeText(from: string, to: string): string {
  const last = addDays(to, -1);
  return last <= from ? `the night of ${formatDay(from)}` : `nights of ${formatDay(from)} – ${formatDay(last)}`;
}
