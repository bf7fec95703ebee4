// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { BookingsScreen } from './bookings-screen';
import { refundSentence } from './cancel-booking-dialog';

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

/** My Bookings for the guest; All Bookings for an admin (`email` null). */
const renderScreen = (email: string | null = 'guest@example.com') =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <BookingsScreen
            title="My Bookings"
            intro=""
            email={email}
            cancelledNotice={TEXTS.guestBookingCancelled}
            empty={<p>none</p>}
          />
        ),
      },
    ],
    ['/'],
  );

describe('the cancel dialog', () => {
  it("shows the server's refund before Yes, and Yes waits for it", async () => {
    let answer: ((r: Response) => void) | undefined;
    stubFetch({
      'GET /api/bookings': json([booking]),
      'GET /api/bookings/b1/cancellation': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await renderScreen();
    const row = (await screen.findAllByRole('row'))[1]!;
    // The compact price cell: the nights line and the charged cleaning fee.
    expect(row.textContent).toContain('Cleaning fee $25.00');
    // The deposit is said apart: held on the card, not part of what was paid.
    expect(row.textContent).toContain('Security deposit $300.00, held, not charged');
    expect(within(row).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe('/dashboard/receipt/b1');
    await userEvent.click(within(row).getByRole('button', { name: TEXTS.cancelBooking }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status').textContent).toBe('Working out your refund…');
    expect((within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    answer!(
      json({ cancellationPolicy: 'strict', percent: 50, refundCents: 11_250, totalCents: 22_500, byPolicy: true }),
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('refund-amount').textContent).toBe(
        'You will be refunded $112.50 of the $225.00 paid under the Strict cancellation policy, to your card.',
      ),
    );
    expect((within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).getByText(/The dates become free again/)).toBeDefined();
  });

  it("tells an admin on All Bookings that the refund goes to the guest's card", async () => {
    stubFetch({
      'GET /api/bookings': json([booking]),
      'GET /api/bookings/b1/cancellation': json({
        cancellationPolicy: 'strict',
        percent: 100,
        refundCents: 22_500,
        totalCents: 22_500,
        byPolicy: true,
      }),
    });
    await renderScreen(null);
    const row = (await screen.findAllByRole('row'))[1]!;
    await userEvent.click(within(row).getByRole('button', { name: TEXTS.cancelBooking }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByTestId('refund-amount')).textContent).toBe(
      "The payment of $225.00 is refunded to the guest's card.",
    );
  });

  it('offers no Cancle on a stay whose check-in day has begun (the server refuses it: 409 stay_started)', async () => {
    stubFetch({ 'GET /api/bookings': json([{ ...booking, from: '2020-05-01', to: '2020-05-03' }]) });
    await renderScreen();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).queryByRole('button', { name: TEXTS.cancelBooking })).toBeNull();
    expect(within(row).getByText('No action')).toBeDefined();
  });
});

describe('refundSentence', () => {
  const quote = { cancellationPolicy: 'moderate' as const, percent: 0 as const, refundCents: 0, totalCents: 18_099 };
  it("words each case by the server's numbers", () => {
    expect(refundSentence({ ...quote, byPolicy: true })).toBe(
      'No refund under the Moderate cancellation policy: the $180.99 paid is not refunded.',
    );
    expect(refundSentence({ ...quote, byPolicy: false })).toBe('No payment was taken, so there is nothing to refund.');
    expect(refundSentence({ ...quote, percent: 100, refundCents: 18_099, byPolicy: true })).toBe(
      'The payment of $180.99 is refunded to your card.',
    );
  });

  it("tells an admin the money goes to the guest's card", () => {
    expect(refundSentence({ ...quote, percent: 100, refundCents: 18_099, byPolicy: true }, 'guest')).toBe(
      "The payment of $180.99 is refunded to the guest's card.",
    );
    expect(
      refundSentence(
        { ...quote, cancellationPolicy: 'strict', percent: 50, refundCents: 9_050, byPolicy: true },
        'guest',
      ),
    ).toBe('The guest is refunded $90.50 of the $180.99 paid under the Strict cancellation policy, to their card.');
  });
});
