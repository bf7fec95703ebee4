/**
 * Password sign-in helpers of the auth API tests: users made the way the demo data makes
 * them (verified, with a credential account) and a fresh client address per attempt, so
 * the per-address throttle only counts what a test means it to.
 */
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { insertUser } from './factories';

export const DEMO_PASSWORD = 'stayhub-demo-2026';

let ipCounter = 10;
/** Another client IP address at every call. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A user as the demo data makes them: verified, scrypt hash from better-auth/crypto. */
export async function insertPasswordUser(db: Db, email: string, password = DEMO_PASSWORD) {
  const user = await insertUser(db, { email, emailVerified: true });
  await db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await hashPassword(password),
  });
  return user;
}
