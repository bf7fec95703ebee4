// @vitest-environment jsdom
/** The receipt: "Total paid" only when the guest's card was charged, and where the money goes. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { aBooking } from '#shared/test/booking-factory';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { Component as ReceiptPage } from './receipt';

setUpComponentTests({ muteToasts: true });

const booking = aBooking({
  bookingMode: 'request',
  requestedAt: '2099-04-01T10:00:00.000Z',
  createdAt: '2099-04-01T10:00:00.000Z',
  breakdown: { ...aBooking().breakdown, depositCents: 0 },
  depositStatus: null,
});

async function totalLabel(fields: Partial<Booking>): Promise<string> {
  stubFetch({ 'GET /api/bookings/b1/receipt': () => json({ ...booking, ...fields }) });
  await renderRoutes([{ path: '/dashboard/receipt/:id', element: <ReceiptPage /> }], ['/dashboard/receipt/b1']);
  const total = await screen.findByTestId('receipt-total');
  return total.previousElementSibling?.textContent ?? '';
}

describe('the receipt total', () => {
  it('says "Total paid" for a confirmed stay', async () => {
    expect(await totalLabel({ status: 'confirmed' })).toBe('Total paid');
  });

  it('says "Total paid" for a cancelled stay that had been charged (a refund is recorded)', async () => {
    const refund = { amountCents: 0, status: 'refunded' as const, failureReason: null };
    expect(await totalLabel({ status: 'cancelled', cancelledBy: 'guest', refund })).toBe('Total paid');
  });

  it.each([
    ['an open request', { status: 'requested' as const, respondBy: '2099-04-02T10:00:00.000Z' }],
    ['a declined request', { status: 'declined' as const }],
    ['an expired request', { status: 'expired' as const }],
    ['a withdrawn request', { status: 'cancelled' as const, cancelledBy: 'guest' as const }],
    ['a hold', { status: 'held' as const, bookingMode: 'instant' as const, requestedAt: null }],
  ])('says "Total" for %s: nothing was charged', async (_, fields) => {
    expect(await totalLabel(fields)).toBe('Total');
  });
});

const paidStay = aBooking({
  title: 'Sea view flat',
  from: '2026-12-10',
  to: '2026-12-12',
  total: 246,
  createdAt: '2026-11-21T10:00:00.000Z',
  breakdown: {
    ...aBooking().breakdown,
    depositCents: 0,
    cleaningFeeCents: 0,
    serviceFeeCents: 2_400,
    taxCents: 2_200,
    totalCents: 24_600,
  },
  cancellationPolicy: 'flexible',
  depositStatus: null,
  split: {
    paidCents: 24_600,
    serviceFeeCents: 2_400,
    taxCents: 2_200,
    hostPayoutCents: 20_000,
    hostPayoutAt: '2026-12-11T12:00:00.000Z',
  },
});

const routes = [{ path: '/dashboard/receipt/:id', element: <ReceiptPage /> }];

describe('where the money goes', () => {
  it("shows what the guest paid, the fee, the tax, the host's payout and its date", async () => {
    stubFetch({ 'GET /api/bookings/b1/receipt': json(paidStay) });
    await renderRoutes(routes, ['/dashboard/receipt/b1']);
    const section = (await screen.findByRole('heading', { name: 'Where the money goes' })).closest('section')!;
    expect(section.textContent).toContain('Paid by the guest$246.00');
    expect(section.textContent).toContain('Service fee (StayHub)$24.00');
    expect(section.textContent).toContain('Tax$22.00');
    expect(screen.getByTestId('receipt-host-payout').textContent).toBe('$200.00');
    expect(section.textContent).toContain('Dec 11, 2026, 12:00 PM');
  });

  it('has no split when no money was taken', async () => {
    stubFetch({ 'GET /api/bookings/b1/receipt': json({ ...paidStay, status: 'declined', split: null }) });
    await renderRoutes(routes, ['/dashboard/receipt/b1']);
    await screen.findByRole('heading', { name: 'Price' });
    expect(screen.queryByRole('heading', { name: 'Where the money goes' })).toBeNull();
  });
});
