import { describe, expect, it } from 'vitest';
import { bookingDepositState, depositLine } from './price-lines';

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
