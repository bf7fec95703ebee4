/**
 * Reading the audit log (GET /api/admin/audit) and the one change account deletion may make to it
 * (ADR 0059): erasing a deleted admin's email and name, which the database trigger allows alone.
 */
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '#shared/schemas/audit';
import type { Db } from '#server/db/client';
import { auditLog, type AuditLogRow } from '#server/db/schema';
import { invalid } from '#server/domain-errors';
import { instantOf } from '../ledger/ledger-queries';

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    note: row.note,
    route: row.route,
    requestId: row.requestId,
  };
}

/** One page of the log, newest first (insertion order: the id), filtered as asked. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.actor) {
    where.push(or(sql`lower(${auditLog.actorEmail}) = lower(${query.actor})`, eq(auditLog.actorId, query.actor))!);
  }
  if (query.action) {
    // 'host.' is the family of host actions; anything else is one action.
    where.push(
      query.action.endsWith('.') ? like(auditLog.action, likePrefix(query.action)) : eq(auditLog.action, query.action),
    );
  }
  const from = query.from ? instantOf(query.from) : null;
  const to = query.to ? instantOf(query.to) : null;
  if (from && to && to <= from) throw invalid('`to` must be after `from`', 'invalid_period');
  if (from) where.push(gte(auditLog.at, from));
  if (to) where.push(lt(auditLog.at, to));
  if (query.cursor !== undefined) where.push(lt(auditLog.id, Number(query.cursor)));

  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * For account deletion (issue 30): erases the admin's email and name from every row they wrote; the
 * rows stay, under their user id. The only UPDATE the audit log's trigger lets through.
 */
export async function anonymiseAuditActor(db: Db, userId: string): Promise<number> {
  const changed = await db
    .update(auditLog)
    .set({ actorEmail: null, actorName: null })
    .where(eq(auditLog.actorId, userId))
    .returning({ id: auditLog.id });
  return changed.length;
}
