import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STEPS,
  INITIAL_STEP,
  canPay,
  detailsHref,
  nextStep,
  parseCheckoutQuery,
  quoteCheckout,
  stepOfValue,
  stepValue,
} from './steps';

describe('checkout steps', () => {
  it('opens on the first tab, step 0 (the spec opened tab index 1: a recorded defect)', () => {
    expect(INITIAL_STEP).toBe(0);
    expect(stepValue(INITIAL_STEP)).toBe(CHECKOUT_STEPS[0].value);
  });
  it('has the three tabs in order', () => {
    expect(CHECKOUT_STEPS.map((s) => s.label)).toEqual([
      '1 Review house rules',
      '2 Who is coming?',
      '3 Confirm and pay',
    ]);
  });
  it('Agree and continue goes 0 -> 1, Continue 1 -> 2, and the last step stays', () => {
    expect(nextStep(0)).toBe(1);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBe(2);
  });
  it('maps tab values to steps both ways (tabs may be clicked freely)', () => {
    for (const [i, s] of CHECKOUT_STEPS.entries()) {
      expect(stepOfValue(s.value)).toBe(i);
      expect(stepValue(i as 0 | 1 | 2)).toBe(s.value);
    }
    expect(stepOfValue('nope', 2)).toBe(2);
  });
  it('Pay is enabled only with a secret and while no payment runs', () => {
    expect(canPay({ clientSecret: null, paying: false })).toBe(false);
    expect(canPay({ clientSecret: '', paying: false })).toBe(false);
    expect(canPay({ clientSecret: 'pi_1_secret_x', paying: true })).toBe(false);
    expect(canPay({ clientSecret: 'pi_1_secret_x', paying: false })).toBe(true);
  });
});

describe('the stay in the URL', () => {
  const q = (s: string) => parseCheckoutQuery(new URLSearchParams(s));
  it('reads home, dates and guests', () => {
    expect(q('homeId=h1&checkIn=2026-05-01&checkOut=2026-05-04&guests=2')).toEqual({
      ok: true,
      stay: { homeId: 'h1', checkIn: '2026-05-01', checkOut: '2026-05-04', guests: 2 },
    });
  });
  it('takes 1 guest when none is given', () => {
    expect(q('homeId=h1&checkIn=2026-05-01&checkOut=2026-05-02')).toMatchObject({ ok: true, stay: { guests: 1 } });
  });
  it('refuses a missing home, bad or reversed dates and bad guests', () => {
    for (const s of [
      '',
      'checkIn=2026-05-01&checkOut=2026-05-02',
      'homeId=h1',
      'homeId=h1&checkIn=2026-02-30&checkOut=2026-03-02',
      'homeId=h1&checkIn=2026-05-04&checkOut=2026-05-01',
      'homeId=h1&checkIn=2026-05-01&checkOut=2026-05-01',
      'homeId=h1&checkIn=2026-05-01&checkOut=2026-05-02&guests=0',
      'homeId=h1&checkIn=2026-05-01&checkOut=2026-05-02&guests=1.5',
      'homeId=h1&checkIn=2026-05-01&checkOut=2026-05-02&guests=x',
    ])
      expect(q(s).ok, s).toBe(false);
  });
});

describe('quote', () => {
  const home = { price: 95.5, from: '2026-05-01', to: '2026-06-01', total_guest: 3 };
  const stay = { homeId: 'h1', checkIn: '2026-05-01', checkOut: '2026-05-04', guests: 2 };
  it('accepts a stay inside the window (the price itself comes from the server)', () => {
    const quote = quoteCheckout(home, stay);
    expect(quote).toMatchObject({ ok: true, price: { nights: 3 } });
  });
  it('refuses dates outside the window and too many guests', () => {
    expect(quoteCheckout(home, { ...stay, checkOut: '2026-06-02' }).ok).toBe(false);
    expect(quoteCheckout(home, { ...stay, guests: 4 }).ok).toBe(false);
  });
  it('links back to the details page with the stay', () => {
    expect(detailsHref(stay)).toBe('/details/h1?checkIn=2026-05-01&checkOut=2026-05-04&guests=2');
    expect(detailsHref({ homeId: 'a b' })).toBe('/details/a%20b');
  });
});
