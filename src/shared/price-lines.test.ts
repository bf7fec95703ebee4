import { describe, expect, it } from 'vitest';
import type { PriceBreakdown } from './schemas/bookings';
import { bookingDepositState, depositLine, priceLinesText } from './price-lines';

describe('the deposit line (ADR 0051)', () => {
  const b = { depositCents: 20_000 };

  it('says "held, not charged" for a price not booked yet, and while the deposit is or will be held', () => {
    expect(depositLine(b)?.note).toBe('held, not charged');
    expect(depositLine(b, 'pending')?.note).toBe('held, not charged');
    expect(depositLine(b, 'held')?.note).toBe('held, not charged');
  });

  it('says when none is held, or when it is over', () => {
    expect(depositLine(b, 'failed')?.note).toBe('not held: the card could not hold it');
    expect(depositLine(b, null)?.note).toBe('not held');
    expect(depositLine(b, 'released')?.note).toBe('released, not charged');
    expect(depositLine({ depositCents: 0 }, 'held')).toBeNull();
  });

  it("reads a booking's state: still to be held before it stands, else its deposit's", () => {
    expect(bookingDepositState({ status: 'held', depositStatus: null })).toBeUndefined();
    expect(bookingDepositState({ status: 'requested', depositStatus: null })).toBeUndefined();
    expect(bookingDepositState({ status: 'confirmed', depositStatus: null })).toBeNull();
    expect(bookingDepositState({ status: 'confirmed', depositStatus: 'pending' })).toBe('pending');
  });
});

describe('the deposit line of a mail (priceLinesText)', () => {
  const b: PriceBreakdown = {
    nights: 2,
    nightlyCents: 10_000,
    nightly: [
      { date: '2026-12-07', cents: 10_000, kind: 'base' },
      { date: '2026-12-08', cents: 10_000, kind: 'base' },
    ],
    subtotalCents: 20_000,
    discounts: [],
    guests: 1,
    extraGuests: 0,
    extraGuestFeeCents: 0,
    cleaningFeeCents: 0,
    serviceFeeCents: 0,
    taxCents: 0,
    totalCents: 20_000,
    depositCents: 15_000,
  };
  const depositText = (deposit?: Parameters<typeof priceLinesText>[2]) =>
    priceLinesText(b, 'Total paid', deposit).split('\n').at(-1);

  it('a pending deposit will be held on its date; a held one is held; never "held" for one that is not', () => {
    expect(depositText({ status: 'pending', heldOn: '2026-12-01' })).toBe(
      'Security deposit: $150.00 — will be held on 2026-12-01, not charged',
    );
    expect(depositText({ status: 'held' })).toBe('Security deposit: $150.00 — held, not charged');
    expect(depositText({ status: 'failed' })).toBe('Security deposit: $150.00 — not held: the card could not hold it');
    expect(depositText(null)).toBe('Security deposit: $150.00 — not held');
  });

  it('a price not booked yet says its deposit is held, not charged', () => {
    expect(depositText()).toBe('Security deposit: $150.00 — held, not charged');
    expect(priceLinesText({ ...b, depositCents: 0 }, 'Total', { status: 'held' })).not.toContain('Security deposit');
  });
});
