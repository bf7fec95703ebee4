import { describe, expect, it } from 'vitest';
import { STAY_TOO_LONG } from './stay';
import { stayRuleProblem } from './stay-rules';

const rules = { from: '2027-03-01', to: '2027-04-01', minNights: 2, maxNights: 5 };

describe('stayRuleProblem', () => {
  it('accepts a stay inside the window between the shortest and the longest stay', () => {
    expect(stayRuleProblem(rules, '2027-03-01', '2027-03-03')).toBeNull();
    expect(stayRuleProblem(rules, '2027-03-27', '2027-04-01')).toBeNull();
  });
  it('refuses a stay that leaves the window, naming the window', () => {
    expect(stayRuleProblem(rules, '2027-02-28', '2027-03-03')).toEqual({
      code: 'dates_outside_window',
      message: 'This home can be booked from Mar 1, 2027 to Apr 1, 2027',
    });
    expect(stayRuleProblem(rules, '2027-03-30', '2027-04-02')?.code).toBe('dates_outside_window');
  });
  it('refuses a stay shorter than the minimum or longer than the maximum', () => {
    expect(stayRuleProblem(rules, '2027-03-05', '2027-03-06')).toEqual({
      code: 'stay_too_short',
      message: 'This home takes stays of at least 2 nights.',
    });
    expect(stayRuleProblem(rules, '2027-03-05', '2027-03-11')).toEqual({
      code: 'stay_too_long',
      message: 'This home takes stays of at most 5 nights. Choose fewer nights.',
    });
  });
  it("words the terms' limit as before when the home allows the longest stay", () => {
    const open = { from: '2027-01-01', to: '2027-12-31', minNights: 1, maxNights: 30 };
    expect(stayRuleProblem(open, '2027-01-01', '2027-02-01')).toEqual({
      code: 'stay_too_long',
      message: STAY_TOO_LONG,
    });
    expect(stayRuleProblem(open, '2027-01-01', '2027-01-31')).toBeNull();
  });
});
