import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, sessions, users } from '../db/schema';

interface Log {
  info(msg: string): void;
}

/**
 * Admins never come from the API. They come from ADMIN_EMAILS (applied when a
 * listed address is verified: at sign-up through Google, on email
 * verification, and at start-up for existing verified users) or from
 * `npm run make-admin -- <email>`. A role change revokes the user's sessions.
 *
 * `dropPassword` (email verification): the password was chosen by whoever
 * signed the address up, who need not own the mailbox, so the promoted
 * account's password credential is deleted too; the mailbox's owner sets one
 * with Forgot password (Better Auth's reset creates the credential).
 */
export async function promoteToAdmin(
  db: Db,
  email: string,
  log?: Log,
  opts: { requireVerified?: boolean; dropPassword?: boolean } = {},
) {
  const requireVerified = opts.requireVerified ?? true;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(
        and(
          eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
          or(isNull(users.role), ne(users.role, 'admin')),
          requireVerified ? eq(users.emailVerified, true) : undefined,
        ),
      )
      .returning({ id: users.id, email: users.email });
    for (const row of rows) {
      const dropped = opts.dropPassword
        ? (
            await tx
              .delete(accounts)
              .where(and(eq(accounts.userId, row.id), eq(accounts.providerId, 'credential')))
              .returning({ id: accounts.id })
          ).length > 0
        : false;
      await tx.delete(sessions).where(eq(sessions.userId, row.id));
      log?.info(
        `${row.email} is now an admin (sessions revoked${dropped ? ', password removed: set a new one with Forgot password' : ''})`,
      );
    }
    return rows;
  });
}

/** Start-up: every verified user listed in ADMIN_EMAILS becomes admin. */
export async function applyAdminEmails(db: Db, emails: string[], log?: Log) {
  const promoted: string[] = [];
  for (const email of emails) {
    for (const row of await promoteToAdmin(db, email, log)) promoted.push(row.email);
  }
  return promoted;
}
