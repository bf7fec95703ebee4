import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

interface Log { info(msg: string): void }

/**
 * Admins never come from the API. They come from ADMIN_EMAILS (applied when a
 * listed address is verified: at sign-up through Google, on email
 * verification, and at start-up for existing verified users) or from
 * `npm run make-admin -- <email>`. A role change revokes the user's sessions.
 */
export async function promoteToAdmin(db: Db, email: string, log?: Log, opts: { requireVerified?: boolean } = {}) {
  const requireVerified = opts.requireVerified ?? true;
  const rows = await db.update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(
      eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
      or(isNull(users.role), ne(users.role, 'admin')),
      requireVerified ? eq(users.emailVerified, true) : undefined,
    ))
    .returning({ id: users.id, email: users.email });
  for (const row of rows) {
    await db.delete(sessions).where(eq(sessions.userId, row.id));
    log?.info(`${row.email} is now an admin (sessions revoked)`);
  }
  return rows;
}

/** Start-up: every verified user listed in ADMIN_EMAILS becomes admin. */
export async function applyAdminEmails(db: Db, emails: string[], log?: Log) {
  const promoted: string[] = [];
  for (const email of emails) {
    for (const row of await promoteToAdmin(db, email, log)) promoted.push(row.email);
  }
  return promoted;
}
