// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { useGuestDepositNotes } from './guest-deposit-note';

setUpComponentTests();

/** Two bookings as My Bookings lists them, each with the note the hook gives it. */
function Notes() {
  const note = useGuestDepositNotes();
  return (
    <ul>
      <li data-testid="b1">{note('b1')}</li>
      <li data-testid="b2">{note('b2')}</li>
    </ul>
  );
}

describe("the guest's deposit note on My Bookings", () => {
  it("shows each booking's deposit state from one request, nothing for a booking without one", async () => {
    const fetch = stubFetch({
      'GET /api/deposits': json({
        deposits: [
          {
            bookingId: 'b1',
            amount: 200,
            status: 'claimed',
            releaseAt: '2026-12-01T11:00:00.000Z',
            claim: { amount: 80, reason: 'Broken lamp', filedAt: '2026-11-26T09:00:00.000Z' },
            capturedAmount: null,
            decidedAt: null,
            releasedAt: null,
          },
        ],
      }),
    });
    await renderRoutes([{ path: '/', element: <Notes /> }], ['/']);
    expect(
      await screen.findByText('Security deposit: $200.00 — the host claimed $80.00 for damage; an admin decides'),
    ).toBeDefined();
    expect(screen.getByTestId('b2').textContent).toBe('');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/deposits?as=guest']);
  });
});
