// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { aBooking } from '#shared/test/booking-factory';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { guestVisible, REQUEST_POLL_MS } from '../lib/present';
import { BookingsScreen } from './bookings-screen';

setUpComponentTests({ muteToasts: true });
afterEach(() => vi.useRealTimers());

const booking = aBooking();

const renderMine = (select?: (bookings: Booking[]) => Booking[]) =>
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
            {...(select ? { select } : {})}
          />
        ),
      },
    ],
    ['/'],
  );

describe('My Bookings following a request', () => {
  it('asks again every 10 s only while a request is open, and shows the answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list: Booking[] = [aBooking({ status: 'requested', respondBy: '2099-04-02T10:00:00.000Z' })];
    const fetch = stubFetch({ 'GET /api/bookings': () => json(list) });
    const gets = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/bookings')).length;
    await renderMine();
    expect(await screen.findByText('Requested — awaiting the host')).toBeDefined();
    expect(gets()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    expect(gets()).toBe(2);

    // The host accepts: the next poll shows it confirmed, and the polling stops.
    list = [aBooking({ status: 'confirmed' })];
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

describe('My Bookings and expired bookings', () => {
  it('shows a request the host never answered as expired, and leaves out an abandoned hold', async () => {
    const unanswered: Booking = {
      ...booking,
      _id: 'b2',
      title: 'Unanswered loft',
      status: 'expired',
      bookingMode: 'request',
      requestedAt: '2099-04-01T10:00:00.000Z',
    };
    const abandoned: Booking = { ...booking, _id: 'b3', title: 'Abandoned loft', status: 'expired' };
    const abandonedRequestMode: Booking = { ...abandoned, _id: 'b4', title: 'Unpaid loft', bookingMode: 'request' };
    stubFetch({ 'GET /api/bookings': () => json([unanswered, abandoned, abandonedRequestMode]) });
    await renderMine(guestVisible);
    expect(await screen.findByText('Unanswered loft')).toBeDefined();
    expect(screen.getByText('Expired — the host did not answer')).toBeDefined();
    expect(screen.queryByText('Abandoned loft')).toBeNull();
    expect(screen.queryByText('Unpaid loft')).toBeNull();
  });
});
