import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '#shared/schemas/users';
import { ROLES, type Role } from '#shared/schemas/users';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  const role = (ROLES as readonly string[]).includes(row.role ?? '') ? (row.role as Role) : null;
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role,
    location: row.location,
    docImage: row.docImage,
    image: row.image,
    emailVerified: row.emailVerified,
    suspended: row.suspendedAt !== null,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Every user, host requests first, then by sign-up time. */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .orderBy(sql`(${users.role} = 'requested') desc nulls last`, asc(users.createdAt), asc(users.id));
}

/** none -> requested, only if the user still has no role. Returns false when the role changed meanwhile. */
export async function requestHost(db: Db, userId: string, location: string, docImage: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'requested', location, docImage, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.role)))
    .returning({ id: users.id });
  return rows.length === 1;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * requested -> host (approve) or requested -> none (decline), only if the user is still requested; then
 * `andThen` in the same transaction (the decision's mail, ADR 0046: it commits or rolls back with it).
 * False when the role changed meanwhile (nothing else is done).
 */
export async function decideHostRequest(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  role: 'host' | null,
  andThen: (tx: Tx) => Promise<void> = async () => {},
): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // The decision starts the document's retention period (features/account-data/document-retention.ts).
    const rows = await tx
      .update(users)
      .set({ role, updatedAt: now, hostRequestDecidedAt: now })
      .where(and(eq(users.id, userId), eq(users.role, 'requested')))
      .returning({ id: users.id });
    if (rows.length !== 1) return false;
    await andThen(tx);
    return true;
  });
}
