/**
 * Sign-in throttling, per client IP and per account (the lower-cased email,
 * whether or not such an account exists, so unknown emails behave exactly
 * like wrong passwords).
 *
 * Policy (same for both keys):
 * - failures 1..4: no delay;
 * - from the 5th failure on, the next attempt must wait 2^(failures-4) seconds
 *   (2 s, 4 s, 8 s ... capped at 60 s) after the last failure, else 429;
 * - the 20th failure locks the key for 15 minutes (429 until then);
 * - counters are forgotten 15 minutes after the last failure; a successful
 *   sign-in clears the account counter (not the IP counter, so one attacker
 *   account cannot reset the IP's count).
 *
 * An attempt is counted as a failure when it starts (so parallel attempts
 * cannot all slip through before their failures are recorded) and un-counted
 * when it succeeds.
 *
 * Storage: `memoryThrottleStore()` keeps counters in this process. Several app
 * processes behind a load balancer each keep their own counters; to share
 * them, pass a store backed by the database or Redis as
 * `AppDeps.loginThrottleStore` (the interface is below).
 */
export interface ThrottleState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export interface LoginThrottleStore {
  /** Atomically reads, changes and writes the state of one key (null = no state). */
  update(key: string, change: (state: ThrottleState | null) => ThrottleState | null): Promise<ThrottleState | null>;
}

export const SLOW_AFTER = 5;
export const LOCK_AFTER = 20;
export const LOCK_MS = 15 * 60_000;
const FORGET_MS = 15 * 60_000;
const MAX_DELAY_MS = 60_000;

export function delayAfter(failures: number): number {
  if (failures < SLOW_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, 2 ** (failures - SLOW_AFTER + 1) * 1000);
}

export function memoryThrottleStore(maxEntries = 100_000): LoginThrottleStore {
  const map = new Map<string, ThrottleState>();
  return {
    async update(key, change) {
      const next = change(map.get(key) ?? null);
      if (next) {
        map.delete(key);
        map.set(key, next);
        // Oldest entries go first when the map is full.
        if (map.size > maxEntries) map.delete(map.keys().next().value!);
      } else {
        map.delete(key);
      }
      return next;
    },
  };
}

export type ThrottleDecision =
  { allowed: true; keys: string[] } | { allowed: false; reason: 'slowed' | 'locked'; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Checks every key; when all allow, counts the attempt as a failure on each. */
  begin(ip: string, email: string): Promise<ThrottleDecision>;
  /** The attempt succeeded: clears the account and takes the attempt back from the IP. */
  succeeded(ip: string, email: string): Promise<void>;
}

export function loginThrottle(store: LoginThrottleStore, now: () => number): LoginThrottle {
  const keysFor = (ip: string, email: string) => [`ip:${ip}`, `account:${email.trim().toLowerCase()}`];
  const live = (s: ThrottleState | null, t: number): ThrottleState | null =>
    s && (s.lockedUntil > t || t - s.lastFailureAt < FORGET_MS) ? s : null;

  return {
    async begin(ip, email) {
      const t = now();
      const keys = keysFor(ip, email);
      let blocked: { reason: 'slowed' | 'locked'; retryAfterSeconds: number } | null = null;
      for (const key of keys) {
        const s = await store.update(key, (raw) => live(raw, t));
        if (!s) continue;
        const locked = s.lockedUntil > t;
        const readyAt = locked ? s.lockedUntil : s.lastFailureAt + delayAfter(s.failures);
        if (readyAt <= t) continue;
        const wait = Math.ceil((readyAt - t) / 1000);
        if (!blocked || (locked && blocked.reason === 'slowed') || wait > blocked.retryAfterSeconds) {
          blocked = { reason: locked ? 'locked' : 'slowed', retryAfterSeconds: wait };
        }
      }
      if (blocked) return { allowed: false, ...blocked };
      for (const key of keys) {
        await store.update(key, (raw) => {
          const s = live(raw, t) ?? { failures: 0, lastFailureAt: t, lockedUntil: 0 };
          const failures = s.failures + 1;
          return { failures, lastFailureAt: t, lockedUntil: failures >= LOCK_AFTER ? t + LOCK_MS : 0 };
        });
      }
      return { allowed: true, keys };
    },
    async succeeded(ip, email) {
      const [ipKey, accountKey] = keysFor(ip, email) as [string, string];
      await store.update(accountKey, () => null);
      await store.update(ipKey, (s) =>
        s && s.failures > 1
          ? { ...s, failures: s.failures - 1, lockedUntil: s.failures - 1 >= LOCK_AFTER ? s.lockedUntil : 0 }
          : null,
      );
    },
  };
}
