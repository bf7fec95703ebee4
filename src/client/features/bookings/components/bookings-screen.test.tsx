// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { REQUEST_POLL_MS } from '../lib/present';
import { BookingsScreen } from './bookings-screen';

setUpComponentTests({ muteToasts: true });
afterEach(() => vi.useRealTimers());

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
  bookingMode: 'instant',
  respondBy: null,
  hostMessage: null,
  holdExpiresAt: null,
  paymentReceived: false,
  guestEmail: 'guest@example.com',
  hostEmail: 'host@example.com',
  message: '',
  createdAt: '2030-04-01T10:00:00.000Z',
  breakdown: {
    nights: 2,
    nightlyCents: 10_000,
    nightly: [],
    discounts: [],
    guests: 1,
    extraGuests: 0,
    extraGuestFeeCents: 0,
    depositCents: 30_000,
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
  depositStatus: 'held',
};

const renderMine = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <BookingsScreen
            title="My Bookings"
            intro=""
            email="guest@example.com"
            cancelledNotice={TEXTS.guestBookingCancelled}
            empty={<p>none</p>}
            followRequests
          />
        ),
      },
    ],
    ['/'],
  );

describe('My Bookings following a request', () => {
  it('asks again every 10 s only while a request is open, and shows the answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list: Booking[] = [{ ...booking, status: 'requested', respondBy: '2099-04-02T10:00:00.000Z' }];
    const fetch = stubFetch({ 'GET /api/bookings': () => json(list) });
    const gets = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/bookings')).length;
    await renderMine();
    expect(await screen.findByText('Requested — awaiting the host')).toBeDefined();
    expect(gets()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    expect(gets()).toBe(2);

    // The host accepts: the next poll shows it confirmed, and the polling stops.
    list = [{ ...booking, status: 'confirmed' }];
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    expect(await screen.findByText('Confirmed')).toBeDefined();
    expect(gets()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(3 * REQUEST_POLL_MS));
    expect(gets()).toBe(3);
  });

  it('does not poll when no request is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubFetch({ 'GET /api/bookings': () => json([booking]) });
    await renderMine();
    expect(await screen.findByText('Confirmed')).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(3 * REQUEST_POLL_MS));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/bookings'))).toHaveLength(1);
  });
});
