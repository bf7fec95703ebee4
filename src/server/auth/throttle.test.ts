import { describe, expect, it } from 'vitest';
import {
  ALERT_EVERY_MS,
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
  const attacked: string[] = [];
  const throttle = loginThrottle(memoryThrottleStore(), () => now, {
    onAttack: async (email) => {
      attacked.push(email);
    },
  });
  return { throttle, attacked, advance: (ms: number) => (now += ms) };
}

/** Failures of `email` from `source()` until `count` are recorded, waiting out each delay. */
async function failUntil(
  t: ReturnType<typeof throttleAt>,
  email: string,
  count: number,
  source: (i: number) => { ip: string; device?: string },
) {
  for (let failures = 0; failures < count;) {
    const d = await t.throttle.begin(source(failures), email);
    if (d.allowed) failures++;
    else t.advance(d.retryAfterSeconds * 1000);
  }
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
      expect((await throttle.begin({ ip: '10.0.0.1' }, `other-${i}@example.test`)).allowed).toBe(true);
    }
    const decision = await throttle.begin({ ip: '10.0.0.1' }, 'owner@example.test');
    expect(decision.allowed).toBe(true);
    await throttle.succeeded({ ip: '10.0.0.1' }, 'owner@example.test');
    expect((await throttle.begin({ ip: '10.0.0.1' }, 'second@example.test')).allowed).toBe(true);
  });

  it('locks an address for 15 minutes after 200 failures on any accounts', async () => {
    const { throttle, advance } = throttleAt();
    let failures = 0;
    while (failures < ADDRESS_LOCK_AFTER) {
      const d = await throttle.begin({ ip: '10.0.0.2' }, `spray-${failures}@example.test`);
      if (d.allowed) failures++;
      else advance(d.retryAfterSeconds * 1000);
    }
    const locked = await throttle.begin({ ip: '10.0.0.2' }, 'anyone@example.test');
    expect(locked).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: LOCK_MS / 1000 });
    expect(throttleMessage('locked', LOCK_MS / 1000).message).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect((await throttle.begin({ ip: '10.0.0.3' }, 'anyone@example.test')).allowed).toBe(true);
    advance(LOCK_MS);
    expect((await throttle.begin({ ip: '10.0.0.2' }, 'anyone@example.test')).allowed).toBe(true);
  });

  it('asks unknown devices for a password reset after 20 failures of one account from anywhere; the reset clears it', async () => {
    const t = throttleAt();
    // Spread over addresses nobody waits: each address has its own delay.
    for (let i = 0; i < RESET_AFTER; i++) {
      expect((await t.throttle.begin({ ip: `10.1.0.${i}` }, 'victim@example.test')).allowed).toBe(true);
    }
    const refused = await t.throttle.begin({ ip: '10.2.0.1' }, 'victim@example.test');
    expect(refused).toMatchObject({ allowed: false, reason: 'reset' });
    await t.throttle.accountReset('Victim@Example.test');
    expect((await t.throttle.begin({ ip: '10.2.0.1' }, 'victim@example.test')).allowed).toBe(true);
  });

  it('slows an account down per address: another address is not held back by it', async () => {
    const t = throttleAt();
    await failUntil(t, 'owner@example.test', SLOW_AFTER, () => ({ ip: '10.3.0.1' }));
    expect(await t.throttle.begin({ ip: '10.3.0.1' }, 'owner@example.test')).toMatchObject({
      allowed: false,
      reason: 'slowed',
      retryAfterSeconds: 2,
    });
    expect((await t.throttle.begin({ ip: '10.3.0.2' }, 'owner@example.test')).allowed).toBe(true);
  });

  it("lets a known device past the account's delay and reset requirement; it is slowed by its own failures only", async () => {
    const t = throttleAt();
    await failUntil(t, 'owner@example.test', RESET_AFTER, () => ({ ip: '10.4.0.1' }));
    expect(await t.throttle.begin({ ip: '10.4.0.2' }, 'owner@example.test')).toMatchObject({ reason: 'reset' });
    // The owner's browser, behind the attacker's very address even, goes through ...
    const known = { ip: '10.4.0.1', device: 'owner-laptop' };
    expect((await t.throttle.begin(known, 'owner@example.test')).allowed).toBe(true);
    await t.throttle.succeeded(known, 'owner@example.test');
    // ... and its success does not hand unknown devices a fresh budget.
    expect(await t.throttle.begin({ ip: '10.4.0.3' }, 'owner@example.test')).toMatchObject({ reason: 'reset' });
    // Its own typos slow it down like any source.
    await failUntil(t, 'owner@example.test', SLOW_AFTER, () => known);
    expect(await t.throttle.begin(known, 'owner@example.test')).toMatchObject({ reason: 'slowed' });
    expect((await t.throttle.begin({ ip: '10.4.0.1', device: 'owner-phone' }, 'owner@example.test')).allowed).toBe(
      true,
    );
  });

  it('reports an attack once a day, when an account crosses the reset threshold', async () => {
    const t = throttleAt();
    await failUntil(t, 'Owner@Example.test', RESET_AFTER - 1, (i) => ({ ip: `10.5.0.${i}` }));
    expect(t.attacked).toEqual([]);
    await failUntil(t, 'owner@example.test', 1, () => ({ ip: '10.5.1.1' }));
    expect(t.attacked).toEqual(['owner@example.test']);
    // Reset, attacked again within the day: no second report; the next day: one more.
    await t.throttle.accountReset('owner@example.test');
    await failUntil(t, 'owner@example.test', RESET_AFTER, (i) => ({ ip: `10.5.2.${i}` }));
    expect(t.attacked).toHaveLength(1);
    t.advance(ALERT_EVERY_MS);
    await t.throttle.accountReset('owner@example.test');
    await failUntil(t, 'owner@example.test', RESET_AFTER, (i) => ({ ip: `10.5.3.${i}` }));
    expect(t.attacked).toEqual(['owner@example.test', 'owner@example.test']);
    // A known device's failures are the owner's own: never reported, never counted towards the reset.
    await failUntil(t, 'other@example.test', RESET_AFTER * 2, () => ({ ip: '10.5.4.1', device: 'own' }));
    expect(t.attacked).toHaveLength(2);
    expect((await t.throttle.begin({ ip: '10.5.4.2' }, 'other@example.test')).allowed).toBe(true);
  });

  it('words the wait in the singular for one second', () => {
    expect(throttleMessage('slowed', 1).message).toBe('Too many failed sign-in attempts. Wait 1 second and try again.');
    expect(throttleMessage('slowed', 4).message).toBe(
      'Too many failed sign-in attempts. Wait 4 seconds and try again.',
    );
    expect(throttleMessage('locked', 60).message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
