/**
 * Sign-in throttling, per account (the lower-cased email, whether or not such
 * an account exists, so unknown emails behave exactly like wrong passwords)
 * and per client address. See docs/security.md for why it is built this way.
 *
 * Per account (guessing one password):
 * - failures 1..4: no delay;
 * - from the 5th failure on, the next attempt must wait 2^(failures-4) seconds
 *   (2 s, 4 s, 8 s ... capped at 60 s) after the last failure, else 429;
 * - the 20th failure requires a password reset: sign-in with a password
 *   answers 429 PASSWORD_RESET_REQUIRED until the password is reset through the
 *   mailed link (`accountReset`) or a day passes without attempts. The rightful
 *   owner is never locked out for a fixed time: a reset mail lets them in at once.
 * - a successful sign-in clears the account's count.
 *
 * Per address (one client trying many accounts): its failures never block
 * anyone below ADDRESS_SLOW_AFTER (50), so people behind one NAT who mistype
 * do not block each other's correct sign-ins. Above it the address is clearly
 * attacking: the same progressive delay, then a 15-minute lock at
 * ADDRESS_LOCK_AFTER (200). A success takes its attempt back from the address
 * but does not clear it (one attacker account cannot reset the address's count).
 * Counters are forgotten 15 minutes after the last failure.
 *
 * An attempt is counted as a failure when it starts (so parallel attempts
 * cannot all slip through before their failures are recorded) and un-counted
 * when it succeeds.
 *
 * Storage: `memoryThrottleStore()` keeps counters in this process. Several app
 * processes behind a load balancer each keep their own counters; to share
 * them, pass a store backed by the database or Redis as
 * `AppDeps.loginThrottleStore` (the interface is in app-context.ts).
 */
import type { LoginThrottleStore, ThrottleState } from '#server/app-context';
export type { LoginThrottleStore, ThrottleState };

/** Account: failures before the progressive delay starts. */
export const SLOW_AFTER = 5;
/** Account: failures after which only a password reset (or a day without attempts) lets a password sign-in through. */
export const RESET_AFTER = 20;
export const RESET_FORGET_MS = 24 * 60 * 60_000;
/** Address: failures (on any accounts) before the address is slowed down. */
export const ADDRESS_SLOW_AFTER = 50;
/** Address: failures after which the address is locked for LOCK_MS. */
export const ADDRESS_LOCK_AFTER = 200;
export const LOCK_MS = 15 * 60_000;
const FORGET_MS = 15 * 60_000;
const MAX_DELAY_MS = 60_000;

interface Policy {
  slowAfter: number;
  lockAfter: number;
  lockMs: number;
  lockReason: 'locked' | 'reset';
}
const ACCOUNT: Policy = { slowAfter: SLOW_AFTER, lockAfter: RESET_AFTER, lockMs: RESET_FORGET_MS, lockReason: 'reset' };
const ADDRESS: Policy = {
  slowAfter: ADDRESS_SLOW_AFTER,
  lockAfter: ADDRESS_LOCK_AFTER,
  lockMs: LOCK_MS,
  lockReason: 'locked',
};

/** The wait after `failures` failures: 0 below `slowAfter`, then 2 s, 4 s, 8 s ... at most 60 s. */
export function delayAfter(failures: number, slowAfter = SLOW_AFTER): number {
  if (failures < slowAfter) return 0;
  return Math.min(MAX_DELAY_MS, 2 ** Math.min(failures - slowAfter + 1, 16) * 1000);
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

export type ThrottleReason = 'slowed' | 'locked' | 'reset';
export type ThrottleDecision =
  { allowed: true; keys: string[] } | { allowed: false; reason: ThrottleReason; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Checks every key; when all allow, counts the attempt as a failure on each. */
  begin(ip: string, email: string): Promise<ThrottleDecision>;
  /** The attempt succeeded: clears the account and takes the attempt back from the address. */
  succeeded(ip: string, email: string): Promise<void>;
  /** The account's password was reset through the mailed link: its failures are forgotten. */
  accountReset(email: string): Promise<void>;
}

/** Which refusal wins when several keys refuse: a reset beats a lock beats a delay, then the longer wait. */
const SEVERITY: Record<ThrottleReason, number> = { slowed: 0, locked: 1, reset: 2 };

export function loginThrottle(store: LoginThrottleStore, now: () => number): LoginThrottle {
  const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
  const keysFor = (ip: string, email: string): [string, Policy][] => [
    [`ip:${ip}`, ADDRESS],
    [accountKey(email), ACCOUNT],
  ];
  const live = (s: ThrottleState | null, t: number): ThrottleState | null =>
    s && (s.lockedUntil > t || t - s.lastFailureAt < FORGET_MS) ? s : null;

  return {
    async begin(ip, email) {
      const t = now();
      const keys = keysFor(ip, email);
      let blocked: { reason: ThrottleReason; retryAfterSeconds: number } | null = null;
      for (const [key, policy] of keys) {
        const s = await store.update(key, (raw) => live(raw, t));
        if (!s) continue;
        const locked = s.lockedUntil > t;
        const readyAt = locked ? s.lockedUntil : s.lastFailureAt + delayAfter(s.failures, policy.slowAfter);
        if (readyAt <= t) continue;
        const reason: ThrottleReason = locked ? policy.lockReason : 'slowed';
        const wait = Math.ceil((readyAt - t) / 1000);
        if (
          !blocked ||
          SEVERITY[reason] > SEVERITY[blocked.reason] ||
          (SEVERITY[reason] === SEVERITY[blocked.reason] && wait > blocked.retryAfterSeconds)
        ) {
          blocked = { reason, retryAfterSeconds: wait };
        }
      }
      if (blocked) return { allowed: false, ...blocked };
      for (const [key, policy] of keys) {
        await store.update(key, (raw) => {
          const s = live(raw, t) ?? { failures: 0, lastFailureAt: t, lockedUntil: 0 };
          const failures = s.failures + 1;
          return { failures, lastFailureAt: t, lockedUntil: failures >= policy.lockAfter ? t + policy.lockMs : 0 };
        });
      }
      return { allowed: true, keys: keys.map(([key]) => key) };
    },
    async succeeded(ip, email) {
      await store.update(accountKey(email), () => null);
      await store.update(`ip:${ip}`, (s) =>
        s && s.failures > 1
          ? { ...s, failures: s.failures - 1, lockedUntil: s.failures - 1 >= ADDRESS.lockAfter ? s.lockedUntil : 0 }
          : null,
      );
    },
    async accountReset(email) {
      await store.update(accountKey(email), () => null);
    },
  };
}

/** The 429 answer's code and message (Better Auth's `{ code, message }` shape, which the sign-in form shows). */
export function throttleMessage(reason: ThrottleReason, retryAfterSeconds: number): { code: string; message: string } {
  if (reason === 'reset') {
    return {
      code: 'PASSWORD_RESET_REQUIRED',
      message:
        'Too many failed sign-in attempts on this account. Reset your password with "Forgot Password" to sign in.',
    };
  }
  if (reason === 'locked') {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      code: 'TOO_MANY_ATTEMPTS_LOCKED',
      message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    };
  }
  return {
    code: 'TOO_MANY_ATTEMPTS',
    message: `Too many failed sign-in attempts. Wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
  };
}
