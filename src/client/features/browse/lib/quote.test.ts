import { describe, expect, it } from 'vitest';
import type { Home } from '#shared/schemas/homes';
import { quoteStay } from './quote';

const home = {
  price: 80.25,
  total_guest: 3,
  from: '2026-06-01',
  to: '2026-06-10',
} as Home;

describe('quoteStay', () => {
  it('totals nights x nightly price', () => {
    const quote = quoteStay(home, '2026-06-02', '2026-06-05', 2);
    expect(quote.problem).toBeNull();
    expect(quote.price).toMatchObject({ nights: 3, nightlyCents: 8025, totalCents: 24075 });
  });

  it('explains an invalid choice', () => {
    expect(quoteStay(home, '2026-06-05', '2026-06-05', 1).problem).toMatch(/at least one night/);
    expect(quoteStay(home, '2026-06-06', '2026-06-05', 1).problem).toMatch(/after check-in/);
    expect(quoteStay(home, '', '2026-06-05', 1).problem).toMatch(/Choose a check-in/);
    expect(quoteStay(home, '2026-05-30', '2026-06-02', 1).problem).toMatch(
      /available from Jun 1, 2026 to Jun 10, 2026/,
    );
    expect(quoteStay(home, '2026-06-02', '2026-06-03', 4).problem).toMatch(/at most 3 guests/);
    expect(quoteStay(home, '2026-06-02', '2026-06-03', 0).problem).toMatch(/at least 1 guest/);
  });

  it('allows check-out on the last available day', () => {
    expect(quoteStay(home, '2026-06-09', '2026-06-10', 1).problem).toBeNull();
  });
});
