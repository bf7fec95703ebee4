// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { DamageClaim } from '#shared/schemas/deposits';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { DamageClaimsPage, NO_CLAIMS } from './damage-claims-page';

setUpComponentTests({ muteToasts: true });
const routes = [{ path: '/dashboard/damage-claims', element: <DamageClaimsPage /> }];

const claim = (bookingId: string, fields: Partial<DamageClaim> = {}): DamageClaim => ({
  bookingId,
  amount: 200,
  status: 'claimed',
  releaseAt: '2026-12-01T11:00:00.000Z',
  claim: { amount: 150, reason: 'Broken window', filedAt: '2026-11-26T09:00:00.000Z' },
  capturedAmount: null,
  decidedAt: null,
  releasedAt: null,
  homeTitle: 'Sea view flat',
  checkIn: '2026-11-25',
  checkOut: '2026-11-28',
  guestEmail: 'ada@example.test',
  hostEmail: 'hal@example.test',
  ...fields,
});

describe('DamageClaimsPage', () => {
  it('says so when there are no claims', async () => {
    stubFetch({ 'GET /api/admin/damage-claims': json({ claims: [] }) });
    await renderRoutes(routes, ['/dashboard/damage-claims']);
    expect(await screen.findByText(NO_CLAIMS)).toBeDefined();
  });

  it('captures up to the claimed amount', { timeout: 20_000 }, async () => {
    let claims = [claim('b1'), claim('b2', { status: 'released', homeTitle: 'Hill cabin' })];
    const fetch = stubFetch({
      'GET /api/admin/damage-claims': () => json({ claims }),
      'POST /api/admin/damage-claims/b1/decide': ({ body }) => {
        const amount = (body as { capture: number }).capture;
        claims = [claim('b1', { status: 'captured', capturedAmount: amount }), claims[1]!];
        return json(claims[0]);
      },
    });
    await renderRoutes(routes, ['/dashboard/damage-claims']);
    const row = (await screen.findByText('Sea view flat')).closest('tr')!;
    expect(row.textContent).toContain('$150.00 of a $200.00 deposit');
    expect(row.textContent).toContain('Broken window');
    expect(row.textContent).toContain('Awaiting decision');
    const decided = screen.getByText('Hill cabin').closest('tr')!;
    expect(within(decided).queryByRole('button', { name: 'Capture' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Capture' }));
    const dialog = screen.getByRole('dialog', { name: 'Capture from the deposit?' });
    const amount = within(dialog).getByLabelText(/Amount to capture/) as HTMLInputElement;
    expect(amount.value).toBe('150');
    await userEvent.clear(amount);
    await userEvent.type(amount, '150.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Capture' }));
    expect(await within(dialog).findByText('At most the claimed $150.00')).toBeDefined();
    await userEvent.clear(amount);
    await userEvent.type(amount, '120.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Capture' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('$120.25 captured. Guest and host were mailed.'));
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/decide')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ capture: 120.25 });
    expect(await screen.findByText('$120.25 captured')).toBeDefined();
  });

  it('releases after a confirmation', async () => {
    const fetch = stubFetch({
      'GET /api/admin/damage-claims': json({ claims: [claim('b1')] }),
      'POST /api/admin/damage-claims/b1/decide': json(claim('b1', { status: 'released' })),
    });
    await renderRoutes(routes, ['/dashboard/damage-claims']);
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = screen.getByRole('dialog', { name: 'Release the deposit?' });
    expect(dialog.textContent).toContain('Nothing is charged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Deposit released. Guest and host were mailed.'));
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/decide')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ release: true });
  });
});
