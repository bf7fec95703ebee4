/**
 * `npm run make-admin -- <email>`: makes an existing user an admin (the only
 * way besides ADMIN_EMAILS; the API never grants admin). Uses the same
 * environment as the server (DATABASE_URL or the embedded database in
 * DATA_DIR). The user's sessions are revoked, so they sign in again as admin.
 * Does not require a verified email: the operator vouches for the address.
 */
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { promoteToAdmin } from '../auth/admins';
import { openPglite, openPostgres } from '../db/client';
import { users } from '../db/schema';
import { EnvError, loadEnv } from '../env';

async function main(argv: string[]): Promise<number> {
  const email = argv
    .find((a) => !a.startsWith('-'))
    ?.trim()
    .toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, 1)
    : await openPglite(resolve(env.DATA_DIR, 'pglite'));
  try {
    await database.migrate();
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) {
      console.error(`No user with the email ${email}. They must register first.`);
      return 1;
    }
    if (user.role === 'admin') {
      console.log(`${user.email} is already an admin. Nothing changed.`);
      return 0;
    }
    await promoteToAdmin(database.db, user.email, undefined, { requireVerified: false });
    console.log(
      `${user.email} is now an admin (role was ${user.role ?? 'none'}). Their sessions were revoked: they sign in again.`,
    );
    if (!user.emailVerified) console.log('Note: this email address is not verified yet.');
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
