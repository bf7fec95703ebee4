import { describe, expect, it } from 'vitest';
import {
  ADDRESS_LOCK_AFTER,
  ADDRESS_SLOW_AFTER,
  LOCK_MS,
  RESET_AFTER,
  SLOW_AFTER,
  delayAfter,
  loginThrottle,
  memoryThrottleStore,
  throttleMessage,
} from './throttle';

function throttleAt(start = 0) {
  let now = start;
  const throttle = loginThrottle(memoryThrottleStore(), () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('loginThrottle', () => {
  it('delays 2 s, 4 s, 8 s ... at most 60 s from the slow-down on', () => {
    expect([4, 5, 6, 7, 10, 30].map((f) => delayAfter(f))).toEqual([0, 2000, 4000, 8000, 60_000, 60_000]);
    expect(delayAfter(ADDRESS_SLOW_AFTER - 1, ADDRESS_SLOW_AFTER)).toBe(0);
    expect(delayAfter(ADDRESS_SLOW_AFTER, ADDRESS_SLOW_AFTER)).toBe(2000);
  });

  it('does not hold one account back for the failures of others from the same address', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < ADDRESS_SLOW_AFTER - 1; i++) {
      expect((await throttle.begin('10.0.0.1', `other-${i}@example.test`)).allowed).toBe(true);
    }
    const decision = await throttle.begin('10.0.0.1', 'owner@example.test');
    expect(decision.allowed).toBe(true);
    await throttle.succeeded('10.0.0.1', 'owner@example.test');
    expect((await throttle.begin('10.0.0.1', 'second@example.test')).allowed).toBe(true);
  });

  it('locks an address for 15 minutes after 200 failures on any accounts', async () => {
    const { throttle, advance } = throttleAt();
    let failures = 0;
    while (failures < ADDRESS_LOCK_AFTER) {
      const d = await throttle.begin('10.0.0.2', `spray-${failures}@example.test`);
      if (d.allowed) failures++;
      else advance(d.retryAfterSeconds * 1000);
    }
    const locked = await throttle.begin('10.0.0.2', 'anyone@example.test');
    expect(locked).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: LOCK_MS / 1000 });
    expect(throttleMessage('locked', LOCK_MS / 1000).message).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect((await throttle.begin('10.0.0.3', 'anyone@example.test')).allowed).toBe(true);
    advance(LOCK_MS);
    expect((await throttle.begin('10.0.0.2', 'anyone@example.test')).allowed).toBe(true);
  });

  it('asks for a password reset after 20 failures of one account; the reset clears it', async () => {
    const { throttle, advance } = throttleAt();
    let failures = 0;
    while (failures < RESET_AFTER) {
      const d = await throttle.begin(`10.1.0.${failures}`, 'victim@example.test');
      if (d.allowed) failures++;
      else advance(d.retryAfterSeconds * 1000);
    }
    expect(failures).toBeGreaterThan(SLOW_AFTER);
    const refused = await throttle.begin('10.2.0.1', 'victim@example.test');
    expect(refused).toMatchObject({ allowed: false, reason: 'reset' });
    await throttle.accountReset('Victim@Example.test');
    expect((await throttle.begin('10.2.0.1', 'victim@example.test')).allowed).toBe(true);
  });

  it('words the wait in the singular for one second', () => {
    expect(throttleMessage('slowed', 1).message).toBe('Too many failed sign-in attempts. Wait 1 second and try again.');
    expect(throttleMessage('slowed', 4).message).toBe(
      'Too many failed sign-in attempts. Wait 4 seconds and try again.',
    );
    expect(throttleMessage('locked', 60).message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
