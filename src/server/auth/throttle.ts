/**
 * Sign-in throttling, per account (the lower-cased email, whether or not such
 * an account exists, so unknown emails behave exactly like wrong passwords),
 * per account and source, and per client address. See docs/security.md and ADR 0033.
 *
 * A source is the client address, or a known device: a browser carrying a signed
 * mark of this account from an earlier password sign-in (known-device.ts).
 *
 * Per account and source (one client guessing one password):
 * - failures 1..4: no delay;
 * - from the 5th failure on, the next attempt from that source must wait
 *   2^(failures-4) seconds (2 s, 4 s, 8 s ... capped at 60 s) after its last
 *   failure, else 429. Other sources are not held back by it, so an attacker
 *   cannot make the owner wait.
 *
 * Per account (guessing spread over many sources): the 20th failure from
 * unknown devices requires a password reset on unknown devices: sign-in with a
 * password answers 429 PASSWORD_RESET_REQUIRED until the password is reset
 * through the mailed link (`accountReset`) or a day passes. Known devices are
 * neither counted nor refused here, so the owner's own browser always gets in;
 * crossing the threshold mails the owner (`onAttack`, at most once a day).
 *
 * Per address (one client trying many accounts): its failures never block
 * anyone below ADDRESS_SLOW_AFTER (50), so people behind one NAT who mistype
 * do not block each other's correct sign-ins. Above it the address is clearly
 * attacking: the same progressive delay, then a 15-minute lock at
 * ADDRESS_LOCK_AFTER (200). It applies to known devices too.
 *
 * A success clears its source's count and takes its attempt back from the
 * address and the account (it clears neither: one correct password must not
 * hand an attacker a fresh budget). Counters are forgotten 15 minutes after the
 * last failure.
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
export type { LoginThrottleStore };

/** Account and source: failures before the progressive delay starts. */
export const SLOW_AFTER = 5;
/** Account: failures from unknown devices after which only a password reset (or a day) lets them sign in with a password. */
export const RESET_AFTER = 20;
export const RESET_FORGET_MS = 24 * 60 * 60_000;
/** The owner is mailed about an attack at most this often. */
export const ALERT_EVERY_MS = 24 * 60 * 60_000;
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
const SOURCE: Policy = { slowAfter: SLOW_AFTER, lockAfter: Infinity, lockMs: 0, lockReason: 'locked' };
const ACCOUNT: Policy = { slowAfter: Infinity, lockAfter: RESET_AFTER, lockMs: RESET_FORGET_MS, lockReason: 'reset' };
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
type ThrottleDecision =
  { allowed: true; keys: string[] } | { allowed: false; reason: ThrottleReason; retryAfterSeconds: number };

/** Who is signing in: the client address, and the known device (its id) when the browser carries this account's mark. */
interface SignInSource {
  ip: string;
  device?: string | null;
}

export interface LoginThrottle {
  /** Checks every key; when all allow, counts the attempt as a failure on each. */
  begin(source: SignInSource, email: string): Promise<ThrottleDecision>;
  /** The attempt succeeded: clears its source and takes the attempt back from the address and the account. */
  succeeded(source: SignInSource, email: string): Promise<void>;
  /** The account's password was reset through the mailed link: its failures are forgotten. */
  accountReset(email: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Called once a day at most while an account crosses RESET_AFTER (the owner is mailed; unknown emails are ignored there). */
  onAttack?: (email: string) => Promise<void>;
}

/** Which refusal wins when several keys refuse: a reset beats a lock beats a delay, then the longer wait. */
const SEVERITY: Record<ThrottleReason, number> = { slowed: 0, locked: 1, reset: 2 };

const normalized = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `account:${normalized(email)}`;
/** A known device is its own source; without one the address is. */
const sourceKey = ({ ip, device }: SignInSource, email: string) =>
  device ? `device:${normalized(email)}:${device}` : `account-ip:${normalized(email)}|${ip}`;

/** The keys an attempt is checked and counted on: a known device skips the account's reset requirement. */
function keysFor(source: SignInSource, email: string): [string, Policy][] {
  const keys: [string, Policy][] = [
    [`ip:${source.ip}`, ADDRESS],
    [sourceKey(source, email), SOURCE],
  ];
  if (!source.device) keys.push([accountKey(email), ACCOUNT]);
  return keys;
}

/** One fewer failure (a success takes its own attempt back, and a lock that attempt set); the count goes at zero. */
const takeBack =
  (policy: Policy) =>
  (s: ThrottleState | null): ThrottleState | null =>
    s && s.failures > 1
      ? { ...s, failures: s.failures - 1, lockedUntil: s.failures - 1 >= policy.lockAfter ? s.lockedUntil : 0 }
      : null;

export function loginThrottle(
  store: LoginThrottleStore,
  now: () => number,
  options: LoginThrottleOptions = {},
): LoginThrottle {
  const live = (s: ThrottleState | null, t: number): ThrottleState | null =>
    s && (s.lockedUntil > t || t - s.lastFailureAt < FORGET_MS) ? s : null;

  async function refusal(keys: [string, Policy][], t: number) {
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
    return blocked;
  }

  /** Mails the owner unless that was done in the last ALERT_EVERY_MS (on any process: the mark is in the store). */
  async function alert(email: string, t: number) {
    if (!options.onAttack) return;
    let first = false;
    await store.update(`alerted:${normalized(email)}`, (raw) => {
      first = !(raw && raw.lockedUntil > t);
      return first ? { failures: 1, lastFailureAt: t, lockedUntil: t + ALERT_EVERY_MS } : raw;
    });
    if (first) await options.onAttack(normalized(email));
  }

  return {
    async begin(source, email) {
      const t = now();
      const keys = keysFor(source, email);
      const blocked = await refusal(keys, t);
      if (blocked) return { allowed: false, ...blocked };
      let attacked = false;
      for (const [key, policy] of keys) {
        await store.update(key, (raw) => {
          const s = live(raw, t) ?? { failures: 0, lastFailureAt: t, lockedUntil: 0 };
          const failures = s.failures + 1;
          if (policy === ACCOUNT) attacked = failures >= policy.lockAfter;
          return { failures, lastFailureAt: t, lockedUntil: failures >= policy.lockAfter ? t + policy.lockMs : 0 };
        });
      }
      if (attacked) await alert(email, t);
      return { allowed: true, keys: keys.map(([key]) => key) };
    },
    async succeeded(source, email) {
      await store.update(sourceKey(source, email), () => null);
      await store.update(`ip:${source.ip}`, takeBack(ADDRESS));
      if (!source.device) await store.update(accountKey(email), takeBack(ACCOUNT));
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
