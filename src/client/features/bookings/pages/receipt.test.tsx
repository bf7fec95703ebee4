// @vitest-environment jsdom
/** The receipt's total says "Total paid" only when the guest's card was charged. */
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
