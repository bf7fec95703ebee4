import { eq, sql } from 'drizzle-orm';
import type { ServiceLog } from '../app-context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { MailProvider } from '../providers/mail/mail';
import { signInAttackMail } from './mails';

/**
 * The throttle's `onAttack`: mails the owner of an account that many wrong passwords hit
 * (through the mail queue, off the request path). An email without an account gets nothing.
 * A failure is logged, never turned into a failed sign-in.
 */
export function signInAttackAlert(deps: { db: Db; mail: MailProvider; publicUrl: string; log: ServiceLog }) {
  return async (email: string): Promise<void> => {
    try {
      const [user] = await deps.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      if (user) await deps.mail.send(signInAttackMail(user.email, `${deps.publicUrl}/login`));
    } catch (err) {
      deps.log.error({ err }, 'sign-in attack alert could not be sent');
    }
  };
}
