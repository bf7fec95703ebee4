import { describe, expect, it } from 'vitest';
import type { Deposit } from '#shared/schemas/deposits';
import { canReportDamage, guestDepositText } from './present';

const deposit = (fields: Partial<Deposit> = {}): Deposit => ({
  bookingId: 'b1',
  amount: 200,
  status: 'held',
  releaseAt: '2026-12-01T11:00:00.000Z',
  claim: null,
  capturedAmount: null,
  decidedAt: null,
  releasedAt: null,
  ...fields,
});

describe("the guest's deposit line", () => {
  it('says what happens to the deposit in each state', () => {
    expect(guestDepositText(deposit())).toBe(
      'Security deposit: $200.00 — held, not charged; released after Dec 1, 2026',
    );
    expect(
      guestDepositText(
        deposit({ status: 'claimed', claim: { amount: 80, reason: 'x', filedAt: '2026-11-26T00:00:00Z' } }),
      ),
    ).toBe('Security deposit: $200.00 — the host claimed $80.00 for damage; an admin decides');
    expect(guestDepositText(deposit({ status: 'captured', capturedAmount: 60 }))).toBe(
      'Security deposit: $60.00 of $200.00 charged for damage; the rest released',
    );
    expect(guestDepositText(deposit({ status: 'released' }))).toBe('Security deposit: $200.00 — released');
  });
});

describe('canReportDamage', () => {
  const now = new Date('2026-11-30T00:00:00Z');
  it('from the stay start until the release, while held', () => {
    expect(canReportDamage(deposit(), true, now)).toBe(true);
    expect(canReportDamage(deposit(), false, now)).toBe(false);
    expect(canReportDamage(deposit(), true, new Date('2026-12-01T11:00:00Z'))).toBe(false);
    expect(canReportDamage(deposit({ status: 'claimed' }), true, now)).toBe(false);
  });
});
