// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { Reservation } from '#shared/schemas/reservations';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { NO_MATCHES, NO_RESERVATIONS, ReservationsPage } from './reservations-page';

setUpComponentTests({ muteToasts: true });
const routes = [{ path: '/dashboard/reservations', element: <ReservationsPage /> }];

const reservation = (id: string, fields: Partial<Reservation> = {}): Reservation => ({
  id,
  homeId: 'h1',
  homeTitle: 'Sea view flat',
  location: 'Lisbon',
  image: '/placeholder-home.svg',
  guestId: 'u1',
  guestName: 'Ada Guest',
  guestEmail: 'ada@example.test',
  from: '2026-12-10',
  to: '2026-12-13',
  nights: 3,
  guests: 2,
  message: 'Arriving late',
  amountCents: 36_000,
  status: 'confirmed',
  respondBy: null,
  hostMessage: null,
  when: 'upcoming',
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  split: null,
  ...fields,
});

const LIST = [
  reservation('r1', { when: 'current', guestName: 'Cy Now', from: '2026-11-20', to: '2026-11-23' }),
  reservation('r2'),
  reservation('r3', { homeId: 'h2', homeTitle: 'Hill cabin', guestName: 'Bo Cabin' }),
  reservation('r4', {
    when: 'past',
    guestName: 'Di Past',
    status: 'cancelled',
    cancelledBy: 'host',
    cancelReason: 'Flood',
  }),
  // Cancelled by its guest before it began: listed under Cancelled, not counted as upcoming.
  reservation('r5', { guestName: 'Ed Gone', status: 'cancelled', cancelledBy: 'guest' }),
];

describe('ReservationsPage', () => {
  it(
    'groups stays as staying now, upcoming and past, and filters them by home and by group',
    { timeout: 20_000 },
    async () => {
      stubFetch({ 'GET /api/host/reservations': json({ reservations: LIST }) });
      await renderRoutes(routes, ['/dashboard/reservations']);
      const group = (name: string) =>
        screen.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) }).closest('section')!;
      await screen.findByText('Cy Now');
      expect(within(group('Staying now')).getByText('Cy Now')).toBeDefined();
      const upcoming = group('Upcoming');
      expect(upcoming.querySelectorAll('tbody tr')).toHaveLength(2);
      expect(within(upcoming).queryByText('Ed Gone')).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: /^Upcoming/ }).textContent).toBe('Upcoming (2)');
      const row = within(upcoming).getByText('Ada Guest').closest('tr')!;
      for (const text of ['Sea view flat', 'Dec 10, 2026', '3 nights', 'Arriving late', '$360.00', 'Confirmed']) {
        expect(row.textContent).toContain(text);
      }
      expect(screen.queryByRole('heading', { level: 2, name: /^Past/ })).toBeNull();
      const past = group('Cancelled');
      expect(past.querySelectorAll('tbody tr')).toHaveLength(2);
      expect(within(past).getByText('Cancelled by you')).toBeDefined();
      expect(within(past).getByText('Cancelled by the guest')).toBeDefined();
      expect(within(past).getByText('Reason: Flood')).toBeDefined();
      expect(within(past).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
      // A coming guest's profile (reviews from other hosts) is a link away; a past one's is not.
      expect(within(row).getByRole('link', { name: 'Guest profile' }).getAttribute('href')).toBe(
        '/dashboard/guests/u1',
      );
      expect(within(past).queryByRole('link', { name: 'Guest profile' })).toBeNull();

      await userEvent.selectOptions(screen.getByLabelText('Home'), 'Hill cabin');
      expect(screen.queryByText('Ada Guest')).toBeNull();
      expect(screen.getByText('Bo Cabin')).toBeDefined();
      await userEvent.selectOptions(screen.getByLabelText('Show'), 'Past');
      expect(screen.getByText(NO_MATCHES)).toBeDefined();
      await userEvent.selectOptions(screen.getByLabelText('Home'), '');
      await userEvent.selectOptions(screen.getByLabelText('Show'), 'Cancelled');
      expect(screen.getByText('Ed Gone')).toBeDefined();
      expect(screen.queryByText('Ada Guest')).toBeNull();
    },
  );

  it("shows each stay's split: the guest's payment, the fee, the host's payout and its date", async () => {
    const split = {
      paidCents: 36_000,
      serviceFeeCents: 3_600,
      taxCents: 0,
      hostPayoutCents: 32_400,
      hostPayoutAt: '2026-12-11T12:00:00.000Z',
      paidOutAt: null,
    };
    stubFetch({
      'GET /api/host/reservations': json({
        reservations: [
          reservation('r1', { split }),
          reservation('r2', { guestName: 'Bo Paid', split: { ...split, paidOutAt: '2026-12-12T09:00:00.000Z' } }),
        ],
      }),
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    const first = within((await screen.findByText('Ada Guest')).closest('tr')!);
    // Folded under the amount, so the table fits a desktop screen; the host opens it.
    const disclosure = first.getByText('Split').closest('details')!;
    expect(disclosure.open).toBe(false);
    await userEvent.click(first.getByText('Split'));
    expect(disclosure.open).toBe(true);
    const money = within(first.getByLabelText('Where the money goes'));
    expect(money.getByText('$360.00')).toBeDefined();
    expect(money.getByText('-$36.00')).toBeDefined();
    expect(money.getByText('$324.00')).toBeDefined();
    expect(money.getByText('Payable from Dec 11, 2026')).toBeDefined();
    const second = within(screen.getByText('Bo Paid').closest('tr')!);
    expect(second.getByText('Paid out Dec 12, 2026')).toBeDefined();
  });

  it('says so when there are no reservations', async () => {
    stubFetch({ 'GET /api/host/reservations': json({ reservations: [] }) });
    await renderRoutes(routes, ['/dashboard/reservations']);
    expect(await screen.findByText(NO_RESERVATIONS)).toBeDefined();
  });

  it('asks for a reason, keeps it when the server refuses, and cancels with it', { timeout: 20_000 }, async () => {
    let answer = json(
      { error: { code: 'provider_unavailable', message: 'The payment service is not reachable.' } },
      502,
    );
    const fetch = stubFetch({
      'GET /api/host/reservations': json({ reservations: [reservation('r2')] }),
      'POST /api/host/reservations/r2/cancel': () => answer,
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this reservation?' });
    expect(within(dialog).getByText(/refunded in full \(\$360\.00\)/)).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(within(dialog).getByText('Say why you cancel: the guest reads it.')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/cancel'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason for the guest/), 'The boiler broke');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(await within(dialog).findByText('The payment service is not reachable.')).toBeDefined();
    expect((within(dialog).getByLabelText(/Reason for the guest/) as HTMLTextAreaElement).value).toBe(
      'The boiler broke',
    );

    answer = json({
      reservation: reservation('r2', { status: 'cancelled', cancelledBy: 'host', cancelReason: 'The boiler broke' }),
      refund: 'refunded',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Reservation cancelled. The guest is refunded in full.'),
    );
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/cancel')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ reason: 'The boiler broke' });
  });

  const REQUEST = reservation('q1', {
    status: 'requested',
    guestName: 'Flo Request',
    respondBy: '2026-12-01T15:30:00.000Z',
  });

  it('accepts a request at once: busy, then a toast and the refreshed list', { timeout: 20_000 }, async () => {
    let list = [REQUEST];
    let release!: () => void;
    const fetch = stubFetch({
      'GET /api/host/reservations': () => json({ reservations: list }),
      'POST /api/host/reservations/q1/accept': () =>
        new Promise<Response>((resolve) => {
          release = () => {
            list = [{ ...REQUEST, status: 'confirmed', respondBy: null }];
            resolve(json({ reservation: list[0] }));
          };
        }),
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    const requests = (await screen.findByRole('heading', { level: 2, name: /^Requests/ })).closest('section')!;
    const row = within(requests).getByText('Flo Request').closest('tr')!;
    expect(row.textContent).toContain('Request: awaiting your answer');
    const answerBy = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-12-01T15:30:00.000Z'),
    );
    expect(row.textContent).toContain(`Answer by ${answerBy}`);
    expect(within(row).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    const busy = await within(row).findByRole('button', { name: 'Accepting…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((within(row).getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Request accepted: Flo Request's stay is confirmed and the card is charged.",
      ),
    );
    const upcoming = (await screen.findByRole('heading', { level: 2, name: /^Upcoming/ })).closest('section')!;
    expect(within(upcoming).getByText('Confirmed')).toBeDefined();
    expect(screen.queryByRole('heading', { level: 2, name: /^Requests/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/accept'))).toHaveLength(1);
  });

  it('shows the server message and refreshes when the request ended meanwhile (409)', async () => {
    let list = [REQUEST];
    stubFetch({
      'GET /api/host/reservations': () => json({ reservations: list }),
      'POST /api/host/reservations/q1/accept': () => {
        list = [{ ...REQUEST, status: 'cancelled', cancelledBy: 'guest', respondBy: null }];
        return json({ error: { code: 'not_requested', message: 'This request is no longer open.' } }, 409);
      },
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This request is no longer open.'));
    expect(await screen.findByText('Cancelled by the guest')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('declines with an optional message checked by the shared schema', { timeout: 20_000 }, async () => {
    let list = [REQUEST];
    const fetch = stubFetch({
      'GET /api/host/reservations': () => json({ reservations: list }),
      'POST /api/host/reservations/q1/decline': () => {
        list = [{ ...REQUEST, status: 'declined', respondBy: null, hostMessage: 'Sorry, booked privately' }];
        return json({ reservation: list[0] });
      },
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this request?' });
    expect(within(dialog).getByText(/card is not charged/)).toBeDefined();
    const field = within(dialog).getByLabelText('Message for the guest (optional)');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText('The message can be at most 1000 characters')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/decline'))).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '  Sorry, booked privately ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Request declined. Flo Request is not charged and gets an email.'),
    );
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/decline')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ message: 'Sorry, booked privately' });
    expect(await screen.findByText('Request declined')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('declines without a message', async () => {
    const fetch = stubFetch({
      'GET /api/host/reservations': json({ reservations: [REQUEST] }),
      'POST /api/host/reservations/q1/decline': json({ reservation: { ...REQUEST, status: 'declined' } }),
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/decline'))).toBe(true));
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/decline')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({});
  });
});
