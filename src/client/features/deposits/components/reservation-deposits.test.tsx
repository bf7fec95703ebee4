// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { Deposit } from '#shared/schemas/deposits';
import type { Reservation } from '#shared/schemas/reservations';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { ReservationsPage } from '#client/features/reservations/pages/reservations-page';
import { CLAIM_FILED } from './reservation-deposits';

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
  from: '2026-11-01',
  to: '2026-11-04',
  nights: 3,
  guests: 2,
  message: '',
  amountCents: 36_000,
  status: 'confirmed',
  when: 'past',
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  split: null,
  respondBy: null,
  hostMessage: null,
  ...fields,
});

const deposit = (bookingId: string, fields: Partial<Deposit> = {}): Deposit => ({
  bookingId,
  amount: 200,
  status: 'held',
  releaseAt: '2099-01-01T11:00:00.000Z',
  claim: null,
  capturedAmount: null,
  decidedAt: null,
  releasedAt: null,
  ...fields,
});

describe('Reservations: security deposits and "Report damage"', () => {
  it(
    'lists the stays holding a deposit; only a started stay within the window can report damage',
    { timeout: 20_000 },
    async () => {
      stubFetch({
        'GET /api/host/reservations': json({
          reservations: [
            reservation('past', { guestName: 'Pat Past' }),
            reservation('soon', { guestName: 'Sue Soon', when: 'upcoming', from: '2026-12-10', to: '2026-12-12' }),
            reservation('none', { guestName: 'Nia None' }),
          ],
        }),
        'GET /api/deposits': json({ deposits: [deposit('past'), deposit('soon')] }),
      });
      await renderRoutes(routes, ['/dashboard/reservations']);
      const section = (
        await screen.findByRole('heading', { level: 2, name: 'Security deposits' }, { timeout: 5_000 })
      ).closest('section')!;
      const rows = section.querySelectorAll('tbody tr');
      expect(rows).toHaveLength(2);
      const past = within(section).getByText('Pat Past').closest('tr')!;
      expect(past.textContent).toContain('$200.00 held until Jan 1, 2099');
      expect(within(past).getByRole('button', { name: 'Report damage' })).toBeDefined();
      const soon = within(section).getByText('Sue Soon').closest('tr')!;
      expect(within(soon).queryByRole('button', { name: 'Report damage' })).toBeNull();
      expect(within(section).queryByText('Nia None')).toBeNull();
    },
  );

  it('asks for an amount up to the deposit and a reason, then files the claim', { timeout: 20_000 }, async () => {
    let deposits = [deposit('past')];
    const fetch = stubFetch({
      'GET /api/host/reservations': json({ reservations: [reservation('past')] }),
      'GET /api/deposits': () => json({ deposits }),
      'POST /api/host/reservations/past/damage-claim': ({ body }) => {
        const claim = body as { amount: number; reason: string };
        deposits = [
          deposit('past', {
            status: 'claimed',
            claim: { ...claim, filedAt: '2026-11-05T10:00:00.000Z' },
          }),
        ];
        return json(deposits[0]);
      },
    });
    await renderRoutes(routes, ['/dashboard/reservations']);
    await userEvent.click(await screen.findByRole('button', { name: 'Report damage' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Report damage' });
    expect(dialog.textContent).toContain('The deposit of $200.00 stays held until an admin decides');

    await userEvent.type(within(dialog).getByLabelText(/Amount to claim/), '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File claim' }));
    expect(await within(dialog).findByText('At most the deposit, $200.00')).toBeDefined();
    expect(within(dialog).getByText('Say what was damaged: the guest and the admin read it.')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('damage-claim'))).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText(/Amount to claim/));
    await userEvent.type(within(dialog).getByLabelText(/Amount to claim/), '150.5');
    await userEvent.type(within(dialog).getByLabelText(/What was damaged/), 'Red wine on the sofa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File claim' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLAIM_FILED));
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('damage-claim')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ amount: 150.5, reason: 'Red wine on the sofa' });
    expect(await screen.findByText('Your claim of $150.50 is with an admin')).toBeDefined();
    expect(screen.getByText('Reason: Red wine on the sofa')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Report damage' })).toBeNull();
  });
});
