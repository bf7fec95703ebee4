// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HostPayouts } from '#shared/schemas/payouts';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { NO_HISTORY, NO_UPCOMING, PayoutsPage } from './payouts-page';

setUpComponentTests({ muteToasts: true });
const routes = [{ path: '/dashboard/payouts', element: <PayoutsPage /> }];

const empty: HostPayouts = {
  currency: 'usd',
  balance: { pendingCents: 0, availableCents: 0, paidCents: 0 },
  account: { status: 'none', provider: 'sandbox' },
  upcoming: [],
  history: [],
};

describe('PayoutsPage', () => {
  it('says so when nothing is upcoming or paid, and sends the host to onboarding', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = stubFetch({
      'GET /api/host/payouts': json(empty),
      'POST /api/host/payouts/account': json({ url: 'http://localhost:3000/api/payouts/sandbox/onboarding/abc' }),
    });
    await renderRoutes(routes, ['/dashboard/payouts']);
    expect(await screen.findByText(NO_UPCOMING)).toBeDefined();
    expect(screen.getByText(NO_HISTORY)).toBeDefined();
    expect(screen.getByText(/Not connected/)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/payouts/sandbox/onboarding/abc'),
    );
    expect(fetch).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('shows the balance, the stays of each payout with deductions, and the dashboard button once enabled', async () => {
    stubFetch({
      'GET /api/host/payouts': json({
        ...empty,
        balance: { pendingCents: 30_000, availableCents: 0, paidCents: 15_000 },
        account: { status: 'enabled', provider: 'stripe' },
        history: [
          {
            id: 'p1',
            amountCents: 15_000,
            currency: 'usd',
            status: 'paid',
            createdAt: '2026-12-05T10:00:00.000Z',
            paidAt: '2026-12-05T10:00:00.000Z',
            failure: null,
            lines: [
              {
                bookingId: 'b1',
                title: 'Sea view flat',
                checkIn: '2026-12-03',
                checkOut: '2026-12-05',
                kind: 'host_share_available',
                amountCents: 20_000,
              },
              {
                bookingId: 'b0',
                title: 'Hill cabin',
                checkIn: '2026-11-20',
                checkOut: '2026-11-22',
                kind: 'refund',
                amountCents: -5_000,
              },
            ],
          },
        ],
      } satisfies HostPayouts),
    });
    await renderRoutes(routes, ['/dashboard/payouts']);
    expect(await screen.findByRole('button', { name: 'Open Stripe dashboard' })).toBeDefined();
    expect(screen.getByText('$300.00')).toBeDefined();
    const payout = within(screen.getByRole('region', { name: 'Payout history' }));
    expect(payout.getByText(/Deduction: refund on Hill cabin/)).toBeDefined();
    expect(payout.getByText(/^-?\$?-?50\.00$/)).toBeDefined();
    expect(payout.getByText('$150.00')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/host/payouts.csv');
  });
});
