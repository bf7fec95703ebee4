// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_HOME_SETTINGS } from '#shared/stay-rules';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch, testQueryClient } from '#client/test/render-routes';
import { Component as CheckoutPage } from './checkout-page';
import { aBooking } from '#shared/test/booking-factory';

const home = {
  _id: 'h1',
  title: 'Test flat',
  location: 'Lisbon, Portugal',
  image: '/placeholder-home.svg',
  images: [],
  price: 100,
  total_guest: 2,
  bedrooms: 1,
  bathrooms: 1,
  description: '',
  from: '2026-01-01',
  to: '2036-01-01',
  hostEmail: 'host@stayhub.test',
  email: 'host@stayhub.test',
  cleaningFee: 25,
  cancellationPolicy: 'moderate',
  ...DEFAULT_HOME_SETTINGS,
};
// The server's price (the page shows it; it never works one out itself): $300 + $25 cleaning + $16.25 tax.
const breakdown = {
  nights: 3,
  nightlyCents: 10_000,
  nightly: [],
  discounts: [],
  guests: 1,
  extraGuests: 0,
  extraGuestFeeCents: 0,
  depositCents: 0,
  subtotalCents: 30_000,
  cleaningFeeCents: 2_500,
  serviceFeeCents: 0,
  taxCents: 1_625,
  totalCents: 34_125,
};
const quote = json({ breakdown, cancellationPolicy: 'moderate', bookingMode: 'instant' });
const intent = {
  clientSecret: 'pi_1_secret_x',
  bookingId: 'b1',
  paymentIntentId: 'pi_1',
  amount: 341.25,
  nights: 3,
  breakdown,
  holdExpiresAt: new Date(Date.now() + 900_000).toISOString(),
  bookingMode: 'instant',
  provider: 'sandbox',
};

setUpComponentTests();

async function render(search: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'session'], { id: 'u1', email: 'guest@stayhub.test', name: 'Sam Rivera' });
  const view = await renderRoutes(
    [
      { path: '/chackout', Component: CheckoutPage },
      // Where a booked or requested stay leads.
      { path: '/dashboard/my-booking', element: <p>My bookings</p> },
    ],
    [`/chackout${search}`],
    queryClient,
    { strict: true },
  );
  return view.container;
}

describe('checkout page', () => {
  it('asks for the payment intent once under StrictMode, opens on the first tab and enables Pay with the secret', async () => {
    const fetchMock = stubFetch({
      'GET /api/home/h1': json(home),
      'GET /api/home/h1/quote': quote,
      'GET /api/payments/config': json({ provider: 'sandbox' }),
      'POST /api/payment-intent': ({ body }) => {
        expect(body).toEqual({ homeId: 'h1', checkIn: '2030-05-01', checkOut: '2030-05-04', guests: 2, price: 341.25 });
        return json(intent);
      },
    });
    const view = await render('?homeId=h1&checkIn=2030-05-01&checkOut=2030-05-04&guests=2');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('1 Review house rules'));
    expect(view.textContent).toContain('3 nights in Lisbon, Portugal');
    // The server's lines, VAT showing the tax, and the total the hold is asked for.
    const summary = screen.getByRole('complementary', { name: 'Test flat' });
    expect(summary.textContent).toContain('$100.00 × 3 nights$300.00');
    expect(summary.textContent).toContain('Cleaning fee$25.00');
    expect(summary.textContent).toContain('VAT$16.25');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$341.25');
    expect(summary.textContent).toContain('Cancellation policy: Moderate');
    expect(summary.textContent).not.toContain('Request to book');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payment-intent')).toHaveLength(1),
    );
    // A call that must not come has no event to wait for: a short, bounded look for a second one.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payment-intent')).toHaveLength(1);
  });

  it('says a request to book is one from the first step, beside the stay', async () => {
    stubFetch({
      'GET /api/home/h1': json(home),
      'GET /api/home/h1/quote': json({ breakdown, cancellationPolicy: 'moderate', bookingMode: 'request' }),
      'GET /api/payments/config': json({ provider: 'sandbox' }),
      'POST /api/payment-intent': json({ ...intent, bookingMode: 'request' }),
    });
    await render('?homeId=h1&checkIn=2030-05-01&checkOut=2030-05-04&guests=2');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('1 Review house rules'));
    const summary = screen.getByRole('complementary', { name: 'Test flat' });
    expect(summary.textContent).toContain("Request to book — you won't be charged unless the host accepts");
  });

  it('explains a link without a stay and links to all homes', async () => {
    stubFetch({});
    const view = await render('?homeId=h1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/cannot be opened/);
    expect(view.querySelector('a[href="/all-home"]')).not.toBeNull();
  });

  it("shows the server's 409 message with a way back to the home", async () => {
    stubFetch({
      'GET /api/home/h1': json(home),
      'GET /api/home/h1/quote': quote,
      'GET /api/payments/config': json({ provider: 'sandbox' }),
      'POST /api/payment-intent': json(
        {
          error: {
            code: 'dates_unavailable',
            message: 'These dates are no longer available. Please choose other dates.',
          },
        },
        409,
      ),
    });
    await render('?homeId=h1&checkIn=2030-05-01&checkOut=2030-05-04&guests=1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('no longer available');
    const back = within(alert).getByRole('link', { name: 'Back to the home' });
    expect(back.getAttribute('href')).toBe('/details/h1?checkIn=2030-05-01&checkOut=2030-05-04&guests=1');
  });

  it('paid but not booked: the server refuses the booking and "Booking isn\'t added" shows', async () => {
    const error = vi.spyOn(toast, 'error');
    const fetchMock = stubFetch({
      'GET /api/home/h1': json(home),
      'GET /api/home/h1/quote': quote,
      'GET /api/payments/config': json({ provider: 'sandbox' }),
      'POST /api/payment-intent': json(intent),
      'POST /api/payments/sandbox/confirm': json({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
      'POST /api/bookings': json(
        { error: { code: 'hold_expired', message: 'Your hold ended before the booking was made.' } },
        409,
      ),
    });
    await render('?homeId=h1&checkIn=2030-05-01&checkOut=2030-05-04&guests=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: TEXTS.agreeAndContinue }));
    await user.click(await screen.findByRole('button', { name: TEXTS.continue }));
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/Expiry/), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Name on card'), 'Sam Rivera');
    const pay = () => screen.getByRole<HTMLButtonElement>('button', { name: TEXTS.pay });
    await waitFor(() => expect(pay().disabled).toBe(false));
    await user.click(pay());
    await waitFor(() => expect(error).toHaveBeenCalledWith(TEXTS.bookingFailed));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/bookings')).toBe(true);
    expect(pay().disabled).toBe(false);
  });

  it("a sent request says when the host answers: the booking's respondBy, on the guest's clock", async () => {
    const success = vi.spyOn(toast, 'success');
    const respondBy = '2030-04-02T15:30:00.000Z';
    stubFetch({
      'GET /api/home/h1': json({ ...home, bookingMode: 'request' }),
      'GET /api/home/h1/quote': json({ breakdown, cancellationPolicy: 'moderate', bookingMode: 'request' }),
      'GET /api/payments/config': json({ provider: 'sandbox' }),
      'POST /api/payment-intent': json({ ...intent, bookingMode: 'request' }),
      'POST /api/payments/sandbox/confirm': json({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } }),
      'POST /api/bookings': json({ acknowledged: true, insertedId: 'b1' }),
      'GET /api/bookings/b1/receipt': json(
        aBooking({
          title: 'Test flat',
          location: 'Lisbon, Portugal',
          from: '2030-05-01',
          to: '2030-05-04',
          nights: 3,
          total: 341.25,
          status: 'requested',
          bookingMode: 'request',
          respondBy,
          requestedAt: '2030-04-01T15:30:00.000Z',
          guestEmail: 'guest@stayhub.test',
          hostEmail: 'host@stayhub.test',
          createdAt: '2030-04-01T15:20:00.000Z',
          breakdown,
          cancellationPolicy: 'moderate',
          timeZone: 'Europe/Lisbon',
          depositStatus: null,
        }),
      ),
    });
    // Dates of its own: the tests before left a checkout draft (its step) for theirs.
    await render('?homeId=h1&checkIn=2030-06-01&checkOut=2030-06-04&guests=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: TEXTS.agreeAndContinue }));
    await user.click(await screen.findByRole('button', { name: TEXTS.continue }));
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/Expiry/), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Name on card'), 'Sam Rivera');
    const pay = await screen.findByRole<HTMLButtonElement>('button', { name: /Request to book|Pay/ });
    await waitFor(() => expect(pay.disabled).toBe(false));
    await user.click(pay);
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(respondBy),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        `Request sent. The host answers by ${when}; you are charged only if they accept.`,
        expect.anything(),
      ),
    );
  });
});
