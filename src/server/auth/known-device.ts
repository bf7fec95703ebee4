/**
 * Known devices (ADR 0033): a browser that signed in to an account with its password keeps a
 * signed mark of that account in an httpOnly cookie, so the sign-in throttle can tell the
 * owner's own browser from an attacker's and never lock the owner out of it.
 *
 * A mark is `<user id>.<issued ms>.<nonce>.<HMAC-SHA256 base64url>`, signed with AUTH_SECRET over
 * those fields and a digest of the account's current password hash: it names one account, it
 * cannot be forged or moved to another account, and a password change (a reset) voids every
 * mark of the account at once. The cookie holds the marks of up to MAX_MARKS accounts (people
 * with a guest and a host account on one computer), is sent only to sign-in paths and lives a
 * year; each password sign-in renews it. Signing out keeps it: it names a device, not a session.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';

const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_MARKS = 5;
const COOKIE_PATH = '/api/auth/sign-in';
/** A mark from a clock a little ahead is still accepted. */
const CLOCK_SKEW_MS = 5 * 60_000;
const MARK = /^([0-9A-Za-z-]{1,64})\.(\d{1,15})\.([\w-]{12})\.([\w-]{43})$/;

export interface KnownDevices {
  /** The cookie's name (with the `__Secure-` prefix when cookies are secure). */
  readonly cookieName: string;
  /** The device id of a valid mark of `email`'s account among the request's cookies, or null. */
  deviceFor(cookieHeader: string | undefined, email: string): Promise<string | null>;
  /** The Set-Cookie value that remembers this device for `email`'s account (others' marks kept), or null without a password. */
  remember(cookieHeader: string | undefined, email: string): Promise<string | null>;
}

export interface KnownDevicesDeps {
  db: Db;
  secret: string;
  secure: boolean;
  now: () => number;
}

/** The account of an email with its password hash (credential account), or null. */
async function passwordAccount(db: Db, email: string): Promise<{ userId: string; passwordHash: string } | null> {
  const [row] = await db
    .select({ userId: users.id, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.passwordHash ? { userId: row.userId, passwordHash: row.passwordHash } : null;
}

/** The raw marks of the cookie `name` in a Cookie header (well-formed ones only). */
function marksIn(cookieHeader: string | undefined, name: string): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    return part
      .slice(at + 1)
      .trim()
      .split('~')
      .filter((mark) => MARK.test(mark))
      .slice(0, MAX_MARKS);
  }
  return [];
}

export function knownDevices({ db, secret, secure, now }: KnownDevicesDeps): KnownDevices {
  const cookieName = `${secure ? '__Secure-' : ''}stayhub.known_device`;
  const signature = (userId: string, issuedAt: string, nonce: string, passwordHash: string) => {
    const passwordDigest = createHash('sha256').update(passwordHash).digest('base64url');
    return createHmac('sha256', secret)
      .update(`stayhub-known-device:v1\n${userId}\n${issuedAt}\n${nonce}\n${passwordDigest}`)
      .digest('base64url');
  };

  return {
    cookieName,
    async deviceFor(cookieHeader, email) {
      const marks = marksIn(cookieHeader, cookieName);
      if (!marks.length) return null;
      const account = await passwordAccount(db, email);
      if (!account) return null;
      const t = now();
      for (const mark of marks) {
        const [, userId, issuedAt, nonce, sig] = MARK.exec(mark)!;
        const age = t - Number(issuedAt);
        if (userId !== account.userId || age > KNOWN_DEVICE_MAX_AGE_SECONDS * 1000 || age < -CLOCK_SKEW_MS) continue;
        const expected = Buffer.from(signature(userId, issuedAt!, nonce!, account.passwordHash));
        if (timingSafeEqual(expected, Buffer.from(sig!))) return nonce!;
      }
      return null;
    },
    async remember(cookieHeader, email) {
      const account = await passwordAccount(db, email);
      if (!account) return null;
      const issuedAt = String(now());
      const nonce = randomBytes(9).toString('base64url');
      const mark = `${account.userId}.${issuedAt}.${nonce}.${signature(account.userId, issuedAt, nonce, account.passwordHash)}`;
      // This account's older marks go; other accounts' stay (unchecked: a bad one is only ever ignored).
      const others = marksIn(cookieHeader, cookieName).filter((m) => !m.startsWith(`${account.userId}.`));
      const value = [mark, ...others].slice(0, MAX_MARKS).join('~');
      const attributes = [
        `Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`,
        `Path=${COOKIE_PATH}`,
        'HttpOnly',
        'SameSite=Strict',
      ];
      if (secure) attributes.push('Secure');
      return [`${cookieName}=${value}`, ...attributes].join('; ');
    },
  };
}
