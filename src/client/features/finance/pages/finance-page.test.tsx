// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FinanceResponse, LedgerEntry } from '#shared/schemas/ledger';
import { json, renderRoutes, setUpComponentTests, stubFetch, type FetchHandler } from '#client/test/render-routes';
import { FinancePage } from './finance-page';

setUpComponentTests();
// Only Date is faked: "this month" is November 2026, and Testing Library's timers still run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const routes = [{ path: '/dashboard/finance', element: <FinancePage /> }];
const BOOKING = '6f1c2a3b-1111-4222-8333-444455556666';

const figures = (from: string, to: string, gross: number): FinanceResponse => ({
  from: `${from}T00:00:00.000Z`,
  to: `${to}T00:00:00.000Z`,
  currency: 'usd',
  grossBookingsCents: gross,
  platformFeesCents: 3_600,
  taxesCollectedCents: 3_360,
  refundsCents: 12_000,
  depositsCapturedCents: 0,
  payoutsMadeCents: 20_000,
  payoutsFailedCents: 0,
  transferReversalsCents: 0,
  heldForHostsCents: 9_040,
  depositsHeldCents: 20_000,
});

const line = (
  account: LedgerEntry['account'],
  amountCents: number,
  kind: LedgerEntry['kind'] = 'charge',
): LedgerEntry => ({
  transactionId: kind === 'charge' ? 't1' : 't2',
  account,
  hostId: account.startsWith('host_') ? 'host-1' : null,
  amountCents,
  currency: 'usd',
  bookingId: BOOKING,
  payoutId: null,
  kind,
  at: '2026-11-03T09:30:00.000Z',
});

const finance: FetchHandler = ({ url }) => {
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  return json(figures(from, to, from === '2026-11-01' ? 48_000 : 7_000));
};

describe('FinancePage', () => {
  it("shows this month's figures and the CSV link, then another period's", async () => {
    const fetch = stubFetch({ 'GET /api/admin/finance': finance });
    await renderRoutes(routes, ['/dashboard/finance']);
    const gross = await screen.findByText('Gross bookings');
    expect(gross.parentElement!.textContent).toContain('$480.00');
    expect(screen.getByText('Held for hosts').parentElement!.textContent).toContain('$90.40');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/admin/finance?from=2026-11-01&to=2026-12-01');
    const csv = screen.getByRole('link', { name: 'Download the ledger (CSV)' });
    expect(csv.getAttribute('href')).toBe('/api/admin/ledger.csv?from=2026-11-01&to=2026-12-01');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To (not included)');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end must be after the start')).toBeDefined();
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('$70.00')).toBeDefined();
    expect(csv.getAttribute('href')).toBe('/api/admin/ledger.csv?from=2026-10-01&to=2026-11-01');
  });

  it("shows a searched booking's ledger lines, signed", async () => {
    stubFetch({
      'GET /api/admin/finance': finance,
      'GET /api/admin/ledger': ({ url }) =>
        json({
          entries:
            url.searchParams.get('bookingId') === BOOKING
              ? [
                  line('platform_cash', 48_000),
                  line('host_pending', -41_040),
                  line('platform_fees', -3_600),
                  line('taxes_collected', -3_360),
                ]
              : [],
          truncated: false,
        }),
    });
    await renderRoutes(routes, ['/dashboard/finance']);
    const id = await screen.findByLabelText('Booking id');
    await userEvent.type(id, 'not-an-id');
    await userEvent.click(screen.getByRole('button', { name: 'Show lines' }));
    expect(await screen.findByText(/Enter a booking id/)).toBeDefined();
    await userEvent.clear(id);
    await userEvent.type(id, BOOKING);
    await userEvent.click(screen.getByRole('button', { name: 'Show lines' }));
    const table = await screen.findByRole('region', { name: "The booking's ledger lines" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2026-11-03 09:30 UTCChargeplatform_cash$480.00',
      '2026-11-03 09:30 UTCChargehost_pending-$410.40',
      '2026-11-03 09:30 UTCChargeplatform_fees-$36.00',
      '2026-11-03 09:30 UTCChargetaxes_collected-$33.60',
    ]);
  });
});
