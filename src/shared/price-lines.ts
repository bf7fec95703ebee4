/**
 * The lines of a price breakdown, worded once: the booking widget, the
 * checkout, My Bookings, the receipt and the mails all print these, so a guest
 * reads the same lines and the same total wherever they look.
 */
import { formatCents } from './money';
import { plural } from './plural';
import type { DiscountKind, NightKind, PriceBreakdown } from './schemas/bookings';
import type { DepositStatus } from './schemas/deposits';

export interface PriceLine {
  /** What the line is (tests and styling); several lines may share 'nights'. */
  key: 'nights' | 'discount' | 'extra_guests' | 'cleaning' | 'service' | 'vat';
  /** Unique among the lines (React keys). */
  id: string;
  label: string;
  /** Negative for a discount. */
  cents: number;
}

const DISCOUNT_NAMES: Record<DiscountKind, string> = {
  weekly: 'Weekly discount',
  monthly: 'Monthly discount',
  last_minute: 'Last-minute discount',
  early_bird: 'Early-bird discount',
};

/**
 * A period's nights say the host's name for it ("(High season)") when it has one, else "(price
 * period)", the calendar's word: a host's period need not be a season (a festival week, a
 * discount for slow nights).
 */
function nightsLabel(kind: NightKind, cents: number, count: number, periodName?: string): string {
  const price = formatCents(cents);
  if (kind === 'weekend') return `${price} × ${plural(count, 'weekend night')}`;
  if (kind === 'period') return `${price} × ${plural(count, 'night')} (${periodName ?? 'price period'})`;
  return `${price} × ${plural(count, 'night')}`;
}

/**
 * The nights, grouped by kind, price and period name in the order they first come: "$100.00 × 7
 * nights", "$150.00 × 2 weekend nights", "$200.00 × 2 nights (High season)".
 */
function nightLines(b: PriceBreakdown): PriceLine[] {
  const groups: { kind: NightKind; cents: number; count: number; periodName: string | undefined }[] = [];
  for (const night of b.nightly) {
    const group = groups.find(
      (g) => g.kind === night.kind && g.cents === night.cents && g.periodName === night.periodName,
    );
    if (group) group.count += 1;
    else groups.push({ kind: night.kind, cents: night.cents, count: 1, periodName: night.periodName });
  }
  // A breakdown without its nights (never stored so, but a safe reading): the average.
  if (!groups.length) groups.push({ kind: 'base', cents: b.nightlyCents, count: b.nights, periodName: undefined });
  return groups.map((g, i) => ({
    key: 'nights',
    id: `nights-${i}`,
    label: nightsLabel(g.kind, g.cents, g.count, g.periodName),
    cents: g.cents * g.count,
  }));
}

/** The lines above the total. The spec's "VAT" line is always there (it shows the tax); the others only when not 0. */
export function priceLines(b: PriceBreakdown): PriceLine[] {
  const lines = nightLines(b);
  for (const d of b.discounts) {
    if (d.cents > 0)
      lines.push({
        key: 'discount',
        id: `discount-${d.kind}`,
        label: `${DISCOUNT_NAMES[d.kind]} (${d.percent}%)`,
        cents: -d.cents,
      });
  }
  if (b.extraGuestFeeCents > 0) {
    const perGuestNight = b.extraGuestFeeCents / (b.extraGuests * b.nights);
    lines.push({
      key: 'extra_guests',
      id: 'extra_guests',
      label: `Extra guests (${b.extraGuests} × ${formatCents(perGuestNight)} × ${plural(b.nights, 'night')})`,
      cents: b.extraGuestFeeCents,
    });
  }
  if (b.cleaningFeeCents > 0)
    lines.push({ key: 'cleaning', id: 'cleaning', label: 'Cleaning fee', cents: b.cleaningFeeCents });
  if (b.serviceFeeCents > 0)
    lines.push({ key: 'service', id: 'service', label: 'Service fee', cents: b.serviceFeeCents });
  lines.push({ key: 'vat', id: 'vat', label: 'VAT', cents: b.taxCents });
  return lines;
}

/** Shown after the total, apart from it: the deposit is authorised on the card, never part of what is charged. */
const DEPOSIT_LABEL = 'Security deposit';
const DEPOSIT_NOTE = 'held, not charged';

/** What the deposit line says of a booked deposit's state (ADR 0051); "held, not charged" only while it is or will be. */
const DEPOSIT_STATE_NOTES: Record<DepositStatus, string> = {
  pending: DEPOSIT_NOTE,
  held: DEPOSIT_NOTE,
  claimed: `${DEPOSIT_NOTE}; a damage claim is with an admin`,
  released: 'released, not charged',
  captured: 'part or all charged for damage after a claim',
  failed: 'not held: the card could not hold it',
};

/**
 * The deposit line, or null when the home asks none. `state`: a booking's deposit state; left
 * out for a price not booked yet (a quote, a checkout, a hold or request not yet paid or accepted),
 * whose deposit is to be held; null for a booking whose deposit is not held at all.
 */
export function depositLine(
  b: Pick<PriceBreakdown, 'depositCents'>,
  state?: DepositStatus | null,
): { label: string; note: string; cents: number } | null {
  if (b.depositCents <= 0) return null;
  const note = state === undefined ? DEPOSIT_NOTE : state === null ? DEPOSIT_NOT_HELD : DEPOSIT_STATE_NOTES[state];
  return { label: DEPOSIT_LABEL, note, cents: b.depositCents };
}

const DEPOSIT_NOT_HELD = 'not held';

/** A booking's deposit state for depositLine: none yet before the booking stands (it is still to be held). */
export function bookingDepositState(booking: {
  status: string;
  depositStatus: DepositStatus | null;
}): DepositStatus | null | undefined {
  if (booking.depositStatus) return booking.depositStatus;
  return booking.status === 'held' || booking.status === 'requested' ? undefined : null;
}

/**
 * A booked deposit as a mail tells it: its state, and for a pending one the calendar date (the
 * home's) it is to be placed on the card (ADR 0051: off-session, when the hold can last).
 */
export interface MailedDeposit {
  status: DepositStatus;
  /** YYYY-MM-DD; for a pending deposit. */
  heldOn?: string;
}

/** The deposit line of a mail: a pending deposit "will be held on <date>", never claimed as held already. */
function mailedDepositLine(b: Pick<PriceBreakdown, 'depositCents'>, deposit: MailedDeposit | null | undefined) {
  const line = depositLine(b, deposit === undefined ? undefined : (deposit?.status ?? null));
  if (line && deposit?.status === 'pending' && deposit.heldOn) {
    return { ...line, note: `will be held on ${deposit.heldOn}, not charged` };
  }
  return line;
}

/**
 * The breakdown as plain text (mails): one "label: amount" line each, the total, then the deposit
 * apart, worded by `deposit`'s state (left out: a price not booked yet, whose deposit is to be held).
 */
export function priceLinesText(b: PriceBreakdown, totalLabel = 'Total', deposit?: MailedDeposit | null): string {
  const depositText = mailedDepositLine(b, deposit);
  return [
    ...priceLines(b).map((l) => `${l.label}: ${formatCents(l.cents)}`),
    `${totalLabel}: ${formatCents(b.totalCents)}`,
    ...(depositText ? [`${depositText.label}: ${formatCents(depositText.cents)} — ${depositText.note}`] : []),
  ].join('\n');
}
