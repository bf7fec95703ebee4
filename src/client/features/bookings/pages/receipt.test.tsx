// @vitest-environment jsdom
/** The receipt's total says "Total paid" only when the guest's card was charged. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { Component as ReceiptPage } from './receipt';

setUpComponentTests({ muteToasts: true });

const booking: Booking = {
  _id: 'b1',
  homeId: 'h1',
  title: 'Strict loft',
  location: 'Porto',
  image: '/placeholder-home.svg',
  price: 100,
  from: '2099-05-01',
  to: '2099-05-03',
  nights: 2,
  total: 225,
  guests: 1,
  status: 'confirmed',
  bookingMode: 'request',
  respondBy: null,
  requestedAt: '2099-04-01T10:00:00.000Z',
  hostMessage: null,
  holdExpiresAt: null,
  paymentReceived: false,
  guestEmail: 'guest@example.com',
  hostEmail: 'host@example.com',
  message: '',
  createdAt: '2099-04-01T10:00:00.000Z',
  breakdown: {
    nights: 2,
    nightlyCents: 10_000,
    nightly: [],
    discounts: [],
    guests: 1,
    extraGuests: 0,
    extraGuestFeeCents: 0,
    depositCents: 0,
    subtotalCents: 20_000,
    cleaningFeeCents: 2_500,
    serviceFeeCents: 0,
    taxCents: 0,
    totalCents: 22_500,
  },
  cancellationPolicy: 'strict',
  timeZone: 'UTC',
  cancelledAt: null,
  cancelledBy: null,
  refund: null,
};

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
