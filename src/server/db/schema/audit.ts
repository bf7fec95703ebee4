import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_TARGET_TYPES } from '#shared/schemas/audit';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The audit log of admin actions (issue 30, ADR 0059). Append-only: a trigger in migration 0033
 * refuses any UPDATE, DELETE or TRUNCATE, except the one change account deletion needs: setting
 * `actor_email` and `actor_name` to NULL and nothing else (anonymiseAuditActor). `actor_id` has no
 * foreign key on purpose: the log outlives whatever happens to the users table.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: text('actor_id').notNull(),
    /** The admin's email and name as they were when they acted; NULL once their account is deleted. */
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id'),
    note: text('note'),
    /** The route as registered, 'PUT /api/user/:email': never the URL, which may hold an email. */
    route: text('route').notNull(),
    requestId: text('request_id').notNull(),
  },
  (t) => [
    check('audit_log_target_type_valid', sql`${t.targetType} in (${inList(AUDIT_TARGET_TYPES)})`),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_actor_email_idx').on(sql`lower(${t.actorEmail})`),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
