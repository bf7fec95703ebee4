// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { Component as ReceiptPage } from './receipt';

setUpComponentTests();

const booking: Booking = {
  _id: 'b1',
  homeId: 'h1',
  title: 'Sea view flat',
  location: 'Porto',
  image: '/placeholder-home.svg',
  price: 100,
  from: '2026-12-10',
  to: '2026-12-12',
  nights: 2,
  total: 246,
  guests: 1,
  status: 'confirmed',
  bookingMode: 'instant',
  respondBy: null,
  hostMessage: null,
  holdExpiresAt: null,
  paymentReceived: false,
  guestEmail: 'guest@example.com',
  hostEmail: 'host@example.com',
  message: '',
  createdAt: '2026-11-21T10:00:00.000Z',
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
    cleaningFeeCents: 0,
    serviceFeeCents: 2_400,
    taxCents: 2_200,
    totalCents: 24_600,
  },
  cancellationPolicy: 'flexible',
  timeZone: 'UTC',
  cancelledAt: null,
  cancelledBy: null,
  refund: null,
  split: {
    paidCents: 24_600,
    serviceFeeCents: 2_400,
    taxCents: 2_200,
    hostPayoutCents: 20_000,
    hostPayoutAt: '2026-12-11T12:00:00.000Z',
  },
};

const routes = [{ path: '/dashboard/receipt/:id', element: <ReceiptPage /> }];

describe('the receipt', () => {
  it("shows where the money goes: paid, the fee, the tax, the host's payout and its date", async () => {
    stubFetch({ 'GET /api/bookings/b1/receipt': json(booking) });
    await renderRoutes(routes, ['/dashboard/receipt/b1']);
    const section = (await screen.findByRole('heading', { name: 'Where the money goes' })).closest('section')!;
    expect(section.textContent).toContain('Paid by the guest$246.00');
    expect(section.textContent).toContain('Service fee (StayHub)$24.00');
    expect(section.textContent).toContain('Tax$22.00');
    expect(screen.getByTestId('receipt-host-payout').textContent).toBe('$200.00');
    expect(section.textContent).toContain('Dec 11, 2026, 12:00 PM');
  });

  it('has no split when no money was taken', async () => {
    stubFetch({ 'GET /api/bookings/b1/receipt': json({ ...booking, status: 'declined', split: null }) });
    await renderRoutes(routes, ['/dashboard/receipt/b1']);
    await screen.findByRole('heading', { name: 'Price' });
    expect(screen.queryByRole('heading', { name: 'Where the money goes' })).toBeNull();
  });
});
