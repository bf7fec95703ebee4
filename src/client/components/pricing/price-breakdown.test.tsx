// @vitest-environment jsdom
import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceBreakdown } from '#shared/schemas/bookings';
import { setUpComponentTests } from '#client/test/render-routes';
import { PriceBreakdownList } from './price-breakdown';

setUpComponentTests();

const night = (date: string, cents: number, kind: 'base' | 'weekend' | 'period' = 'base') => ({ date, cents, kind });

// Mon 7 – Wed 9 Dec at $100, Fri 11 at the weekend's $150, Sat 12 – Sun 13 in a $200 period, Mon 14 – Tue 15 $100.
const breakdown: PriceBreakdown = {
  nights: 9,
  nightlyCents: 12_778,
  nightly: [
    night('2026-12-07', 10_000),
    night('2026-12-08', 10_000),
    night('2026-12-09', 10_000),
    night('2026-12-10', 10_000),
    night('2026-12-11', 15_000, 'weekend'),
    night('2026-12-12', 20_000, 'period'),
    night('2026-12-13', 20_000, 'period'),
    night('2026-12-14', 10_000),
    night('2026-12-15', 10_000),
  ],
  subtotalCents: 115_000,
  discounts: [{ kind: 'weekly', percent: 10, cents: 11_500 }],
  guests: 3,
  extraGuests: 1,
  extraGuestFeeCents: 13_500,
  cleaningFeeCents: 5_000,
  serviceFeeCents: 12_200,
  taxCents: 6_710,
  totalCents: 140_910,
  depositCents: 30_000,
};

const lines = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-price-line]')].map((el) => [
    el.getAttribute('data-price-line'),
    within(el as HTMLElement).getByRole('term').textContent,
    within(el as HTMLElement).getByRole('definition').textContent,
  ]);

describe('PriceBreakdownList', () => {
  it('groups the nights by price, names the discount and extra guests, and keeps the deposit apart from the total', () => {
    const { container, getByTestId } = render(<PriceBreakdownList breakdown={breakdown} totalTestId="total" />);
    expect(lines(container)).toEqual([
      ['nights', '$100.00 × 6 nights', '$600.00'],
      ['nights', '$150.00 × 1 weekend night', '$150.00'],
      ['nights', '$200.00 × 2 nights (price period)', '$400.00'],
      ['discount', 'Weekly discount (10%)', '-$115.00'],
      ['extra_guests', 'Extra guests (1 × $15.00 × 9 nights)', '$135.00'],
      ['cleaning', 'Cleaning fee', '$50.00'],
      ['service', 'Service fee', '$122.00'],
      ['vat', 'VAT', '$67.10'],
      ['deposit', 'Security deposit — held, not charged', '$300.00'],
    ]);
    expect(getByTestId('total').textContent).toBe('$1,409.10');
    // The deposit comes after the total: it is not part of it.
    const total = getByTestId('total');
    const deposit = container.querySelector('[data-price-line="deposit"]')!;
    expect(total.compareDocumentPosition(deposit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('prints one nights line for a flat price and no deposit line without one', () => {
    const flat: PriceBreakdown = {
      ...breakdown,
      nights: 2,
      nightlyCents: 8_050,
      nightly: [night('2026-12-01', 8_050), night('2026-12-02', 8_050)],
      subtotalCents: 16_100,
      discounts: [],
      extraGuests: 0,
      extraGuestFeeCents: 0,
      cleaningFeeCents: 0,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 16_100,
      depositCents: 0,
    };
    const { container } = render(<PriceBreakdownList breakdown={flat} />);
    expect(lines(container)).toEqual([
      ['nights', '$80.50 × 2 nights', '$161.00'],
      ['vat', 'VAT', '$0.00'],
    ]);
  });
});
