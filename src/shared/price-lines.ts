/**
 * The lines of a price breakdown, worded once: the booking widget, the
 * checkout, the receipt and the mails all print these, so a guest reads the
 * same lines and the same total wherever they look.
 */
import { formatCents } from './money';
import { plural } from './plural';
import type { PriceBreakdown } from './schemas/bookings';

export interface PriceLine {
  /** Stable key (tests and React keys). */
  key: 'nights' | 'cleaning' | 'service' | 'vat';
  label: string;
  cents: number;
}

/** The lines above the total. The spec's "VAT" line is always there (it shows the tax); fees only when charged. */
export function priceLines(b: PriceBreakdown): PriceLine[] {
  const lines: PriceLine[] = [
    { key: 'nights', label: `${formatCents(b.nightlyCents)} × ${plural(b.nights, 'night')}`, cents: b.subtotalCents },
  ];
  if (b.cleaningFeeCents > 0) lines.push({ key: 'cleaning', label: 'Cleaning fee', cents: b.cleaningFeeCents });
  if (b.serviceFeeCents > 0) lines.push({ key: 'service', label: 'Service fee', cents: b.serviceFeeCents });
  lines.push({ key: 'vat', label: 'VAT', cents: b.taxCents });
  return lines;
}

/** The breakdown as plain text (mails): one "label: amount" line each, then the total. */
export function priceLinesText(b: PriceBreakdown, totalLabel = 'Total'): string {
  return [
    ...priceLines(b).map((l) => `${l.label}: ${formatCents(l.cents)}`),
    `${totalLabel}: ${formatCents(b.totalCents)}`,
  ].join('\n');
}
